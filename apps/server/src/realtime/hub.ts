/**
 * The node's live hub: keeps each socket's identity and subscriptions, authorises every subscription, and
 * delivers bus events to the sockets subscribed to their channel, filtered by audience.
 *
 * Delivery is built for many sockets per channel (see docs/decisions and bench/fanout.bench.ts):
 * - a message is serialised and framed once, whatever the number of sockets; the messages a socket gets in one
 *   delivery round go out in one write (frames.ts);
 * - events are queued per channel and delivered in rounds, in order, starting on the next turn of the event loop;
 *   a round over thousands of sockets yields to the event loop every sliceMs, and what arrives meanwhile waits
 *   for the next round. While a channel's rounds are fast, every event reaches every socket. When a round took
 *   longer than overloadedMs, a lot update that arrives while an older update of the same lot still waits in
 *   the queue replaces it (conflation): a socket then skips versions but always gets the newest;
 * - a socket whose own unsent backlog exceeds slowClientBytes (a client that does not read) is not given lot
 *   updates; the hub remembers which lots it missed and sends it their latest update once it has drained.
 * Lot updates carry the lot's version, so a client can always tell that an update supersedes another.
 */
import { type LiveChannel, type LiveCommand, type LiveReply, liveCommandSchema } from '@etp/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards.ts';
import type { Audience, Bus, BusEvent } from './bus.ts';
import { textFrame, writeFrames } from './frames.ts';
import { LotUpdateSequencer } from './sequencer.ts';

export interface DeliveryTuning {
  /** A delivery round slower than this switches the channel to conflating lot updates. */
  overloadedMs: number;
  /** A socket with more unsent bytes than this is a slow client: it gets the latest lot updates once drained. */
  slowClientBytes: number;
  /** How often slow clients are checked for having drained. */
  catchUpMs: number;
  /** A round yields to the event loop after this long, so thousands of sockets do not stall the node's calls. */
  sliceMs: number;
}

export const DELIVERY_TUNING: DeliveryTuning = {
  overloadedMs: 20,
  slowClientBytes: 512 * 1024,
  catchUpMs: 50,
  sliceMs: 5,
};

export interface LiveClient {
  socket: WebSocket;
  auth: AuthContext | null;
  /** Procedures whose seller (or administrator) this client is, learnt when subscribing. */
  masterOf: Set<number>;
  keys: Set<string>;
}

export type Authorization = { ok: true; master: boolean } | { ok: false; message: string };

export interface HubDeps {
  bus: Bus;
  authenticate(token: string): Promise<AuthContext>;
  authorize(auth: AuthContext, channel: LiveChannel, briefcaseId: number | null): Promise<Authorization>;
  now(): number;
  /** Delivery thresholds (tests change them); DELIVERY_TUNING by default. */
  tuning?: Partial<DeliveryTuning>;
}

const keyOf = (channel: LiveChannel, briefcaseId: number | null) => `${channel}:${briefcaseId ?? ''}`;

/** A message waiting for delivery: serialised and framed once. */
interface Outgoing {
  audience: Audience;
  briefcaseId: number | null;
  text: string;
  frame: Buffer;
  /** Lot updates: the lot and audience; a newer update of the same key supersedes this one. */
  key: string | null;
}

/** The sockets of one channel and what waits for them. */
interface Channel {
  key: string;
  clients: Set<LiveClient>;
  queue: Outgoing[];
  /** The lot updates in `queue`, by key. */
  queued: Map<string, Outgoing>;
  /** The last update of each lot, for slow clients catching up. */
  latest: Map<string, Outgoing>;
  /** Slow clients and the keys of the lot updates they were not given. */
  missed: Map<LiveClient, Set<string>>;
  overloaded: boolean;
  scheduled: boolean;
  round: Round | null;
  catchUp: NodeJS.Timeout | null;
}

/** A delivery round under way: its messages, its sockets, and how far it got. */
interface Round {
  entries: Outgoing[];
  clients: LiveClient[];
  next: number;
  shared: Map<string, Buffer>;
  started: number;
}

function supersedingKey(event: BusEvent): string | null {
  const payload = event.message.payload as { id?: unknown; version?: unknown } | null;
  if (event.message.action !== 'lot_update' || typeof payload?.id !== 'number') return null;
  const audience = event.audience;
  const ids = 'ids' in audience ? audience.ids.join(',') : '';
  return `${payload.id}|${audience.kind}|${ids}`;
}

