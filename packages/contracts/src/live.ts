/**
 * The live-update protocol over one WebSocket (/ws): the client subscribes to channels; the server pushes
 * messages {channel, briefcase_id, action, payload, t}. `t` is the server time in ms of the change, so a
 * client drops a message older than what it already shows.
 */
import { z } from 'zod';

export const LIVE_CHANNELS = [
  'LotsStream',
  'UsersStream',
  'BriefcaseStats',
  'BriefcaseStatus',
  'AdminUsersStream',
] as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[number];

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

export const LIVE_ACTIONS = [
  'lot_update',
  'briefcase_status_update',
  'briefcase_closed',
  'next_round',
  'autobid_maxed_out',
  'stats',
  'users',
] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

export interface LiveMessage<P = unknown> {
  channel: LiveChannel;
  briefcase_id: number | null;
  action: LiveAction;
  payload: P;
  t: number;
}

/** Replies of the server to commands (not updates). */
export type LiveReply =
  | { type: 'authenticated'; user_id: number }
  | { type: 'subscribed'; channel: LiveChannel; briefcase_id: number | null }
  | { type: 'unsubscribed'; channel: LiveChannel; briefcase_id: number | null }
  | { type: 'rejected'; channel: LiveChannel | null; briefcase_id: number | null; message: string }
  | { type: 'pong'; t: number };
