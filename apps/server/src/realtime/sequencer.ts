/**
 * Puts lot updates back in version order before they reach sockets. Bids on one lot commit one after another
 * (row lock), but their publications can overtake each other: two requests on one node resume in any order,
 * and two nodes publish to Redis independently. Every change of a lot bumps its version by one, so a node
 * holds an update that arrives early until its predecessor arrives (or `waitMs` passes), and drops repeats.
 *
 * After a gap in the bus (Redis back) the hub's snapshot comes through `resync`: it is read from the database while
 * updates go on, so it may be older than an update already delivered; then it is dropped, never sent after it.
 */
import type { BusEvent } from './bus.ts';

/** A lot update's stream key (lot and audience) and version; null for any other event. */
function versionOf(event: BusEvent): { key: string; version: number } | null {
  const { message } = event;
  // The fields are checked as well: the event may come from another node over Redis.
  if (
    message.action !== 'lot_update' ||
    typeof message.payload?.id !== 'number' ||
    typeof message.payload.version !== 'number'
  )
    return null;
  const { payload } = message;
  return { key: `${payload.id}:${event.audience.kind}`, version: payload.version };
}

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
    const versioned = versionOf(event);
    if (!versioned) {
      this.deliver(event);
      return;
    }
    const { key, version } = versioned;
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

  /**
   * A snapshot after a gap: each lot's state as the database has it now. Updates lost in the gap are not waited
   * for: a snapshot newer than what was delivered goes out at once (with the held updates that follow it); one
   * that is not newer is dropped, so a socket never gets a version below one it already has.
   */
  resync(events: readonly BusEvent[]): void {
    for (const event of events) {
      const versioned = versionOf(event);
      if (!versioned) {
        this.deliver(event);
        continue;
      }
      const { key, version } = versioned;
      const stream = this.streams.get(key);
      if (!stream) {
        this.streams.set(key, { last: version, held: new Map(), timer: null });
        this.deliver(event);
        continue;
      }
      if (version <= stream.last) continue;
      stream.last = version;
      for (const held of stream.held.keys()) if (held <= version) stream.held.delete(held);
      this.deliver(event);
      this.flush(stream);
    }
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
