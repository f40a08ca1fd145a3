/**
 * The node's live hub: keeps each socket's identity and subscriptions, authorises every subscription, and hands
 * bus events (in lot-version order, sequencer.ts) to the channel's delivery (delivery.ts: ticks, one frame per
 * socket per tick, conflation under load, slow clients).
 *
 * Authorisation is checked for every subscription; a decision is remembered for authorizeTtlMs per user, session,
 * current company, channel and procedure, so thousands of sockets of one user (or a reconnect storm) cost one
 * check, and concurrent identical checks share one query. Likewise a verified access token is remembered for the
 * same time (never past its expiry): a socket authenticating with it does not load the user again
 * (docs/decisions/0019-live-subscription-checks.md).
 *
 * Access that ends (decision 0067): when a write takes rights away it announces the change on the bus (access.ts);
 * every node then forgets both memos and re-checks the sockets of the users concerned (accessRechecks.ts).
 * Deliveries read the rights on the client, so they are the current ones.
 */
import {
  type LiveChannel,
  type LiveCommand,
  type LiveReply,
  liveCommandSchema,
  subscriptionBriefcaseId,
} from '@etp/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards/routeGuards.ts';
import { type AccessChange, readAccessChange } from './access.ts';
import { AccessRechecks, SIGN_IN_REQUIRED } from './accessRechecks.ts';
import type { Bus, BusEvent } from './bus.ts';
import { keyOf } from './channelKeys.ts';
import {
  ChannelDelivery,
  DELIVERY_TUNING,
  type DeliveryStats,
  type DeliveryTuning,
  emptyDeliveryStats,
} from './delivery.ts';
import { directStream, textFrame, writeFrames } from './frames.ts';
import type { LiveClient } from './liveClient.ts';
import { expiryOf, Memo } from './memo.ts';
import { LotUpdateSequencer } from './sequencer.ts';

export type { DeliveryStats, DeliveryTuning } from './delivery.ts';
export type { LiveClient } from './liveClient.ts';

export type Authorization = { ok: true; master: boolean } | { ok: false; message: string };

/** How long an access decision for a subscription, or a verified token, is reused (ms). */
const AUTHORIZE_TTL_MS = 10_000;

export interface HubDeps {
  bus: Bus;
  authenticate(token: string): Promise<AuthContext>;
  authorize(auth: AuthContext, channel: LiveChannel, briefcaseId: number | null): Promise<Authorization>;
  now(): number;
  /** Delivery thresholds (tests change them); DELIVERY_TUNING by default. */
  tuning?: Partial<DeliveryTuning>;
  /** How long a subscription's access decision or a verified token is reused; AUTHORIZE_TTL_MS by default (0: never). */
  authorizeTtlMs?: number;
  /**
   * The current state of what the channels follow, as the events that would bring a socket up to date (for lots:
   * a lot_update of each lot of the procedure). Sent to every socket when the bus resyncs after a gap.
   */
  snapshot?(channels: { channel: LiveChannel; briefcaseId: number | null }[]): Promise<BusEvent[]>;
}

export class LiveHub {
  private readonly channels = new Map<string, ChannelDelivery>();
  private readonly unsubscribeBus: () => void;
  private readonly sequencer = new LotUpdateSequencer((event) => this.deliver(event));
  private readonly tuning: DeliveryTuning;
  private readonly authorizeTtlMs: number;
  private readonly decisions = new Memo<Authorization>();
  private readonly identities = new Memo<AuthContext>();
  /** Authenticated clients of this node, for access changes. */
  private readonly clients = new Set<LiveClient>();
  /** Each client's commands and re-authorisations, one after another. */
  private readonly queues = new WeakMap<LiveClient, Promise<void>>();
  private readonly rechecks: AccessRechecks;
  /** Counts access changes: a check that started before one is made again, uncached. */
  private epoch = 0;
  /** Sweeps and frames of every channel since the node started (or since the last resetStats). */
  private readonly stats = emptyDeliveryStats();

