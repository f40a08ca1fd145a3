/**
 * The seller's counters after bids, counted at most once per STATS_INTERVAL_MS per procedure: a bid that commits
 * while its procedure is being counted or waits for its turn is covered by the next count, so the last message
 * always follows the last bid, and a busy procedure costs a few aggregates a second, not one per bid. Nothing
 * waits for it; a count never fails a bid (decisions/0012). One per node, in the application context (nodeState.ts).
 */
import { performance } from 'node:perf_hooks';

/** The least time between two counts of one procedure's counters (decisions/0050). */
export const STATS_INTERVAL_MS = 1000;

/** Procedures remembered at most; idle ones are forgotten beyond it. */
const MAX_PROCEDURES = 10_000;

interface StatsRun {
  /** A count is running or waiting for its turn. */
  busy: boolean;
  /** A bid committed while the count ran: count again afterwards. */
  again: boolean;
  last: number;
}

export class StatsScheduler {
  private readonly runs = new Map<number, StatsRun>();
  private closed = false;

  /** `publish` counts one procedure and sends its counters (statistics.live.ts publishStats). */
  constructor(private readonly publish: (briefcaseId: number) => Promise<void>) {}

  schedule(briefcaseId: number): void {
    if (this.closed) return;
    let run = this.runs.get(briefcaseId);
    if (!run) {
      if (this.runs.size >= MAX_PROCEDURES)
        for (const [id, r] of this.runs) if (!r.busy) this.runs.delete(id);
      run = { busy: false, again: false, last: 0 };
      this.runs.set(briefcaseId, run);
    }
    if (run.busy) {
      run.again = true;
      return;
    }
    run.busy = true;
    const state = run;
    const count = async () => {
      try {
        do {
          state.again = false;
          const wait = state.last + STATS_INTERVAL_MS - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          if (this.closed) return;
          state.last = performance.now();
          await this.publish(briefcaseId);
        } while (state.again);
      } finally {
        state.busy = false;
      }
    };
    // Counters that cannot be read now (the database away) are counted again after the next bid.
    count().catch(() => undefined);
  }

  /** No count starts after this (the node is stopping). */
  close(): void {
    this.closed = true;
    this.runs.clear();
  }
}
