/**
 * Delivery of one channel's messages to its sockets, built for thousands of sockets per channel
 * (bench/fanout.bench.ts, docs/decisions/0018-live-delivery-ticks.md):
 * - messages are queued and delivered in rounds, at most one round per tick (a round starts at once when the
 *   channel was idle); each socket gets ONE frame per round: the message itself, or a batch (LiveBatch) of the
 *   round's messages in order. The frame is serialised and framed once per audience, and written straight to each
 *   socket's stream (frames.ts);
 * - a round over thousands of sockets yields to the event loop every sliceMs, and after a round the channel rests
 *   at least as long as the round worked (restRatio), so bids and other calls are never starved by fan-out;
 * - while rounds are fast, every message reaches every socket. After a round slower than overloadedMs, a lot
 *   update replaces the queued update of the same lot (conflation): sockets skip versions but get the newest,
 *   and never an older version after a newer one;
 * - a socket whose own unsent backlog exceeds slowClientBytes (a client that does not read) is not given lot
 *   updates; the channel remembers which lots it missed and sends it their latest update once it has drained.
 */
import type { LiveChannel } from '@etp/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards.ts';
import type { Audience, BusEvent } from './bus.ts';
import { textFrame, writeFrames } from './frames.ts';

export interface DeliveryTuning {
  /** Rounds of one channel start at most this often (ms). */
  tickMs: number;
  /** After a round that worked d ms, the channel waits at least d * restRatio before the next. */
  restRatio: number;
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
  tickMs: 100,
  restRatio: 1,
  overloadedMs: 20,
  slowClientBytes: 256 * 1024,
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

/** A message waiting for delivery, serialised once. */
interface Outgoing {
  audience: Audience;
  text: string;
  t: number;
  /** Lot updates: the lot and audience; a newer update of the same key supersedes this one. */
  key: string | null;
}

/** What one socket is sent in a round: the text (for ws.send) and its frame (written to the stream). */
interface Packed {
  text: string;
  frame: Buffer;
}

/** A delivery round under way: its messages, its sockets, and how far it got. */
interface Round {
  entries: Outgoing[];
  clients: LiveClient[];
  next: number;
  /** Every entry goes to everyone, to masters or to participants: a socket's share depends on that alone. */
  byRole: boolean;
  /** The packed share of the entries, by which entries a socket receives. */
  shared: Map<string, Packed | null>;
  started: number;
  /** Time spent delivering (without the pauses between slices). */
  busy: number;
}

function supersedingKey(event: BusEvent): string | null {
  const payload = event.message.payload as { id?: unknown } | null;
  if (event.message.action !== 'lot_update' || typeof payload?.id !== 'number') return null;
  const audience = event.audience;
  const ids = 'ids' in audience ? audience.ids.join(',') : '';
  return `${payload.id}|${audience.kind}|${ids}`;
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

function send(socket: WebSocket, packed: Packed): void {
  if (!writeFrames(socket, packed.frame)) socket.send(packed.text);
}

export class ChannelDelivery {
  readonly clients = new Set<LiveClient>();
  /** Waiting messages in order; a conflated lot update is re-inserted at the end under its lot key. */
  private pending = new Map<string, Outgoing>();
  private sequence = 0;
  /** The last update of each lot, for slow clients catching up. */
  private readonly latest = new Map<string, Outgoing>();
  /** Slow clients and the keys of the lot updates they were not given. */
  private readonly missed = new Map<LiveClient, Set<string>>();
  private overloaded = false;
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;
  private round: Round | null = null;
  private nextRoundAt = 0;
  private catchUp: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly channel: LiveChannel,
    private readonly briefcaseId: number | null,
    private readonly tuning: DeliveryTuning,
  ) {}

  /** Queues the event for the channel's sockets; a round delivers it on the next tick. */
  push(event: BusEvent): void {
    if (this.clients.size === 0) return;
    const entry: Outgoing = {
      audience: event.audience,
      text: JSON.stringify(event.message),
      t: event.message.t,
      key: supersedingKey(event),
    };
    if (entry.key !== null) {
      this.latest.set(entry.key, entry);
      if (this.overloaded) {
        // Conflation: the newer update takes the older one's place, at the end (after what came before it).
        this.pending.delete(entry.key);
        this.pending.set(entry.key, entry);
        this.schedule();
        return;
      }
    }
    this.pending.set(`#${this.sequence++}`, entry);
    this.schedule();
  }

  remove(client: LiveClient): void {
    this.clients.delete(client);
    this.missed.delete(client);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.catchUp) clearTimeout(this.catchUp);
    this.timer = null;
    this.catchUp = null;
  }

