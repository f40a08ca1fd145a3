/**
 * Delivery of one channel's messages to its sockets, built for thousands of sockets per channel
 * (bench/fanout.bench.ts, docs/decisions/0018-live-delivery-sweeps.md):
 * - the channel sweeps over its sockets, starting a sweep at most once per tick (at once when it was idle); each
 *   visited socket gets ONE frame holding what it has not had yet: the message itself, or a batch (LiveBatch) of
 *   the messages in order. A frame is serialised and framed once per audience and cursor, and written straight
 *   to each socket's stream (frames.ts);
 * - a sweep over thousands of sockets yields to the event loop every sliceMs, so bids and other calls go on
 *   between slices and are never starved by fan-out (restRatio can add a rest after each sweep; 0 measured best);
 * - while sweeps are fast, every message reaches every socket. After a sweep slower than overloadedMs, a socket
 *   gets only the newest update of each lot (conflation): it skips versions but gets the newest, and never an
 *   older version after a newer one;
 * - a socket whose own unsent backlog exceeds slowClientBytes (a client that does not read) is not given lot
 *   updates; the channel remembers which lots it missed and sends it their latest update once it has drained.
 */
import type { LiveChannel } from '@etp/contracts';
import type { WebSocket } from 'ws';
import type { AuthContext } from '../modules/auth/guards/routeGuards.ts';
import { personal, reaches } from './audience.ts';
import type { Audience, BusEvent } from './bus.ts';
import { textFrame, writeFrames } from './frames.ts';

export interface DeliveryTuning {
  /** Sweeps of one channel start at most this often (ms). */
  tickMs: number;
  /** After a sweep that worked d ms, the channel waits at least d * restRatio before the next. */
  restRatio: number;
  /** A sweep slower than this switches the channel to conflating lot updates. */
  overloadedMs: number;
  /** A socket with more unsent bytes than this is a slow client: it gets the latest lot updates once drained. */
  slowClientBytes: number;
  /** How often slow clients are checked for having drained. */
  catchUpMs: number;
  /** A sweep yields to the event loop after this long, so thousands of sockets do not stall the node's calls. */
  sliceMs: number;
}

export const DELIVERY_TUNING: DeliveryTuning = {
  tickMs: 50,
  restRatio: 0,
  overloadedMs: 20,
  slowClientBytes: 256 * 1024,
  catchUpMs: 50,
  sliceMs: 3,
};

/** Counters of a node's deliveries (benchmarks and operations read them). */
export interface DeliveryStats {
  sweeps: number;
  frames: number;
  /** Time spent delivering, and from the start to the end of sweeps (ms). */
  busyMs: number;
  wallMs: number;
  maxWallMs: number;
}

export const emptyDeliveryStats = (): DeliveryStats => ({
  sweeps: 0,
  frames: 0,
  busyMs: 0,
  wallMs: 0,
  maxWallMs: 0,
});

export interface LiveClient {
  socket: WebSocket;
  auth: AuthContext | null;
  /** The access token the socket authenticated with (re-authorisation verifies it again). */
  token: string | null;
  /**
   * Procedures whose seller (or administrator) this client is: decided when subscribing, and decided again when
   * the user's rights change (decision 0067). Every delivery reads it, so seller-only frames follow the rights
   * the user has now.
   */
  masterOf: Set<number>;
  keys: Set<string>;
  /** The client's rights are being decided again: nothing is sent to it meanwhile; it gets its backlog after. */
  held: boolean;
}

/** A message waiting for delivery, serialised once, numbered in the channel's order. */
interface Entry {
  seq: number;
  audience: Audience;
  text: string;
  t: number;
  /** Lot updates: the lot and audience; a newer update of the same key supersedes this one. */
  key: string | null;
}

/** What one socket is sent at a visit: the text (for ws.send) and its frame (written to the stream). */
interface Packed {
  text: string;
  frame: Buffer;
}

/** Where a socket stands: the last entry it was given, and the lots it was not given while slow. */
interface Cursor {
  seq: number;
  missed: Set<string> | null;
}

/** A sweep over the channel's sockets under way. */
interface Sweep {
  clients: LiveClient[];
  next: number;
  /** The newest entry when the sweep started: once it ends, every socket has everything up to it. */
  head: number;
  started: number;
  /** Time spent delivering (without the pauses between slices). */
  busy: number;
  sent: number;
}

function supersedingKey(event: BusEvent): string | null {
  const { message } = event;
  if (message.action !== 'lot_update' || typeof message.payload?.id !== 'number') return null;
  const { payload } = message;
  const audience = event.audience;
  const ids = 'ids' in audience ? audience.ids.join(',') : '';
  return `${payload.id}|${audience.kind}|${ids}`;
}

