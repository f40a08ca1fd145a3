/**
 * Decision 0151: file workers run at nice 19 (a thread's own on Linux), the thread that answers bids at the
 * process's 0; registry COPY batches give way while bids arrive. Decision 0232: file workers also run at idle
 * priority (SCHED_IDLE), which any other thread's wakeup preempts.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilePool } from './filePool.ts';
import {
  INGEST_PACING,
  lastBidTime,
  noteBid,
  pacedBatch,
  pacedCopy,
  pauseAfterBatch,
} from './ingestPacing.ts';

/** tid → nice of every thread of this process, from /proc/self/task/<tid>/stat (field 19). */
function threadNice(): Map<number, number> {
  return threadField(16);
}

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** tid → scheduling policy of every thread of this process (field 41): 0 SCHED_OTHER, 5 SCHED_IDLE. */
function threadPolicy(pid: number | 'self' = 'self'): Map<number, number> {
  return threadField(38, pid);
}

/** tid → one numeric field of /proc/self/task/<tid>/stat, counted from the state (field 3) on. */
function threadField(index: number, pid: number | 'self' = 'self'): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after "(comm)": state is field 3, nice field 19, policy field 41.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), Number(fields[index]));
  }
  return out;
}

describe('file workers yield the CPU to the trading thread', () => {
  let pool: FilePool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('a file worker thread runs at nice 19 and idle priority, the main thread at 0 and the normal policy', async () => {
    // The server's tests share one process (isolate: false): file workers of earlier files may still be alive.
    const before = new Set([...threadNice().entries()].filter(([, nice]) => nice === 19).map(([tid]) => tid));
    pool = new FilePool({ workers: 1, memoryMb: 128, timeoutMs: 20_000, maxQueued: 1, mode: 'thread' });
    const job = pool.run({ kind: 'sleep', ms: 1500 });
    job.catch(() => {}); // awaited below; a failed assertion ends the pool first
    const fresh = () =>
      [...threadNice().entries()]
        .filter(([tid, nice]) => nice === 19 && !before.has(tid))
        .map(([tid]) => tid);
    // The worker sets its nice value, then its policy (through chrt): both are waited for in /proc (no event
    // tells when a thread's priority changed).
    let niced: number[] = [];
    await vi.waitFor(
      () => {
        niced = fresh();
        expect(niced.length > 0 && threadPolicy().get(niced[0]!) === SCHED_IDLE).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    const all = threadNice();
    expect(niced).toHaveLength(1);
    expect(niced).not.toContain(process.pid);
    expect(all.get(process.pid)).toBe(0);
    // Every other new or old thread (libuv's pool, V8's helpers, the test runner's) keeps the process's priority.
    expect(
      [...all.entries()].filter(([tid, nice]) => nice !== 0 && !before.has(tid)).map(([, n]) => n),
    ).toEqual([19]);
    const policies = threadPolicy();
    expect(policies.get(niced[0]!)).toBe(SCHED_IDLE);
    expect(policies.get(process.pid)).toBe(SCHED_OTHER);
    await job;
  }, 30_000);

  it('a file worker process runs every one of its threads at idle priority, its collector and zlib included', async () => {
    pool = new FilePool({ workers: 1, memoryMb: 128, timeoutMs: 20_000, maxQueued: 1, mode: 'process' });
    const job = pool.run({ kind: 'sleep', ms: 1500 });
    job.catch(() => {}); // awaited below; a failed assertion ends the pool first
    const pids = await vi.waitFor(
      () => {
        const started = pool!.processIds();
        expect(started).not.toEqual([]);
        return started;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(pids).toHaveLength(1);
    expect(pids[0]).not.toBe(process.pid);
    // Until Node has started its threads (chrt executes it first), as /proc lists them.
    await vi.waitFor(() => expect(threadPolicy(pids[0]!).size).toBeGreaterThan(4), {
      timeout: 5_000,
      interval: 50,
    });
    const policies = [...threadPolicy(pids[0]!).values()];
    // Node's main thread, V8's helpers, libuv's pool, its signal and inspector threads.
    expect(policies.length).toBeGreaterThan(4);
    expect(new Set(policies)).toEqual(new Set([SCHED_IDLE]));
    expect(threadPolicy().get(process.pid)).toBe(SCHED_OTHER);
    expect(pool.rssBytes()).toBeGreaterThan(10 * 1024 * 1024);
    await job;
  }, 30_000);

  it("a worker process is told the node's last bid while it works (its pacer's clock)", async () => {
    pool = new FilePool({ workers: 1, memoryMb: 128, timeoutMs: 20_000, maxQueued: 1, mode: 'process' });
    // Started first: the process is up before the bid.
    await pool.run({ kind: 'bidClock', ms: 0 });
    noteBid();
    const told = lastBidTime();
    expect(told).toBeGreaterThan(Date.now() - 1000);
    const { lastBid } = await pool.run({ kind: 'bidClock', ms: 400 });
    expect(lastBid).toBe(told);
  }, 30_000);

  it('a worker process ends when its node is killed', async () => {
    const script = [
      `import { FilePool } from ${JSON.stringify(new URL('./filePool.ts', import.meta.url).pathname)};`,
      "const pool = new FilePool({ workers: 1, memoryMb: 128, timeoutMs: 60_000, maxQueued: 1, mode: 'process' });",
      "void pool.run({ kind: 'sleep', ms: 60_000 }).catch(() => {});",
      'const poll = setInterval(() => { const [pid] = pool.processIds(); if (pid) { console.log(pid); clearInterval(poll); } }, 50);',
    ].join('\n');
    const node = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const workerPid = await new Promise<number>((resolve, reject) => {
      node.stdout.setEncoding('utf8');
      node.stdout.once('data', (text: string) => resolve(Number(text.trim())));
      node.once('exit', () => reject(new Error('the node ended before its worker started')));
    });
    expect(existsSync(`/proc/${workerPid}`)).toBe(true);
    node.kill('SIGKILL');
    // The worker is not our child: no exit event reaches this process, so /proc is watched until it has gone.
    await vi.waitFor(
      () =>
        expect(
          !existsSync(`/proc/${workerPid}`) ||
            /^State:\s+Z/m.test(readFileSync(`/proc/${workerPid}/status`, 'utf8')),
        ).toBe(true),
      { timeout: 20_000, interval: 50 },
    );
  }, 30_000);

  it('a warm pool starts its workers before any job, and one ended for a limit again at once (decision 0233)', async () => {
    // The time limit leaves a worker time to start (its first job waits for that).
    pool = new FilePool({ workers: 2, memoryMb: 128, timeoutMs: 4_000, maxQueued: 1, mode: 'process' });
    expect(pool.processIds()).toEqual([]);
    pool.warm();
    const started = pool.processIds();
    expect(started).toHaveLength(2);
    // The first job runs in a worker already started: no new process.
    await pool.run({ kind: 'bidClock', ms: 0 });
    expect(pool.processIds().sort()).toEqual([...started].sort());
    // A job past its time limit ends its worker; another is started with no job waiting.
    await expect(pool.run({ kind: 'sleep', ms: 20_000 })).rejects.toMatchObject({ reason: 'time' });
    const after = pool.processIds();
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => !started.includes(pid))).toHaveLength(1);
    for (const pid of after) expect(existsSync(`/proc/${pid}`)).toBe(true);
  }, 30_000);

  it('a pool not warmed starts a worker on its first job only', async () => {
    pool = new FilePool({ workers: 2, memoryMb: 128, timeoutMs: 300, maxQueued: 1, mode: 'process' });
    await expect(pool.run({ kind: 'sleep', ms: 5_000 })).rejects.toMatchObject({ reason: 'time' });
    expect(pool.processIds()).toEqual([]);
  }, 30_000);
});

describe('registry COPY batches give way to bids', () => {
  const pacing = { quietMs: 250, factor: 2, maxPauseMs: 2000 };
  // The batches, the pauses and the clock that measures them are vitest's fake timers: the test moves time on.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  /** What `work` resolves to, its timers (and those they start) run on the fake clock. */
  const onFakeClock = async <T>(work: Promise<T>): Promise<T> => {
    const [value] = await Promise.all([work, vi.runAllTimersAsync()]);
    return value;
  };

  it('no bid in the last quietMs: no pause', () => {
    expect(pauseAfterBatch(100, 10_000, 10_000 - 251, pacing)).toBe(0);
    expect(pauseAfterBatch(100, 10_000, Number.NEGATIVE_INFINITY, pacing)).toBe(0);
  });

  it('a recent bid: the batch time times the factor, capped', () => {
    expect(pauseAfterBatch(100, 10_000, 10_000 - 250, pacing)).toBe(200);
    expect(pauseAfterBatch(100, 10_000, 9_990, pacing)).toBe(200);
    expect(pauseAfterBatch(5_000, 10_000, 9_990, pacing)).toBe(2000);
    expect(pauseAfterBatch(100, 10_000, 9_990, { ...pacing, factor: 0 })).toBe(0);
  });

  it('by default, eight batch-times of pause while trading (the ingest keeps a ninth of its pace, decision 0231)', () => {
    expect(INGEST_PACING.factor).toBe(8);
  });

  it('a batch run while a bid arrives waits; after the bids stop it does not', async () => {
    const batch = () => new Promise<void>((resolve) => setTimeout(resolve, 40));
    noteBid();
    const started = performance.now();
    const paused = await onFakeClock(pacedBatch(batch));
    expect(paused).toBe(40 * INGEST_PACING.factor);
    expect(performance.now() - started).toBe(40 + paused);
    await vi.advanceTimersByTimeAsync(INGEST_PACING.quietMs + 20);
    expect(await onFakeClock(pacedBatch(batch))).toBe(0);
  });

  it('while bids arrive a batch goes in slices of whole rows, each followed by a pause; when quiet, in one COPY', async () => {
    // 4,000 rows of 64 bytes; the database takes 1 ms per 4 kB.
    const row = `${'x'.repeat(63)}\n`;
    const data = new TextEncoder().encode(row.repeat(4_000));
    const slices: { bytes: number; at: number }[] = [];
    const copy = async (slice: Uint8Array) => {
      expect(slice.at(-1)).toBe(10);
      slices.push({ bytes: slice.length, at: performance.now() });
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(slice.length / 4096)));
    };
    noteBid();
    const paused = await onFakeClock(pacedCopy(data, copy));
    expect(slices.length).toBeGreaterThan(1);
    expect(slices.reduce((sum, s) => sum + s.bytes, 0)).toBe(data.length);
    expect(paused).toBeGreaterThan(0);
    slices.length = 0;
    await vi.advanceTimersByTimeAsync(INGEST_PACING.quietMs + 20);
    expect(await onFakeClock(pacedCopy(data, copy))).toBe(0);
    expect(slices.map((s) => s.bytes)).toEqual([data.length]);
  });
});