  constructor(private readonly deps: HubDeps) {
    this.tuning = { ...DELIVERY_TUNING, ...deps.tuning };
    this.authorizeTtlMs = deps.authorizeTtlMs ?? AUTHORIZE_TTL_MS;
    this.rechecks = new AccessRechecks({
      clients: this.clients,
      channel: (key) => this.channels.get(key),
      enqueue: (client, task) => this.enqueue(client, task),
      leave: (client, key) => this.leave(client, key),
      reply: (client, reply) => this.reply(client, reply),
      refuse: (client) => this.refuse(client),
      detach: (client) => this.detach(client),
      authenticate: (token) => deps.authenticate(token),
      authorize: (auth, channel, briefcaseId) => deps.authorize(auth, channel, briefcaseId),
    });
    const unsubscribe = deps.bus.subscribe((event) => {
      const change = readAccessChange(event);
      if (change) this.onAccessChange(change);
      else this.sequencer.push(event);
    });
    const unresync = deps.bus.onResync?.(() => void this.resync());
    this.unsubscribeBus = () => {
      unsubscribe();
      unresync?.();
    };
  }

  /**
   * After a gap in the bus (Redis was away), every socket gets the current state of what it follows, so none stays
   * behind. The snapshot is read while updates go on: one older than an update already sent is dropped (the
   * sequencer's resync), so versions still only increase. A snapshot that cannot be read (the database away too) is
   * skipped: the next update brings the lot up to date.
   */
  async resync(): Promise<void> {
    if (!this.deps.snapshot || this.channels.size === 0) return;
    const channels = [...this.channels.keys()].map((key) => {
      const [channel, briefcase] = key.split(':') as [LiveChannel, string];
      return { channel, briefcaseId: briefcase === '' ? null : Number(briefcase) };
    });
    let events: BusEvent[];
    try {
      events = await this.deps.snapshot(channels);
    } catch {
      return;
    }
    this.sequencer.resync(events);
  }

  /** Subscriptions held by this node (a socket counts once per channel). */
  get subscriptions(): number {
    let n = 0;
    for (const channel of this.channels.values()) n += channel.size;
    return n;
  }

  /** The node's delivery counters; `reset` starts them again (a benchmark measures one period). */
  deliveryStats(reset = false): DeliveryStats {
    const stats = { ...this.stats };
    if (reset) {
      for (const key of Object.keys(this.stats) as (keyof DeliveryStats)[]) this.stats[key] = 0;
    }
    return stats;
  }

  /**
   * A socket's commands are handled one after another, in the order it sent them: a client may send "authenticate"
   * and "subscribe" without waiting for the first reply, and the subscription must see the authentication.
   */
  attach(socket: WebSocket): LiveClient {
    const client: LiveClient = {
      socket,
      stream: directStream(socket),
      auth: null,
      token: null,
      masterOf: new Set(),
      keys: new Set(),
      held: false,
    };
    socket.on('message', (raw) => {
      const text = raw.toString();
      this.enqueue(client, () => this.onMessage(client, text));
    });
    socket.on('close', () => this.detach(client));
    return client;
  }

  /** Runs the task after the client's earlier ones. A task that fails (the database unreachable, say) goes unanswered. */
  private enqueue(client: LiveClient, task: () => Promise<void>): void {
    const previous = this.queues.get(client) ?? Promise.resolve();
    this.queues.set(
      client,
      previous.then(task).catch(() => {}),
    );
  }

  /** Queues the event for the sockets subscribed to its channel. */
  deliver(event: BusEvent): void {
    const { message } = event;
    this.channels.get(keyOf(message.channel, subscriptionBriefcaseId(message)))?.push(event);
  }

  close(): void {
    this.unsubscribeBus();
    this.sequencer.close();
    for (const channel of this.channels.values()) {
      channel.close();
      for (const client of channel.clients) client.socket.close(1001);
    }
    this.channels.clear();
    this.clients.clear();
    this.rechecks.clear();
    this.decisions.clear();
    this.identities.clear();
  }

  /** A reply in one write (ws.send writes a frame's header and body as two chunks). */
  private reply(client: LiveClient, reply: LiveReply): void {
    const text = JSON.stringify(reply);
    if (!writeFrames(client.socket, client.stream, textFrame(Buffer.from(text)))) client.socket.send(text);
  }

  private detach(client: LiveClient): void {
    for (const key of client.keys) this.leave(client, key);
    client.keys.clear();
    this.clients.delete(client);
    this.rechecks.forget(client);
    client.held = false;
  }

