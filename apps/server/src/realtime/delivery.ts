/**
 * Delivery of one channel's messages to its sockets, built for thousands of sockets per channel
 * (bench/fanout.bench.ts, docs/decisions/0018-live-delivery-sweeps.md):
 * - the channel sweeps over its sockets, starting a sweep at most once per tick (at once when it was idle); each
 *   visited socket gets ONE frame holding what it has not had yet: the message itself, or a batch (LiveBatch) of
 *   the messages in order. A frame is serialised and framed once per cursor and audience group (the role, and
 *   which personal messages reach the socket), and the same bytes are written to each socket's stream (frames.ts);
 * - a sweep over thousands of sockets yields to the event loop every sliceMs, so bids and other calls go on
 *   between slices and are never starved by fan-out (restRatio can add a rest after each sweep; 0 measured best);
 * - while sweeps are fast, every message reaches every socket. After a sweep slower than overloadedMs, a socket
 *   gets only the newest update of each lot (conflation): it skips versions but gets the newest, and never an
 *   older version after a newer one;
 * - a socket whose own unsent backlog exceeds slowClientBytes (a client that does not read) is not given lot
 *   updates; the channel remembers which lots it missed and sends it their latest update once it has drained.
 */
import type { LiveChannel } from '@etp/contracts';
import { personal, reaches } from './audience.ts';
import type { Audience, BusEvent } from './bus.ts';
import { textFrame, writeFrames } from './frames.ts';
import type { LiveClient } from './liveClient.ts';

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

/** A message waiting for delivery, serialised once, numbered in the channel's order. */
interface Entry {
  seq: number;
  audience: Audience;
  text: string;
  t: number;
  /** Lot updates: the lot and audience; a newer update of the same key supersedes this one. */
  key: string | null;
  /** For some companies or users only (audience.ts): which sockets it reaches is decided socket by socket. */
  personal: boolean;
}

/** What one socket is sent at a visit: the text (for ws.send) and its frame (written to the stream). */
interface Packed {
  text: string;
  frame: Buffer;
}

/** Where a socket stands: the last entry it was given, and the lots it was not given while slow. */
interface Cursor {
  client: LiveClient;
  seq: number;
  missed: Set<string> | null;
  /** The socket left the channel (a sweep under way skips it). */
  gone: boolean;
}

/** A sweep over the channel's sockets under way. */
interface Sweep {
  cursors: Cursor[];
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

function send(client: LiveClient, packed: Packed): void {
  if (!writeFrames(client.socket, client.stream, packed.frame)) client.socket.send(packed.text);
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
  /** Packed frames for the current head, by the name of what the socket is sent (shareOf). */
  private shares = new Map<string, Packed | null>();
  /** The last name given without personal entries, for the sockets that follow with the same cursor and role. */
  private lastShare: { seq: number; role: string; name: string } | null = null;
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
    if (!this.cursors.has(client))
      this.cursors.set(client, { client, seq: this.head, missed: null, gone: false });
  }

  remove(client: LiveClient): void {
    const cursor = this.cursors.get(client);
    if (cursor) cursor.gone = true;
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
      personal: personal(event.audience),
    };
    this.log.push(entry);
    if (entry.personal) this.personalEntries++;
    if (entry.key !== null) this.latest.set(entry.key, entry);
    if (this.shares.size) this.shares = new Map();
    this.lastShare = null;
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
      cursors: [...this.cursors.values()],
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
    while (sweep.next < sweep.cursors.length) {
      const cursor = sweep.cursors[sweep.next++]!;
      if (!cursor.gone && this.visit(cursor.client, cursor)) sweep.sent++;
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
      if (this.log[n]!.personal) this.personalEntries--;
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
      if (all.length) send(client, this.pack(all));
      return all.length > 0;
    }
    const share = this.shareOf(client, cursor.seq);
    let packed = this.shares.get(share);
    if (packed === undefined) {
      const own = this.select(client, cursor.seq);
      packed = own.length ? this.pack(own) : null;
      this.shares.set(share, packed);
    }
    cursor.seq = this.head;
    if (packed) send(client, packed);
    return packed !== null;
  }

  /**
   * The name of what a socket is sent from `seq` on: sockets with the same name are sent the same bytes, so a
   * frame is serialised and framed once per name, not once per socket. Without personal entries the name is the
   * cursor and the role (masters or participants); each personal entry after the cursor that reaches the socket
   * is added to it, so a message for some companies or users is framed only for the sockets it reaches and
   * shared among them (never sent to the others), and the sockets it does not reach still share one frame.
   */
  private shareOf(client: LiveClient, seq: number): string {
    const role =
      client.auth === null
        ? '-'
        : this.briefcaseId !== null && client.masterOf.has(this.briefcaseId)
          ? 'm'
          : 'p';
    if (this.personalEntries === 0) {
      // Sockets visited one after another mostly stand at the same entry: the name is not built again.
      const last = this.lastShare;
      if (last !== null && last.seq === seq && last.role === role) return last.name;
      const name = `${seq}|${role}`;
      this.lastShare = { seq, role, name };
      return name;
    }
    let name = `${seq}|${role}`;
    const first = this.log.length ? this.log[0]!.seq : this.head + 1;
    for (let i = Math.max(0, seq + 1 - first); i < this.log.length; i++) {
      const e = this.log[i]!;
      if (e.personal && reaches(client, e.audience, this.briefcaseId)) name += `|${e.seq}`;
    }
    return name;
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
    if (others.length) send(client, this.pack(others));
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