  private schedule(): void {
    if (this.scheduled || this.round || this.closed) return;
    this.scheduled = true;
    const wait = this.nextRoundAt - performance.now();
    if (wait <= 0) setImmediate(() => this.flush());
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Starts a delivery round of what is queued (only slow clients' catch-up when nothing is). */
  private flush(): void {
    this.scheduled = false;
    this.timer = null;
    if (this.closed || this.round) return;
    const entries = [...this.pending.values()];
    this.pending = new Map();
    const clients = entries.length ? [...this.clients] : [...this.missed.keys()];
    if (clients.length === 0) return;
    this.round = {
      entries,
      clients,
      next: 0,
      byRole: entries.every((e) => e.audience.kind !== 'companies' && e.audience.kind !== 'users'),
      shared: new Map(),
      started: performance.now(),
      busy: 0,
    };
    this.continueRound();
  }

  /** Delivers the round for at most sliceMs, then yields to the event loop and resumes on the next turn. */
  private continueRound(): void {
    const round = this.round;
    if (!round || this.closed) return;
    const sliceStart = performance.now();
    const sliceEnd = sliceStart + this.tuning.sliceMs;
    while (round.next < round.clients.length) {
      const client = round.clients[round.next++]!;
      if (this.clients.has(client)) this.deliverTo(client, round);
      if (round.next % 64 === 0 && performance.now() > sliceEnd) {
        round.busy += performance.now() - sliceStart;
        setImmediate(() => this.continueRound());
        return;
      }
    }
    const end = performance.now();
    round.busy += end - sliceStart;
    this.round = null;
    if (round.entries.length) this.overloaded = end - round.started > this.tuning.overloadedMs;
    this.nextRoundAt = Math.max(round.started + this.tuning.tickMs, end + round.busy * this.tuning.restRatio);
    if (this.pending.size) this.schedule();
    if (this.missed.size > 0 && !this.catchUp) {
      this.catchUp = setTimeout(() => {
        this.catchUp = null;
        if (!this.scheduled && !this.round) this.flush();
      }, this.tuning.catchUpMs);
    }
  }

  private ownEntries(client: LiveClient, round: Round): Outgoing[] {
    return round.entries.filter((m) => reaches(client, m.audience, this.briefcaseId));
  }

  /** Sends the client its share of the round in one frame, with the latest of the lots it missed while slow. */
  private deliverTo(client: LiveClient, round: Round): void {
    let own: Outgoing[] | null = null;
    let share: string;
    if (round.byRole) {
      share = this.briefcaseId !== null && client.masterOf.has(this.briefcaseId) ? 'm' : 'p';
    } else {
      own = this.ownEntries(client, round);
      share = own.map((m) => round.entries.indexOf(m)).join(',');
    }
    if (client.socket.bufferedAmount > this.tuning.slowClientBytes) {
      this.holdBack(client, own ?? this.ownEntries(client, round));
      return;
    }
    const missed = this.missed.get(client);
    if (missed) {
      this.missed.delete(client);
      own ??= this.ownEntries(client, round);
      const fresh = new Set(own.map((m) => m.key));
      const catchUp = [...missed]
        .filter((key) => !fresh.has(key))
        .map((key) => this.latest.get(key))
        .filter((m): m is Outgoing => m !== undefined);
      if (catchUp.length) {
        send(client.socket, this.pack([...catchUp, ...own]));
        return;
      }
    }
    let packed = round.shared.get(share);
    if (packed === undefined) {
      own ??= this.ownEntries(client, round);
      packed = own.length ? this.pack(own) : null;
      round.shared.set(share, packed);
    }
    if (packed) send(client.socket, packed);
  }

  /** A slow client: its lot updates wait (the latest of each lot will be sent), other messages go now. */
  private holdBack(client: LiveClient, own: Outgoing[]): void {
    let missed = this.missed.get(client);
    if (!missed) {
      missed = new Set();
      this.missed.set(client, missed);
    }
    const others: Outgoing[] = [];
    for (const m of own) {
      if (m.key === null) others.push(m);
      else missed.add(m.key);
    }
    if (others.length) send(client.socket, this.pack(others));
  }

  /** One message as it is, several as a LiveBatch (their JSON texts are spliced in, not serialised again). */
  private pack(entries: Outgoing[]): Packed {
    let text: string;
    if (entries.length === 1) {
      text = entries[0]!.text;
    } else {
      let t = 0;
      for (const e of entries) t = Math.max(t, e.t);
      text =
        `{"channel":${JSON.stringify(this.channel)},"briefcase_id":${JSON.stringify(this.briefcaseId)},` +
        `"action":"batch","t":${t},"messages":[${entries.map((e) => e.text).join(',')}]}`;
    }
    return { text, frame: textFrame(Buffer.from(text)) };
  }
}
