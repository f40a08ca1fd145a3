/**
 * A file worker gives way to trading (docs/decisions/0231). On 2 cores a file worker that parses without pause
 * delays every wakeup of the bid path (the trading thread, PostgreSQL, the bidders' connections) by up to the
 * scheduler's slice, even at nice 19. While this node has had a bid in the last `quietMs`, the worker pauses
 * after each chunk of a file it has read, for `factor` times the time the chunk took (at most `maxPauseMs`): it
 * then holds a core at most 1 / (1 + factor) of the time. With no bid, no pause.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { INGEST_PACING } from './ingestPacing.ts';

const envNumber = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
};

export const WORKER_PACING = {
  quietMs: INGEST_PACING.quietMs,
  /** Pause after a chunk, as a multiple of the chunk's own time (0 turns it off). */
  factor: envNumber('FILE_WORKER_YIELD_FACTOR', 8),
  /** One pause at most, ms. */
  maxPauseMs: 200,
} as const;

/** The pause owed after a chunk of `workMs` when the last bid was at `lastBidAt` (Date.now ms). */
export function workerPause(
  workMs: number,
  now: number,
  lastBidAt: number,
  pacing: { quietMs: number; factor: number; maxPauseMs: number } = WORKER_PACING,
): number {
  if (pacing.factor === 0 || now - lastBidAt > pacing.quietMs) return 0;
  return Math.min(pacing.maxPauseMs, Math.max(0, workMs) * pacing.factor);
}

/**
 * The pacer a worker sets for its xlsx reads (setChunkPacer): `clock` is the node's bid clock (BID_CLOCK). It
 * measures the work since it last returned, and sleeps what workerPause says.
 */
export function chunkPacer(clock: SharedArrayBuffer): () => Promise<void> | undefined {
  const lastBid = new Float64Array(clock);
  let resumed = performance.now();
  return () => {
    const now = performance.now();
    const pause = workerPause(now - resumed, Date.now(), lastBid[0]!);
    if (pause < 1) {
      resumed = now;
      return undefined;
    }
    return sleep(pause).then(() => {
      resumed = performance.now();
    });
  };
}
