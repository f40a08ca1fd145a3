/**
 * Redis pub/sub bus for several nodes. One channel carries every event in publish order (Redis keeps the order
 * of messages published on one connection), so all nodes see the updates of a lot in the same order.
 *
 * Redis is optional at every moment (decisions/0098). `publish` never waits for Redis: the event is handed to the
 * connection (which pipelines it) and the caller goes on, so a bid's reply never waits for the publish. While
 * this node's subscription is away, its own events are delivered to its own sockets directly; when the
 * subscription is back, every handler registered with `onResync` is called, so the node sends its sockets a fresh
 * snapshot of what they follow.
 *
 * A publish that cannot be sent (the publisher connection away, or a publish failed) is not lost (decisions/0262):
 * the event is delivered on this node at once and kept, in order, with every event published after it, until the
 * publisher is back; then they go out in the order they were published. Each carries its node and number
 * (busEnvelope.ts), so a publish sent again after a failure that Redis had carried out is delivered once, and this
 * node skips the echo of what it delivered itself. What waits is bounded (`maxBacklog` events, `maxBacklogBytes`,
 * `maxWaitMs`): beyond that the node drops it all and, once it can publish, tells every node to resync.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Episode } from '../db/availability.ts';
import type { Bus, BusEvent } from './bus.ts';
import { type Envelope, envelopeJson, RepeatFilter, resyncNoticeJson } from './busEnvelope.ts';
import { createRedis, type RedisLog } from './redisClient.ts';

export interface RedisBusOptions {
  /** The Redis channel (tests use their own). */
  channel?: string;
  /** Events waiting for the publisher (sent and not yet confirmed, or not sent yet), at most. */
  maxBacklog?: number;
  /** Their size in JSON characters, at most. */
  maxBacklogBytes?: number;
  /** How soon a failed publish is tried again while the connection stays up (a timeout, a refusal). */
  retryMs?: number;
  /** Events that waited longer are stale: dropped, the other nodes told to resync instead. */
  maxWaitMs?: number;
}

interface Pending {
  at: number;
  epoch: number;
  seq: number;
  event: BusEvent;
  json: string;
  sent: boolean;
}

/** Closes a connection politely when Redis answers (within half a second), at once when it does not. */
async function leave(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    await Promise.race([client.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 500))]);
  }
  client.disconnect();
}

