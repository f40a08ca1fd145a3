/**
 * A file worker gives way to trading (docs/decisions/0231). On 2 cores a file worker that parses without pause
 * delays every wakeup of the bid path (the trading thread, PostgreSQL, the bidders' connections) by up to the
 * scheduler's slice, even at nice 19. While this node has had a bid in the last `quietMs`, the worker pauses
 * after each chunk of a file it has read, for `factor` times the time the chunk took (WORKER_PACING): it then
 * holds a core at most 1 / (1 + factor) of the time. With no bid, no pause.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { pauseAfterBatch, WORKER_PACING } from './ingestPacing.ts';

/**
 * The pacer a worker sets for its xlsx reads (setChunkPacer): `clock` is the node's bid clock (BID_CLOCK, Date.now
 * ms). It measures the work since it last returned, and sleeps the pause that work owes.
 */
export function chunkPacer(clock: SharedArrayBuffer): () => Promise<void> | undefined {
  const lastBid = new Float64Array(clock);
  let resumed = performance.now();
  return () => {
    const now = performance.now();
    const pause = pauseAfterBatch(now - resumed, Date.now(), lastBid[0]!, WORKER_PACING);
    if (pause < 1) {
      resumed = now;
      return undefined;
    }
    return sleep(pause).then(() => {
      resumed = performance.now();
    });
  };
}
