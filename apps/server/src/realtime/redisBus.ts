/**
 * Redis pub/sub bus for several nodes. One channel carries every event in publish order (Redis keeps the order
 * of messages published on one connection), so all nodes see the updates of a lot in the same order.
 */
import { Redis } from 'ioredis';
import type { Bus, BusEvent } from './bus.ts';

const CHANNEL = 'etp:live';

export class RedisBus implements Bus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Set<(event: BusEvent) => void>();
  private readonly ready: Promise<unknown>;

  constructor(url: string) {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: false });
    this.subscriber.on('message', (_channel: string, raw: string) => {
      const event = JSON.parse(raw) as BusEvent;
      for (const handler of this.handlers) handler(event);
    });
    this.ready = this.subscriber.subscribe(CHANNEL);
  }

  async publish(event: BusEvent): Promise<void> {
    await this.ready;
    await this.publisher.publish(CHANNEL, JSON.stringify(event));
  }

  subscribe(handler: (event: BusEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
