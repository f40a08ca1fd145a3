/**
 * Load generation runs in child processes (loadgen.child.ts), so that the server's event loop measures the
 * server only. The parent sends one LoadPlan and gets one LoadResult back.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface PlanLot {
  id: number;
  briefcaseId: number;
  startPrice: number;
  stepPrice: number;
  /** The price to bid now and who leads, as the database has them when the plan starts. */
  nextPrice: number;
  leaderCompanyId: number | null;
}

export interface PlanBuyer {
  companyId: number;
  tokens: string[];
}

/**
 * `refused`: the next_price crowd's reference. Every bidder sends the lot's next price as the plan gives it again
 * as soon as it is answered, never waiting for a live update or reading the lot: the reference server refuses
 * every bid, so a bidder that waited for a new price would wait for ever.
 */
export type HotBidding = 'next_price' | 'ladder' | 'refused';

export type LoadPlan =
  /**
   * Many bidders on one lot, one bid in flight each. `next_price`: every bidder bids the lot's next price as it
   * knows it (from its replies and the lot's live updates), so all but one of each round are refused as stale.
   * `ladder`: each bid is one step above the bid sent before it (a shared counter in the generator, as if every
   * bidder had seen the bid before its own), so a bid is refused only when it reaches the lot after a higher one.
   */
  | {
      mode: 'hot';
      url: string;
      seconds: number;
      warmupSeconds?: number;
      lot: PlanLot;
      bidders: PlanBuyer[];
      bidding: HotBidding;
    }
  /** `concurrency` bids in flight at all times over many lots (at most one per lot), as fast as they come back. */
  | {
      mode: 'closed';
      url: string;
      seconds: number;
      /** As for paced plans: the same load first, not counted, in the same process and connections. */
      warmupSeconds?: number;
      lots: PlanLot[];
      buyers: PlanBuyer[];
      concurrency: number;
    }
  /** Open loop: a bid every 1/rate s whatever the replies; latency counts from the scheduled instant. */
  | {
      mode: 'paced';
      url: string;
      seconds: number;
      lots: PlanLot[];
      buyers: PlanBuyer[];
      rate: number;
      /**
       * Seconds of the same load run first and not counted, in the same process on the same connections (its
       * accepted bids are `warmup_accepted`): the measured run then starts with the generator's keep-alive
       * connections open, as traders' browsers have them, and its code optimised, so its first bids do not also
       * pay for connecting.
       */
      warmupSeconds?: number;
      /** Return each accepted bid's lot, amount and acknowledgement time (the fan-out benchmark needs them). */
      recordAcks?: boolean;
    };

export interface Ack {
  lotId: number;
  amount: number;
  /** clock() when the HTTP reply arrived. */
  at: number;
}

export interface LoadResult {
  elapsed_ms: number;
  attempts: number;
  accepted: number;
  stale: number;
  /** Replies other than 200 and 409, by status. */
  other: Record<string, number>;
  /** Acknowledgement latency of each accepted bid, ms. */
  latencies: number[];
  /** Accepted bids in each second of the run. */
  timeline: number[];
  /** Paced: bids that could not be sent on time because every lot had a bid in flight. */
  skipped: number;
  /** Hot: lot reads (GET) a bidder needed when the live update had not told it the price yet. */
  reads: number;
  /** With warmupSeconds: bids accepted during the warm-up (stored, but not in the other figures), per second too. */
  warmup_accepted: number;
  warmup_timeline: number[];
  /** CPU seconds the load generator itself used. */
  cpu_s: number;
  /** The first rejection of each unexpected status, to explain it. */
  samples: Record<string, unknown>;
}

const CHILD = fileURLToPath(new URL('./loadgen.child.ts', import.meta.url));

/**
 * What the child sends: acknowledgements as they come (paced with recordAcks), that the measured run starts (after
 * the warm-up), then the result.
 */
export type LoadMessage =
  | { kind: 'acks'; acks: Ack[] }
  | { kind: 'measuring' }
  | { kind: 'result'; result: LoadResult };

export interface LoadEvents {
  /** Accepted bids while the plan runs (recordAcks). */
  onAcks?: (acks: Ack[]) => void;
  /** The measured run starts (at once without a warm-up): the moment to start counting CPU. */
  onMeasuring?: () => void;
}

/** Runs a plan in a fresh child process. */
export function runLoad(plan: LoadPlan, events: LoadEvents = {}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: process.execArgv, serialization: 'advanced' });
    let done = false;
    child.on('message', (message: LoadMessage) => {
      if (message.kind === 'acks') {
        events.onAcks?.(message.acks);
        return;
      }
      if (message.kind === 'measuring') {
        events.onMeasuring?.();
        return;
      }
      done = true;
      resolve(message.result);
      child.kill();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!done) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(plan);
  });
}