function outgoing(event: BusEvent): Outgoing {
  const text = JSON.stringify(event.message);
  return {
    audience: event.audience,
    briefcaseId: event.message.briefcase_id,
    text,
    frame: textFrame(Buffer.from(text)),
    key: supersedingKey(event),
  };
}

/** Sends the messages to one socket: one write of their frames, or ws.send each when that is not possible. */
function sendAll(socket: WebSocket, messages: Outgoing[], frames: Buffer | null): void {
  const bytes =
    frames ?? (messages.length === 1 ? messages[0]!.frame : Buffer.concat(messages.map((m) => m.frame)));
  if (writeFrames(socket, bytes)) return;
  for (const m of messages) socket.send(m.text);
}

function reaches(client: LiveClient, audience: Audience, briefcaseId: number | null): boolean {
  const auth = client.auth;
  if (!auth) return false;
  switch (audience.kind) {
    case 'all':
      return true;
    case 'masters':
      return briefcaseId !== null && client.masterOf.has(briefcaseId);
    case 'participants':
      return briefcaseId === null || !client.masterOf.has(briefcaseId);
    case 'companies':
      return auth.company !== null && audience.ids.includes(auth.company.id);
    case 'users':
      return audience.ids.includes(auth.user.id);
  }
}

export class LiveHub {
  private readonly channels = new Map<string, Channel>();
  private readonly unsubscribeBus: () => void;
  private readonly sequencer = new LotUpdateSequencer((event) => this.deliver(event));

  private readonly tuning: DeliveryTuning;

  constructor(private readonly deps: HubDeps) {
    this.tuning = { ...DELIVERY_TUNING, ...deps.tuning };
    this.unsubscribeBus = deps.bus.subscribe((event) => this.sequencer.push(event));
  }

  /** Subscriptions held by this node (a socket counts once per channel). */
  get subscriptions(): number {
    let n = 0;
    for (const channel of this.channels.values()) n += channel.clients.size;
    return n;
  }

  attach(socket: WebSocket): LiveClient {
    const client: LiveClient = { socket, auth: null, masterOf: new Set(), keys: new Set() };
    socket.on('message', (raw) => {
      void this.onMessage(client, raw.toString());
    });
    socket.on('close', () => this.detach(client));
    return client;
  }

  /** Queues the event for the channel's sockets; the next turn of the event loop delivers it. */
  deliver(event: BusEvent): void {
    const { message } = event;
    const channel = this.channels.get(keyOf(message.channel, message.briefcase_id));
    if (!channel || channel.clients.size === 0) return;
    const next = outgoing(event);
    if (next.key !== null) {
      channel.latest.set(next.key, next);
      const waiting = channel.queued.get(next.key);
      if (waiting && channel.overloaded) {
        // Conflation: the newer update takes the older one's place in the queue.
        waiting.text = next.text;
        waiting.frame = next.frame;
        return;
      }
      channel.queued.set(next.key, next);
    }
    channel.queue.push(next);
    if (!channel.scheduled) {
      channel.scheduled = true;
      setImmediate(() => this.flush(channel));
    }
  }

  close(): void {
    this.unsubscribeBus();
    this.sequencer.close();
    for (const channel of this.channels.values()) {
      if (channel.catchUp) clearTimeout(channel.catchUp);
      for (const client of channel.clients) client.socket.close(1001);
    }
    this.channels.clear();
  }

  /** Starts a delivery round of what is queued (unless one is under way; its end starts the next). */
  private flush(channel: Channel): void {
    channel.scheduled = false;
    // The last socket left while the round was pending.
    if (this.channels.get(channel.key) !== channel || channel.round) return;
    const entries = channel.queue;
    channel.queue = [];
    channel.queued = new Map();
    channel.round = {
      entries,
      // Nothing new: only slow clients may have something to catch up on.
      clients: entries.length ? [...channel.clients] : [...channel.missed.keys()],
      next: 0,
      shared: new Map(),
      started: performance.now(),
    };
    this.continueRound(channel);
  }

