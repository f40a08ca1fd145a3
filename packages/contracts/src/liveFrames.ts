/**
 * The live messages and frames (see live.ts for the protocol). Plain types and two small functions, free of zod,
 * so the web app's first load does not carry a schema library.
 */

export const LIVE_CHANNELS = [
  'LotsStream',
  'UsersStream',
  'BriefcaseStats',
  'BriefcaseStatus',
  'AdminUsersStream',
  /** A procedure's FAQ changed (decisions/0180): the Вопрос-ответ tab re-reads its page. */
  'BriefcaseQuestions',
] as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[number];

export const LIVE_ACTIONS = [
  'lot_update',
  'briefcase_status_update',
  'briefcase_closed',
  'next_round',
  'autobid_maxed_out',
  'stats',
  'users',
  'questions',
] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

export interface LiveMessage<P = unknown> {
  channel: LiveChannel;
  briefcase_id: number | null;
  action: LiveAction;
  payload: P;
  t: number;
}

/**
 * Several messages of one channel in one WebSocket frame. Under load the server delivers on a short tick: each
 * socket gets one frame per tick, a batch of the messages of that tick in the order they happened (the spec's
 * message shapes, unchanged, inside `messages`). When a node is overloaded, a batch carries only the newest update
 * of each lot (versions in between are skipped, never reordered). A single message is sent on its own, unwrapped.
 * `t` is the newest `t` inside.
 */
export interface LiveBatch {
  channel: LiveChannel;
  briefcase_id: number | null;
  action: 'batch';
  t: number;
  messages: LiveMessage[];
}

/** One frame of updates from the server: a message or a batch of them. */
export type LiveFrame = LiveMessage | LiveBatch;

export const isLiveBatch = (frame: { action?: unknown }): frame is LiveBatch => frame.action === 'batch';

/** The messages of a frame, in order: a batch's contents, or the message itself. */
export function unpackLiveFrame(frame: LiveFrame): LiveMessage[] {
  return isLiveBatch(frame) ? frame.messages : [frame];
}

/** Replies of the server to commands (not updates). */
export type LiveReply =
  | { type: 'authenticated'; user_id: number }
  | { type: 'subscribed'; channel: LiveChannel; briefcase_id: number | null }
  | { type: 'unsubscribed'; channel: LiveChannel; briefcase_id: number | null }
  | { type: 'rejected'; channel: LiveChannel | null; briefcase_id: number | null; message: string }
  | { type: 'pong'; t: number };
