/**
 * The live-update protocol over one WebSocket (/ws): the client subscribes to channels; the server pushes
 * messages {channel, briefcase_id, action, payload, t}. `t` is the server time in ms of the change, so a
 * client drops a message older than what it already shows. The messages and frames are in liveFrames.ts, which
 * needs no zod: the browser reads frames with it and so ships no schema library.
 */
import { z } from 'zod';
import { LIVE_CHANNELS } from './liveFrames.ts';

export const liveCommandSchema = z.discriminatedUnion('command', [
  /** First message of a connection: the access token (browsers cannot set headers on a WebSocket). */
  z.object({ command: z.literal('authenticate'), token: z.string().min(1) }),
  z.object({
    command: z.literal('subscribe'),
    channel: z.enum(LIVE_CHANNELS),
    briefcase_id: z.number().int().optional(),
  }),
  z.object({
    command: z.literal('unsubscribe'),
    channel: z.enum(LIVE_CHANNELS),
    briefcase_id: z.number().int().optional(),
  }),
  z.object({ command: z.literal('ping') }),
]);
export type LiveCommand = z.infer<typeof liveCommandSchema>;