  /**
   * Delivers the round to its sockets for at most sliceMs, then yields to the event loop (bids and other calls go
   * on between slices) and resumes on the next turn.
   */
  private continueRound(channel: Channel): void {
    const round = channel.round;
    if (!round || this.channels.get(channel.key) !== channel) return;
    const sliceEnd = performance.now() + this.tuning.sliceMs;
    while (round.next < round.clients.length) {
      const client = round.clients[round.next++]!;
      if (channel.clients.has(client)) this.deliverTo(channel, client, round);
      if (round.next % 64 === 0 && performance.now() > sliceEnd) {
        setImmediate(() => this.continueRound(channel));
        return;
      }
    }
    channel.round = null;
    if (round.entries.length)
      channel.overloaded = performance.now() - round.started > this.tuning.overloadedMs;
    if (channel.queue.length) {
      channel.scheduled = true;
      setImmediate(() => this.flush(channel));
    }
    if (channel.missed.size > 0 && !channel.catchUp) {
      channel.catchUp = setTimeout(() => {
        channel.catchUp = null;
        if (!channel.scheduled) this.flush(channel);
      }, this.tuning.catchUpMs);
    }
  }

  /** The round's messages that reach the client, with the latest of the lots it missed while slow. */
  private deliverTo(channel: Channel, client: LiveClient, round: Round): void {
    const own: Outgoing[] = [];
    let subset = '';
    for (let i = 0; i < round.entries.length; i++) {
      const m = round.entries[i]!;
      if (reaches(client, m.audience, m.briefcaseId)) {
        own.push(m);
        subset += `${i},`;
      }
    }
    if (client.socket.bufferedAmount > this.tuning.slowClientBytes) {
      this.holdBack(channel, client, own);
      return;
    }
    const missed = channel.missed.get(client);
    if (missed) {
      channel.missed.delete(client);
      const fresh = new Set(own.map((m) => m.key));
      const catchUp = [...missed]
        .filter((key) => !fresh.has(key))
        .map((key) => channel.latest.get(key))
        .filter((m): m is Outgoing => m !== undefined);
      if (catchUp.length) {
        sendAll(client.socket, [...catchUp, ...own], null);
        return;
      }
    }
    if (own.length === 0) return;
    // Sockets that receive the same part of the round (by audience) share one buffer of frames.
    let frames = round.shared.get(subset) ?? null;
    if (!frames && own.length > 1) {
      frames = Buffer.concat(own.map((m) => m.frame));
      round.shared.set(subset, frames);
    }
    sendAll(client.socket, own, frames);
  }

  /** A slow client: its lot updates wait (the latest of each lot will be sent), other messages go now. */
  private holdBack(channel: Channel, client: LiveClient, own: Outgoing[]): void {
    let missed = channel.missed.get(client);
    if (!missed) {
      missed = new Set();
      channel.missed.set(client, missed);
    }
    const others: Outgoing[] = [];
    for (const m of own) {
      if (m.key === null) others.push(m);
      else missed.add(m.key);
    }
    if (others.length) sendAll(client.socket, others, null);
  }

  private reply(client: LiveClient, reply: LiveReply): void {
    client.socket.send(JSON.stringify(reply));
  }

  private detach(client: LiveClient): void {
    for (const key of client.keys) this.leave(client, key);
    client.keys.clear();
  }

  private leave(client: LiveClient, key: string): void {
    const channel = this.channels.get(key);
    if (!channel) return;
    channel.clients.delete(client);
    channel.missed.delete(client);
    if (channel.clients.size > 0) return;
    if (channel.catchUp) clearTimeout(channel.catchUp);
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
          client.auth = await this.deps.authenticate(command.token);
          return this.reply(client, { type: 'authenticated', user_id: client.auth.user.id });
        } catch {
          this.reply(client, {
            type: 'rejected',
            channel: null,
            briefcase_id: null,
            message: 'Требуется вход в систему',
          });
          client.socket.close(4401);
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
    const decision = await this.deps.authorize(client.auth, channel, briefcaseId);
    if (!decision.ok) {
      this.reply(client, { type: 'rejected', channel, briefcase_id: briefcaseId, message: decision.message });
      return;
    }
    if (decision.master && briefcaseId !== null) client.masterOf.add(briefcaseId);
    const key = keyOf(channel, briefcaseId);
    let joined = this.channels.get(key);
    if (!joined) {
      joined = {
        key,
        clients: new Set(),
        queue: [],
        queued: new Map(),
        latest: new Map(),
        missed: new Map(),
        overloaded: false,
        scheduled: false,
        round: null,
        catchUp: null,
      };
      this.channels.set(key, joined);
    }
    joined.clients.add(client);
    client.keys.add(key);
    this.reply(client, { type: 'subscribed', channel, briefcase_id: briefcaseId });
  }
}