  private leave(client: LiveClient, key: string): void {
    const channel = this.channels.get(key);
    if (!channel) return;
    channel.remove(client);
    if (channel.size > 0) return;
    channel.close();
    this.channels.delete(key);
  }

  private async onMessage(client: LiveClient, raw: string): Promise<void> {
    let command: LiveCommand;
    try {
      command = liveCommandSchema.parse(JSON.parse(raw));
    } catch {
      this.reply(client, {
        type: 'rejected',
        channel: null,
        briefcase_id: null,
        message: 'Неверная команда',
      });
      return;
    }
    switch (command.command) {
      case 'ping':
        return this.reply(client, { type: 'pong', t: this.deps.now() });
      case 'authenticate':
        try {
          const epoch = this.epoch;
          let auth = await this.authenticate(command.token);
          if (epoch !== this.epoch) auth = await this.deps.authenticate(command.token);
          client.auth = auth;
          client.token = command.token;
          this.clients.add(client);
          return this.reply(client, { type: 'authenticated', user_id: auth.user.id });
        } catch {
          this.refuse(client);
          return;
        }
      case 'subscribe':
        return this.subscribe(client, command.channel, command.briefcase_id ?? null);
      case 'unsubscribe': {
        const key = keyOf(command.channel, command.briefcase_id ?? null);
        this.leave(client, key);
        client.keys.delete(key);
        return this.reply(client, {
          type: 'unsubscribed',
          channel: command.channel,
          briefcase_id: command.briefcase_id ?? null,
        });
      }
    }
  }

  private async subscribe(
    client: LiveClient,
    channel: LiveChannel,
    briefcaseId: number | null,
  ): Promise<void> {
    if (!client.auth) {
      this.reply(client, {
        type: 'rejected',
        channel,
        briefcase_id: briefcaseId,
        message: 'Требуется вход в систему',
      });
      return;
    }
    const epoch = this.epoch;
    let decision = await this.authorize(client.auth, channel, briefcaseId);
    if (epoch !== this.epoch) decision = await this.deps.authorize(client.auth, channel, briefcaseId);
    if (!decision.ok) {
      this.reply(client, { type: 'rejected', channel, briefcase_id: briefcaseId, message: decision.message });
      return;
    }
    if (decision.master && briefcaseId !== null) client.masterOf.add(briefcaseId);
    const key = keyOf(channel, briefcaseId);
    let joined = this.channels.get(key);
    if (!joined) {
      joined = new ChannelDelivery(channel, briefcaseId, this.tuning, this.stats);
      this.channels.set(key, joined);
    }
    joined.add(client);
    if (client.held) joined.hold(client);
    client.keys.add(key);
    this.reply(client, { type: 'subscribed', channel, briefcase_id: briefcaseId });
  }

  /** Tells the client it must sign in again and closes its socket. */
  private refuse(client: LiveClient): void {
    this.reply(client, { type: 'rejected', channel: null, briefcase_id: null, message: SIGN_IN_REQUIRED });
    client.socket.close(4401);
    this.detach(client);
  }

  /** Someone's rights changed: what was remembered is forgotten, and the sockets concerned are checked again. */
  private onAccessChange(change: AccessChange): void {
    this.epoch++;
    this.decisions.clear();
    this.identities.clear();
    this.rechecks.onAccessChange(change);
  }

  /** The access decision for a subscription, reused for authorizeTtlMs; a failed check is not remembered. */
  private authorize(
    auth: AuthContext,
    channel: LiveChannel,
    briefcaseId: number | null,
  ): Promise<Authorization> {
    const key = `${auth.user.id}|${auth.sessionId}|${auth.company?.id ?? ''}|${channel}|${briefcaseId ?? ''}`;
    return this.decisions.get(key, this.authorizeTtlMs, () =>
      this.deps.authorize(auth, channel, briefcaseId),
    );
  }

  /** The user of a token, reused for authorizeTtlMs but never past the token's expiry; refusals are not kept. */
  private authenticate(token: string): Promise<AuthContext> {
    const left = expiryOf(token) - this.deps.now();
    return this.identities.get(token, Math.min(this.authorizeTtlMs, left), () =>
      this.deps.authenticate(token),
    );
  }
}
