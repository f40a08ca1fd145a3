/**
 * Bids before registry ingest (docs/decisions/0151): while bids are arriving on this node, a registry's COPY batches
 * are spaced out so that PostgreSQL's COPY backend and the file worker leave the cores to the bids' commits. After a
 * batch that took `t` ms, the ingest waits `factor × t` (at most `maxPauseMs`) if a bid came in the last `quietMs`;
 * with no bid, no wait. The ingest always advances: at worst it runs at 1 / (1 + factor) of its speed (a ninth
 * with the default 8, decision 0231).
 * While bids arrive, a batch is also cut into COPY statements of whole rows of about 10 ms each (pacedCopy), each
 * followed by its pause: a bid then waits behind at most one such slice, never behind a whole batch.
 */
import { copyInSlices } from '../modules/registries/ingest/rawSession.ts';

/** The global timer (not node:timers/promises), so that tests can run the pacing on a fake clock. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const envNumber = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
};

export const INGEST_PACING = {
  /** A bid within this many ms means trading is on. */
  quietMs: 250,
  /** Pause after a batch, as a multiple of the batch's own time (0 turns pacing off). */
  factor: envNumber('INGEST_YIELD_FACTOR', 8),
  /** One pause at most, ms. */
  maxPauseMs: 2000,
} as const;

/** The same rule for a file worker's reads, after each chunk (files/workerPacing.ts, decision 0231). */
export const WORKER_PACING = {
  quietMs: INGEST_PACING.quietMs,
  /** Pause after a chunk, as a multiple of the chunk's own time (0 turns it off). */
  factor: envNumber('FILE_WORKER_YIELD_FACTOR', 8),
  /** One pause at most, ms. */
  maxPauseMs: 200,
} as const;

let lastBidAt = Number.NEGATIVE_INFINITY;

/**
 * The wall-clock ms (Date.now) of this node's last bid, shared with the file workers (workerData), which give way
 * to trading while it is recent (files/workerPacing.ts).
 */
export const BID_CLOCK = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT);
const bidClock = new Float64Array(BID_CLOCK);

/** The wall-clock ms (Date.now) of this node's last bid, as BID_CLOCK holds it. */
export function lastBidTime(): number {
  return bidClock[0]!;
}

/** Called by every bid this node receives. */
export function noteBid(now = performance.now()): void {
  lastBidAt = now;
  bidClock[0] = Date.now();
}

/**
 * The pause owed after a batch (or a worker's chunk) that took `batchMs`, ending at `now`, when the last bid was at
 * `lastBid` (both on one clock).
 */
export function pauseAfterBatch(
  batchMs: number,
  now = performance.now(),
  lastBid = lastBidAt,
  pacing: { quietMs: number; factor: number; maxPauseMs: number } = INGEST_PACING,
): number {
  if (now - lastBid > pacing.quietMs) return 0;
  return Math.min(pacing.maxPauseMs, Math.max(0, batchMs) * pacing.factor);
}

/** Runs one ingest batch, then waits as the pacing rule says. Returns the time waited (ms). */
export async function pacedBatch(batch: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await batch();
  const pause = pauseAfterBatch(performance.now() - started);
  if (pause > 0) await sleep(pause);
  return pause;
}

/** Whether a bid reached this node in the last `quietMs`. */
function tradingOn(now = performance.now(), lastBid = lastBidAt): boolean {
  return now - lastBid <= INGEST_PACING.quietMs;
}

/**
 * Stores one COPY batch: whole when no bid is arriving (then paced as a batch); while bids arrive, in slices of
 * whole rows of about 10 ms each, each followed by its pause. Returns the time waited (ms).
 */
export async function pacedCopy(
  data: Uint8Array,
  copy: (slice: Uint8Array) => Promise<void>,
): Promise<number> {
  if (INGEST_PACING.factor === 0 || !tradingOn()) return pacedBatch(() => copy(data));
  let waited = 0;
  await copyInSlices(data, copy, async (_bytes, ms) => {
    const pause = pauseAfterBatch(ms);
    if (pause > 0) {
      waited += pause;
      await sleep(pause);
    }
  });
  return waited;
}