export class RedisBus implements Bus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Set<(event: BusEvent) => void>();
  private readonly resyncHandlers = new Set<() => void>();
  private readonly channel: string;
  private readonly maxBacklog: number;
  private readonly maxBacklogBytes: number;
  private readonly retryMs: number;
  private readonly maxWaitMs: number;
  private readonly node = randomUUID();
  private epoch = 0;
  private seq = 0;
  /** Events not yet confirmed by Redis, in publish order (a Map keeps the order of insertion). */
  private readonly backlog = new Map<number, Pending>();
  private backlogBytes = 0;
  /** A publish failed or could not be sent: new events wait behind the backlog, so the order holds. */
  private blocked = false;
  /** Events were dropped: the other nodes are told to resync before anything else goes out. */
  private resyncOwed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly repeats: RepeatFilter;
  private readonly dropped: Episode;
  private closed = false;

  constructor(url: string, log?: RedisLog, options: RedisBusOptions = {}) {
    this.channel = options.channel ?? 'etp:live';
    this.maxBacklog = options.maxBacklog ?? 10_000;
    this.maxBacklogBytes = options.maxBacklogBytes ?? 32 * 1024 * 1024;
    this.retryMs = options.retryMs ?? 250;
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.repeats = new RepeatFilter(2 * this.maxBacklog);
    this.publisher = createRedis(url, 'bus publisher', log);
    this.subscriber = createRedis(url, 'bus subscriber', log, { subscriber: true });
    this.dropped = new Episode(log ?? { warn: () => undefined, info: () => undefined }, 'live bus publish');
    this.subscriber.on('message', (_channel: string, raw: string) => this.receive(raw));
    // Subscribed (again): what was published while this node was not listening is lost; the handlers resend.
    this.subscriber.on('ready', () => {
      if (this.closed) return;
      this.repeats.forgiveGaps();
      this.resync();
    });
    this.subscriber.subscribe(this.channel).catch(() => undefined);
    // The publisher back: what waited goes out, in order.
    this.publisher.on('ready', () => this.drain());
  }

  /** Whether events of other nodes reach this one now. */
  get connected(): boolean {
    return this.subscriber.status === 'ready' && this.publisher.status === 'ready';
  }

  /** Events waiting for the publisher (for tests and monitoring). */
  get waiting(): number {
    return this.backlog.size;
  }

  async publish(event: BusEvent): Promise<void> {
    if (this.closed) return;
    const json = JSON.stringify(event);
    if (this.backlog.size >= this.maxBacklog || this.backlogBytes + json.length > this.maxBacklogBytes)
      this.dropBacklog();
    const pending: Pending = { at: Date.now(), epoch: this.epoch, seq: ++this.seq, event, json, sent: false };
    this.backlog.set(pending.seq, pending);
    this.backlogBytes += json.length;
    const sendNow = this.publisher.status === 'ready' && !this.blocked;
    // Delivered here at once when its echo cannot come soon; the echo is then a repeat.
    if (!sendNow || this.subscriber.status !== 'ready') this.deliverOwn(pending);
    if (sendNow) this.send(pending);
    else {
      this.blocked = true;
      this.scheduleDrain();
    }
  }

  subscribe(handler: (event: BusEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.handlers.clear();
    this.resyncHandlers.clear();
    this.backlog.clear();
    await Promise.all([leave(this.subscriber), leave(this.publisher)]);
  }

  private send(pending: Pending): void {
    pending.sent = true;
    this.publisher
      .publish(this.channel, envelopeJson(this.node, pending.epoch, pending.seq, pending.json))
      .then(
        () => {
          if (this.backlog.get(pending.seq) !== pending) return;
          this.backlog.delete(pending.seq);
          this.backlogBytes -= pending.json.length;
          if (this.dropped.open && !this.blocked) this.dropped.recovered();
        },
        (error: unknown) => {
          if (this.backlog.get(pending.seq) !== pending) return;
          pending.sent = false;
          this.blocked = true;
          this.dropped.failed(error);
          // This node's sockets need not wait for it; its echo, if Redis did take it, is a repeat.
          this.deliverOwn(pending);
          this.scheduleDrain();
        },
      );
  }

  /** Sends what waits, oldest first, once the publisher can take it; new events follow them. */
  private drain(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    if (this.closed || !this.blocked) return;
    if (this.publisher.status !== 'ready') {
      this.scheduleDrain();
      return;
    }
    const oldest = this.backlog.values().next().value;
    if (oldest && Date.now() - oldest.at > this.maxWaitMs) this.dropBacklog();
    this.blocked = false;
    if (this.resyncOwed) {
      this.resyncOwed = false;
      this.publisher
        .publish(this.channel, resyncNoticeJson(this.node, this.epoch))
        .catch((error: unknown) => {
          this.resyncOwed = true;
          this.blocked = true;
          this.dropped.failed(error);
          this.scheduleDrain();
        });
    }
    for (const pending of this.backlog.values()) if (!pending.sent) this.send(pending);
  }

  private scheduleDrain(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => this.drain(), this.retryMs);
    this.retry.unref();
  }

  /**
   * Too much waits, or for too long: it is all dropped (this node delivered it already), numbering starts a new
   * epoch, and the other nodes are told to resync when the publisher is back. Nothing waits without bound.
   */
  private dropBacklog(): void {
    this.dropped.failed(new Error(`${this.backlog.size} live events waited for Redis: dropped`));
    this.backlog.clear();
    this.backlogBytes = 0;
    this.epoch++;
    this.seq = 0;
    this.resyncOwed = true;
    this.blocked = true;
  }

  private deliverOwn(pending: Pending): void {
    if (this.repeats.firstTime(`${this.node}/${pending.epoch}`, pending.seq)) this.dispatch(pending.event);
  }

  private receive(raw: string): void {
    let parsed: Envelope | BusEvent;
    try {
      parsed = JSON.parse(raw) as Envelope | BusEvent;
    } catch {
      return;
    }
    if (!('n' in parsed)) {
      this.dispatch(parsed);
      return;
    }
    if (parsed.r) {
      if (parsed.n !== this.node) this.resync();
      return;
    }
    if (parsed.e && this.repeats.firstTime(`${parsed.n}/${parsed.g}`, parsed.s)) this.dispatch(parsed.e);
  }

  private resync(): void {
    for (const handler of this.resyncHandlers) handler();
  }

  private dispatch(event: BusEvent): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch {
        // One handler's bug must not stop the others (nor the connection's reader).
      }
    }
  }
}
