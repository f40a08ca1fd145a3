/**
 * What a node puts on the Redis bus (decisions/0262): each event numbered in its node's publish order, so a publish
 * sent again after a failure that Redis had in fact carried out is delivered once; and the notice a node sends when
 * it had to drop events it could not publish.
 */
import type { BusEvent } from './bus.ts';

export interface Envelope {
  /** The publishing node's bus. */
  n: string;
  /** Its epoch: a new one (numbering from 1 again) after the node dropped events it could not publish. */
  g: number;
  /** The event's number in the order its node published (from 1 in each epoch). */
  s: number;
  e?: BusEvent;
  /** A resync notice: events of this node were dropped; every other node sends its sockets fresh snapshots. */
  r?: 1;
}

/** An event as it goes to Redis: the event's JSON is inserted as it is (JSON.stringify once per event). */
export function envelopeJson(node: string, epoch: number, seq: number, eventJson: string): string {
  return `{"n":${JSON.stringify(node)},"g":${epoch},"s":${seq},"e":${eventJson}}`;
}

export function resyncNoticeJson(node: string, epoch: number): string {
  return `{"n":${JSON.stringify(node)},"g":${epoch},"s":0,"r":1}`;
}

interface Seen {
  /** Every number up to this one was seen (or given up on). */
  floor: number;
  /** Numbers above the floor seen out of order (a publish sent again arrives after the ones that followed it). */
  above: Set<number>;
}

/**
 * Tells an envelope seen for the first time from a repeat, per origin (node and epoch). Memory is bounded: at most
 * `maxOrigins` origins (the oldest forgotten), at most `window` numbers held out of order per origin (beyond that
 * the missing ones are given up).
 */
export class RepeatFilter {
  private readonly origins = new Map<string, Seen>();

  constructor(
    private readonly window: number,
    private readonly maxOrigins = 256,
  ) {}

  firstTime(origin: string, seq: number): boolean {
    let seen = this.origins.get(origin);
    if (!seen) {
      if (this.origins.size >= this.maxOrigins) this.origins.delete(this.origins.keys().next().value!);
      seen = { floor: seq - 1, above: new Set() };
      this.origins.set(origin, seen);
    }
    if (seq <= seen.floor || seen.above.has(seq)) return false;
    seen.above.add(seq);
    if (seen.above.size > this.window) {
      let lowest = seq;
      for (const held of seen.above) lowest = Math.min(lowest, held);
      seen.floor = lowest - 1;
    }
    while (seen.above.delete(seen.floor + 1)) seen.floor++;
    return true;
  }

  /**
   * This node did not listen for a while: what it missed is lost (the hub resyncs), so no origin waits for its
   * missing numbers any more. A number below one already seen still counts as a repeat: never delivered twice.
   */
  forgiveGaps(): void {
    for (const seen of this.origins.values()) {
      for (const held of seen.above) seen.floor = Math.max(seen.floor, held);
      seen.above.clear();
    }
  }
}
