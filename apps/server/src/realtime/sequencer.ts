/**
 * Puts lot updates back in version order before they reach sockets. Bids on one lot commit one after another
 * (row lock), but their publications can overtake each other: two requests on one node resume in any order,
 * and two nodes publish to Redis independently. Every change of a lot bumps its version by one, so a node
 * holds an update that arrives early until its predecessor arrives (or `waitMs` passes), and drops repeats.
 */
import type { BusEvent } from './bus.ts';

interface Stream {
  last: number;
  held: Map<number, BusEvent>;
  timer: NodeJS.Timeout | null;
}

export class LotUpdateSequencer {
  private readonly streams = new Map<string, Stream>();

  constructor(
    private readonly deliver: (event: BusEvent) => void,
    private readonly waitMs = 1000,
  ) {}

  /** Passes the event on, in order; events that are not versioned lot updates pass straight through. */
  push(event: BusEvent): void {
    const payload = event.message.payload as { id?: unknown; version?: unknown } | null;
    if (
      event.message.action !== 'lot_update' ||
      typeof payload?.id !== 'number' ||
      typeof payload.version !== 'number'
    ) {
      this.deliver(event);
      return;
    }
    const key = `${payload.id}:${event.audience.kind}`;
    const version = payload.version;
    const stream = this.streams.get(key);
    if (!stream) {
      this.streams.set(key, { last: version, held: new Map(), timer: null });
      this.deliver(event);
      return;
    }
    if (version <= stream.last) return;
    if (version === stream.last + 1) {
      stream.last = version;
      this.deliver(event);
      this.flush(stream);
      return;
    }
    stream.held.set(version, event);
    stream.timer ??= setTimeout(() => this.giveUpWaiting(stream), this.waitMs);
  }

  close(): void {
    for (const stream of this.streams.values()) if (stream.timer) clearTimeout(stream.timer);
    this.streams.clear();
  }

  private flush(stream: Stream): void {
    for (let next = stream.held.get(stream.last + 1); next; next = stream.held.get(stream.last + 1)) {
      stream.held.delete(stream.last + 1);
      stream.last += 1;
      this.deliver(next);
    }
    if (stream.held.size === 0 && stream.timer) {
      clearTimeout(stream.timer);
      stream.timer = null;
    }
  }

  /** A predecessor never came (a change that was not published): deliver what is held, in order. */
  private giveUpWaiting(stream: Stream): void {
    stream.timer = null;
    const versions = [...stream.held.keys()].sort((a, b) => a - b);
    for (const version of versions) {
      const event = stream.held.get(version)!;
      stream.held.delete(version);
      stream.last = version;
      this.deliver(event);
    }
  }
}