function send(socket: WebSocket, packed: Packed): void {
  if (!writeFrames(socket, packed.frame)) socket.send(packed.text);
}

/**
 * The channel keeps a log of its recent messages and a cursor per socket, and sweeps over its sockets: each
 * visited socket gets, in one frame, what it has not had yet. An update that arrives during a sweep reaches the
 * sockets still ahead of the sweep in that sweep and the others in the next, so no socket waits more than about
 * one sweep; sockets visited one after another with the same cursor share one packed frame.
 */
export class ChannelDelivery {
  private readonly cursors = new Map<LiveClient, Cursor>();
  /** Entries newer than what every socket has had, in order (their seq numbers are consecutive). */
  private log: Entry[] = [];
  private head = 0;
  /** Entries in the log for some companies or users only (then frames cannot be shared by role). */
  private personalEntries = 0;
  /** The last update of each lot, for slow clients catching up. */
  private readonly latest = new Map<string, Entry>();
  private readonly slow = new Set<LiveClient>();
  /** Clients whose rights are being decided again (decision 0067): their backlog is kept for them. */
  private readonly held = new Set<LiveClient>();
  /** A held client was released: the next sweep must visit it even if nothing new came. */
  private released = false;
  /** Packed frames for the current head, by the socket's cursor and role. */
  private shares = new Map<string, Packed | null>();
  private overloaded = false;
  private scheduled = false;
  private timer: NodeJS.Timeout | null = null;
  private sweep: Sweep | null = null;
  private sweptHead = 0;
  private nextSweepAt = 0;
  private catchUp: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly channel: LiveChannel,
    private readonly briefcaseId: number | null,
    private readonly tuning: DeliveryTuning,
    private readonly stats: DeliveryStats = emptyDeliveryStats(),
  ) {}

  get size(): number {
    return this.cursors.size;
  }

  get clients(): Iterable<LiveClient> {
    return this.cursors.keys();
  }

  /** A new socket gets what is published from now on. */
  add(client: LiveClient): void {
    if (!this.cursors.has(client)) this.cursors.set(client, { seq: this.head, missed: null });
  }

  remove(client: LiveClient): void {
    this.cursors.delete(client);
    this.slow.delete(client);
    this.held.delete(client);
  }

  /** Sends the client nothing until release; what comes meanwhile is kept for it (client.held is set too). */
  hold(client: LiveClient): void {
    if (this.cursors.has(client)) this.held.add(client);
  }

  /** The client's rights are decided: it gets what it missed, filtered by them. */
  release(client: LiveClient): void {
    if (!this.held.delete(client)) return;
    this.released = true;
    this.schedule();
  }

  /** Queues the event for the channel's sockets; a sweep delivers it. */
  push(event: BusEvent): void {
    if (this.cursors.size === 0) return;
    const entry: Entry = {
      seq: ++this.head,
      audience: event.audience,
      text: JSON.stringify(event.message),
      t: event.message.t,
      key: supersedingKey(event),
    };
    this.log.push(entry);
    if (personal(entry.audience)) this.personalEntries++;
    if (entry.key !== null) this.latest.set(entry.key, entry);
    if (this.shares.size) this.shares = new Map();
    this.schedule();
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.catchUp) clearTimeout(this.catchUp);
    this.timer = null;
    this.catchUp = null;
  }

  private schedule(): void {
    if (this.scheduled || this.sweep || this.closed) return;
    this.scheduled = true;
    const wait = this.nextSweepAt - performance.now();
    if (wait <= 0) setImmediate(() => this.start());
    else this.timer = setTimeout(() => this.start(), wait);
  }

  private start(): void {
    this.scheduled = false;
    this.timer = null;
    if (this.closed || this.sweep) return;
    if (this.head === this.sweptHead && this.slow.size === 0 && !this.released) return;
    this.released = false;
    this.sweep = {
      clients: [...this.cursors.keys()],
      next: 0,
      head: this.head,
      started: performance.now(),
      busy: 0,
      sent: 0,
    };
    this.continueSweep();
  }

  /** Visits sockets for at most sliceMs, then yields to the event loop and resumes on the next turn. */
  private continueSweep(): void {
    const sweep = this.sweep;
    if (!sweep || this.closed) return;
    const sliceStart = performance.now();
    const sliceEnd = sliceStart + this.tuning.sliceMs;
    while (sweep.next < sweep.clients.length) {
      const client = sweep.clients[sweep.next++]!;
      const cursor = this.cursors.get(client);
      if (cursor && this.visit(client, cursor)) sweep.sent++;
      if (sweep.next % 64 === 0 && performance.now() > sliceEnd) {
        sweep.busy += performance.now() - sliceStart;
        setImmediate(() => this.continueSweep());
        return;
      }
    }
    const end = performance.now();
    sweep.busy += end - sliceStart;
    this.sweep = null;
    this.sweptHead = sweep.head;
    this.stats.sweeps++;
    this.stats.frames += sweep.sent;
    this.stats.busyMs += sweep.busy;
    this.stats.wallMs += end - sweep.started;
    this.stats.maxWallMs = Math.max(this.stats.maxWallMs, end - sweep.started);
    if (sweep.sent > 0) this.overloaded = end - sweep.started > this.tuning.overloadedMs;
    this.trim(sweep.head);
    this.nextSweepAt = Math.max(sweep.started + this.tuning.tickMs, end + sweep.busy * this.tuning.restRatio);
    if (this.head > sweep.head || this.released) this.schedule();
    if (this.slow.size > 0 && !this.catchUp) {
      this.catchUp = setTimeout(() => {
        this.catchUp = null;
        this.schedule();
      }, this.tuning.catchUpMs);
    }
  }

  /** Every socket has had the entries up to `head` (or skipped them as a slow client): they can go. */
  private trim(sweptHead: number): void {
    let head = sweptHead;
    for (const client of this.held) head = Math.min(head, this.cursors.get(client)?.seq ?? head);
    let n = 0;
    while (n < this.log.length && this.log[n]!.seq <= head) {
      if (personal(this.log[n]!.audience)) this.personalEntries--;
      n++;
    }
    if (n > 0) this.log = this.log.slice(n);
  }

  /** The entries after `seq` that reach the client; under load only the newest update of each lot. */
  private select(client: LiveClient, seq: number): Entry[] {
    const first = this.log.length ? this.log[0]!.seq : this.head + 1;
    const own: Entry[] = [];
    for (let i = Math.max(0, seq + 1 - first); i < this.log.length; i++) {
      const e = this.log[i]!;
      if (reaches(client, e.audience, this.briefcaseId)) own.push(e);
    }
    if (!this.overloaded || own.length < 2) return own;
    const last = new Map<string, Entry>();
    for (const e of own) if (e.key !== null) last.set(e.key, e);
    return own.filter((e) => e.key === null || last.get(e.key) === e);
  }

  /** Sends the client what it has not had, in one frame; returns whether anything was sent. */
  private visit(client: LiveClient, cursor: Cursor): boolean {
    if (client.held) return false;
    const behind = cursor.seq < this.head;
    if (!behind && !cursor.missed) return false;
    if (client.socket.bufferedAmount > this.tuning.slowClientBytes) {
      if (behind) this.holdBack(client, cursor);
      return false;
    }
    if (cursor.missed) {
      const own = this.select(client, cursor.seq);
      const fresh = new Set(own.map((m) => m.key));
      const catchUp: Entry[] = [];
      for (const key of cursor.missed) {
        const entry = this.latest.get(key);
        if (entry && !fresh.has(key)) catchUp.push(entry);
      }
      cursor.missed = null;
      this.slow.delete(client);
      cursor.seq = this.head;
      const all = [...catchUp, ...own];
      if (all.length) send(client.socket, this.pack(all));
      return all.length > 0;
    }
    let packed: Packed | null | undefined;
    if (this.personalEntries === 0) {
      const share = `${cursor.seq}|${this.briefcaseId !== null && client.masterOf.has(this.briefcaseId) ? 'm' : 'p'}`;
      packed = this.shares.get(share);
      if (packed === undefined) {
        const own = this.select(client, cursor.seq);
        packed = own.length ? this.pack(own) : null;
        this.shares.set(share, packed);
      }
    } else {
      const own = this.select(client, cursor.seq);
      packed = own.length ? this.pack(own) : null;
    }
    cursor.seq = this.head;
    if (packed) send(client.socket, packed);
    return packed !== null;
  }

  /** A slow client: its lot updates wait (the latest of each lot will be sent), other messages go now. */
  private holdBack(client: LiveClient, cursor: Cursor): void {
    const own = this.select(client, cursor.seq);
    cursor.seq = this.head;
    cursor.missed ??= new Set();
    this.slow.add(client);
    const others: Entry[] = [];
    for (const m of own) {
      if (m.key === null) others.push(m);
      else cursor.missed.add(m.key);
    }
    if (others.length) send(client.socket, this.pack(others));
  }

  /** One message as it is, several as a LiveBatch (their JSON texts are spliced in, not serialised again). */
  private pack(entries: Entry[]): Packed {
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
