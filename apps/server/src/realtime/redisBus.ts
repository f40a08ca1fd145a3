/**
 * Redis pub/sub bus for several nodes. One channel carries every event in publish order (Redis keeps the order
 * of messages published on one connection), so all nodes see the updates of a lot in the same order.
 *
 * Redis is optional at every moment (decisions/0098). `publish` never waits for Redis: the event is handed to the
 * connection (which pipelines it) and the caller goes on, so a bid's reply never waits for the publish. While
 * Redis is away (or this node's subscription is), the node's own events are delivered to its own sockets directly
 * and updates between nodes pause; publishes in flight are bounded (MAX_IN_FLIGHT, beyond that they are dropped)
 * and time out (COMMAND_TIMEOUT_MS). When the subscription is back, every handler registered with `onResync` is
 * called, so the node sends its sockets a fresh snapshot of what they follow.
 */
import type { Redis } from 'ioredis';
import { Episode } from '../db/availability.ts';
import type { Bus, BusEvent } from './bus.ts';
import { createRedis, type RedisLog } from './redisClient.ts';

const CHANNEL = 'etp:live';

/** Publishes sent to Redis and not yet answered, at most; more are dropped until Redis catches up. */
const MAX_IN_FLIGHT = 10_000;

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
  private inFlight = 0;
  private readonly dropped: Episode;
  private closed = false;

  constructor(url: string, log?: RedisLog) {
    this.publisher = createRedis(url, 'bus publisher', log);
    this.subscriber = createRedis(url, 'bus subscriber', log, { subscriber: true });
    this.dropped = new Episode(log ?? { warn: () => undefined, info: () => undefined }, 'live bus publish');
    this.subscriber.on('message', (_channel: string, raw: string) => {
      let event: BusEvent;
      try {
        event = JSON.parse(raw) as BusEvent;
      } catch {
        return;
      }
      this.dispatch(event);
    });
    // Subscribed (again): what was published while this node was not listening is lost; the handlers resend.
    this.subscriber.on('ready', () => {
      if (this.closed) return;
      for (const handler of this.resyncHandlers) handler();
    });
    this.subscriber.subscribe(CHANNEL).catch(() => undefined);
  }

  /** Whether events of other nodes reach this one now. */
  get connected(): boolean {
    return this.subscriber.status === 'ready' && this.publisher.status === 'ready';
  }

  async publish(event: BusEvent): Promise<void> {
    if (this.closed) return;
    const listening = this.subscriber.status === 'ready';
    // Not listening: this node's own events reach its sockets directly; the other nodes get them if Redis takes them.
    if (!listening) this.dispatch(event);
    if (this.publisher.status !== 'ready') return;
    if (this.inFlight >= MAX_IN_FLIGHT) {
      this.dropped.failed(new Error('too many publishes in flight'));
      return;
    }
    this.inFlight++;
    this.publisher.publish(CHANNEL, JSON.stringify(event)).then(
      () => {
        this.inFlight--;
        if (this.dropped.open) this.dropped.recovered();
      },
      (error: unknown) => {
        this.inFlight--;
        this.dropped.failed(error);
      },
    );
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
    this.handlers.clear();
    this.resyncHandlers.clear();
    await Promise.all([leave(this.subscriber), leave(this.publisher)]);
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
