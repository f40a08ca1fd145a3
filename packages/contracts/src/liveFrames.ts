/**
 * The live messages and frames (see live.ts for the protocol, docs/LIVE.md for every action and payload). Plain
 * types and a few small functions, free of zod, so the web app's first load does not carry a schema library (the
 * payload types are imported as types only).
 */
import type { DealLivePayload } from './deals.ts';
import type { AutobidMaxedOutPayload, BriefcaseStatusPayload, LotLivePayload } from './lots.ts';
import type { MonitoringLivePayload } from './monitoring.ts';
import type { QuestionsLivePayload } from './questions.ts';
import type { StatsLivePayload } from './statistics.ts';

export const LIVE_CHANNELS = [
  'LotsStream',
  'UsersStream',
  'BriefcaseStats',
  'BriefcaseStatus',
  'AdminUsersStream',
  /** A procedure's FAQ changed (decisions/0180): the Вопрос-ответ tab re-reads its page. */
  'BriefcaseQuestions',
  /**
   * The deals of won lots (decisions/0261): a channel without a procedure, open to every signed-in user; each
   * deal_update reaches the members of the deal's two companies and the administrators.
   */
  'DealsStream',
] as const;
export type LiveChannel = (typeof LIVE_CHANNELS)[number];

/** Channels subscribed without a procedure: one subscription hears the messages of every procedure. */
const CHANNELS_WITHOUT_BRIEFCASE: ReadonlySet<LiveChannel> = new Set(['AdminUsersStream', 'DealsStream']);

/**
 * The procedure of the subscription a message is delivered to: its own `briefcase_id`, or null on a channel
 * subscribed without one (a DealsStream message still names the deal's procedure).
 */
export const subscriptionBriefcaseId = (message: {
  channel: LiveChannel;
  briefcase_id: number | null;
}): number | null => (CHANNELS_WITHOUT_BRIEFCASE.has(message.channel) ? null : message.briefcase_id);

const LIVE_ACTIONS = [
  'lot_update',
  'briefcase_status_update',
  'briefcase_closed',
  'next_round',
  'autobid_maxed_out',
  'stats',
  'users',
  'questions',
  /** A deal of a won lot changed state (decisions/0261). */
  'deal_update',
] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/** The channel each action travels on. */
const LIVE_ACTION_CHANNEL = {
  lot_update: 'LotsStream',
  autobid_maxed_out: 'LotsStream',
  briefcase_status_update: 'BriefcaseStatus',
  briefcase_closed: 'BriefcaseStatus',
  next_round: 'BriefcaseStatus',
  stats: 'BriefcaseStats',
  users: 'UsersStream',
  questions: 'BriefcaseQuestions',
  deal_update: 'DealsStream',
} as const satisfies Record<LiveAction, LiveChannel>;

/** The payload of each action. */
interface LivePayloads {
  lot_update: LotLivePayload;
  autobid_maxed_out: AutobidMaxedOutPayload;
  briefcase_status_update: BriefcaseStatusPayload;
  briefcase_closed: BriefcaseStatusPayload;
  next_round: BriefcaseStatusPayload;
  stats: StatsLivePayload;
  users: MonitoringLivePayload;
  questions: QuestionsLivePayload;
  deal_update: DealLivePayload;
}

/** One live message of one action: its channel and payload follow from the action. */
export interface LiveMessageOf<A extends LiveAction> {
  channel: (typeof LIVE_ACTION_CHANNEL)[A];
  /**
   * The procedure the message is about (every action belongs to one, a deal_update too, although DealsStream is
   * subscribed without a procedure: subscriptionBriefcaseId).
   */
  briefcase_id: number;
  action: A;
  payload: LivePayloads[A];
  t: number;
}

/** Every live message the server sends: a union discriminated by `action`. */
export type LiveMessage = { [A in LiveAction]: LiveMessageOf<A> }[LiveAction];

type LiveMessageBuilders = {
  [A in LiveAction]: (briefcaseId: number, payload: LivePayloads[A], t: number) => LiveMessageOf<A>;
};

function builder<A extends LiveAction>(action: A) {
  return (briefcaseId: number, payload: LivePayloads[A], t: number): LiveMessageOf<A> => ({
    channel: LIVE_ACTION_CHANNEL[action],
    briefcase_id: briefcaseId,
    action,
    payload,
    t,
  });
}

/**
 * One typed constructor per action: `liveMessage.stats(id, payload, t)`. The channel comes from the action and a
 * payload of another shape does not compile.
 */
export const liveMessage: LiveMessageBuilders = {
  lot_update: builder('lot_update'),
  autobid_maxed_out: builder('autobid_maxed_out'),
  briefcase_status_update: builder('briefcase_status_update'),
  briefcase_closed: builder('briefcase_closed'),
  next_round: builder('next_round'),
  stats: builder('stats'),
  users: builder('users'),
  questions: builder('questions'),
  deal_update: builder('deal_update'),
};

const isAction = (value: unknown): value is LiveAction =>
  typeof value === 'string' && (LIVE_ACTIONS as readonly string[]).includes(value);

/**
 * Whether a message read from the wire is one this build knows: a known action on its own channel, a procedure id,
 * a time and an object payload. A client drops the others (a newer server's action, a damaged frame); the fields
 * inside a payload are the server's promise (the server builds each message with `liveMessage`).
 */
export function isKnownLiveMessage(value: unknown): value is LiveMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    isAction(m.action) &&
    m.channel === LIVE_ACTION_CHANNEL[m.action] &&
    typeof m.briefcase_id === 'number' &&
    typeof m.t === 'number' &&
    typeof m.payload === 'object' &&
    m.payload !== null
  );
}

/**
 * Several messages of one channel in one WebSocket frame. Under load the server delivers on a short tick: each
 * socket gets one frame per tick, a batch of the messages of that tick in the order they happened (the spec's
 * message shapes, unchanged, inside `messages`). When a node is overloaded, a batch carries only the newest update
 * of each lot (versions in between are skipped, never reordered). A single message is sent on its own, unwrapped.
 * `t` is the newest `t` inside.
 */
interface LiveBatch {
  channel: LiveChannel;
  briefcase_id: number | null;
  action: 'batch';
  t: number;
  messages: LiveMessage[];
}

/** One frame of updates from the server: a message or a batch of them. */
export type LiveFrame = LiveMessage | LiveBatch;

const isLiveBatch = (frame: { action?: unknown }): frame is LiveBatch => frame.action === 'batch';

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
