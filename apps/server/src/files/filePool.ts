/**
 * The pool of file workers (DESIGN §6c, docs/decisions/0090): every uploaded file is read in a worker thread, never
 * on the event loop that answers bids. Each worker has a heap limit (`resourceLimits`) and each job a time limit;
 * a worker past either is ended and the job answered with a Russian refusal naming the limit. Jobs beyond the
 * workers wait in a bounded queue (their position is reported); beyond the queue, a busy refusal.
 *
 * A job talks to its caller while it runs: the worker posts `progress` and `call` messages (a call is answered,
 * e.g. "store this COPY batch"), and finally `done` with the result or an error.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { FILE_MESSAGES } from './fileMessages.ts';
import type { FileJob, FileJobResult, JobError, PoolMessage, WorkerReply } from './fileProtocol.ts';
import { BID_CLOCK, lastBidTime } from './ingestPacing.ts';
import { ProcessWorker } from './processWorker.ts';

export interface FilePoolLimits {
  /** Workers reading files at once. */
  workers: number;
  /**
   * `process` (the default, decision 0232): each worker is a process at idle priority, its collector and zlib
   * included; `thread`: a worker thread (its own thread idle, its collector's and zlib's threads not).
   */
  mode: 'process' | 'thread';
  /** The heap of one worker (old generation), MB. */
  memoryMb: number;
  /** One job's wall time, ms. */
  timeoutMs: number;
  /** Jobs waiting for a worker before new ones are refused. */
  maxQueued: number;
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export function defaultFileLimits(): FilePoolLimits {
  return {
    // One core stays with the trading thread.
    workers: envNumber('FILE_WORKERS', Math.max(1, Math.min(4, availableParallelism() - 1))),
    memoryMb: envNumber('FILE_WORKER_MEMORY_MB', 1024),
    timeoutMs: envNumber('FILE_JOB_TIMEOUT_S', 600) * 1000,
    maxQueued: envNumber('FILE_QUEUE_LIMIT', 32),
    mode: process.env.FILE_WORKER_MODE === 'thread' ? 'thread' : 'process',
  };
}

/** A job's refusal for breaking a limit or finding no room: shown to the seller as is. */
export class FileJobRefusal extends Error {
  constructor(
    message: string,
    readonly reason: 'memory' | 'time' | 'busy' | 'crashed',
  ) {
    super(message);
    this.name = 'FileJobRefusal';
  }
}

/** An error thrown by the job inside the worker, carried over (its code decides the seller's message). */
export class FileJobError extends Error {
  readonly code: string | undefined;
  readonly detail: string | undefined;
  constructor(error: JobError) {
    super(error.message);
    this.name = error.name;
    this.code = error.code;
    this.detail = error.detail;
  }
}

export interface JobHandlers {
  /** 0..1 of the job's work, as the worker reports it. */
  onProgress?: (phase: string, fraction: number) => void;
  /** Position in the queue (1 = next), each time it changes; 0 once a worker took the job. */
  onQueued?: (position: number) => void;
  /** Answers the worker's calls (e.g. storing a batch of rows); the job waits for the answer. */
  onCall?: (name: string, payload: unknown) => Promise<unknown>;
}

interface Pending {
  job: FileJob;
  handlers: JobHandlers;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Beside this module: the loader's entry (src/files), or the compiled worker beside the compiled server (dist). */
const BOOTSTRAP = new URL('./fileWorker.mjs', import.meta.url);

/** What the pool needs of a worker: a worker thread, or a ProcessWorker, which has the same face. */
interface FileWorker {
  postMessage(message: PoolMessage): void;
  on(event: 'message', listener: (message: WorkerReply) => void): unknown;
  on(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  off(event: 'message', listener: (message: WorkerReply) => void): unknown;
  off(event: 'error', listener: (error: Error & { code?: string }) => void): unknown;
  off(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<unknown>;
  ref(): void;
  unref(): void;
}

class Slot {
  worker: FileWorker | null = null;
  busy = false;
}

/** How often a worker process is told the time of the node's last bid while it works (its pacer's clock). */
const CLOCK_EVERY_MS = 100;

export class FilePool {
  private readonly slots: Slot[];
  private readonly queue: Pending[] = [];
  private closed = false;
  /** Workers are started before any job, and again after one is ended (warm). */
  private keepWarm = false;
  /** Jobs run so far, and jobs ended for a limit (monitoring, tests). */
  readonly stats = { jobs: 0, memory: 0, time: 0 };

  constructor(readonly limits: FilePoolLimits = defaultFileLimits()) {
    this.slots = Array.from({ length: limits.workers }, () => new Slot());
  }

  /** Runs the job in a worker; the result, or FileJobRefusal / FileJobError. */
  run<K extends FileJob['kind']>(
    job: Extract<FileJob, { kind: K }>,
    handlers: JobHandlers = {},
  ): Promise<FileJobResult<K>> {
    if (this.closed) return Promise.reject(new FileJobRefusal(FILE_MESSAGES.busy, 'busy'));
    return new Promise((resolve, reject) => {
      const pending: Pending = { job, handlers, resolve: resolve as (v: unknown) => void, reject };
      const slot = this.slots.find((s) => !s.busy);
      if (slot) {
        this.start(slot, pending);
        return;
      }
      if (this.queue.length >= this.limits.maxQueued) {
        reject(new FileJobRefusal(FILE_MESSAGES.busy, 'busy'));
        return;
      }
      this.queue.push(pending);
      handlers.onQueued?.(this.queue.length);
    });
  }

  /**
   * Starts every worker now, and from then on starts one again as soon as a job's worker is ended for a limit
   * (decision 0233). A worker's start (Node, the readers' modules) takes about 0.25 s of a core compiled, 1.5–3 s under
   * the TypeScript loader (decisions/0252), before its pacer runs: started on the first upload, it took that from the bids arriving then. A server calls
   * this as it starts, before trading; a worker that ends on its own (not for a job) is started on the next job.
   */
  warm(): void {
    this.keepWarm = true;
    for (const slot of this.slots) this.warmSlot(slot);
  }

  private warmSlot(slot: Slot): void {
    if (!this.keepWarm || this.closed || slot.worker) return;
    slot.worker = this.spawn();
    // An idle worker does not keep the node's process alive.
    slot.worker.unref();
  }

  /** Ends every worker; queued jobs are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0))
      pending.reject(new FileJobRefusal(FILE_MESSAGES.busy, 'busy'));
    await Promise.all(this.slots.map((slot) => slot.worker?.terminate()));
  }

  /** The ids of the worker processes alive (none in thread mode). */
  processIds(): number[] {
    return this.slots.flatMap((slot) =>
      slot.worker instanceof ProcessWorker && slot.worker.pid !== undefined ? [slot.worker.pid] : [],
    );
  }

  /** Resident memory of the worker processes, bytes (0 for worker threads: they are this process's). */
  rssBytes(): number {
    let total = 0;
    for (const slot of this.slots) if (slot.worker instanceof ProcessWorker) total += slot.worker.rssBytes();
    return total;
  }

  private spawn(): FileWorker {
    const worker: FileWorker =
      this.limits.mode === 'process'
        ? new ProcessWorker(BOOTSTRAP, { memoryMb: this.limits.memoryMb, stackSizeMb: 4 })
        : this.spawnThread();
    // An idle worker's failure must not become an unhandled 'error' event; a busy one's is answered by its job.
    worker.on('error', () => {});
    worker.on('exit', () => {
      for (const slot of this.slots) if (slot.worker === worker) slot.worker = null;
    });
    return worker;
  }

  private spawnThread(): Worker {
    return new Worker(BOOTSTRAP, {
      // The node's bid clock: the worker gives way to trading (files/workerPacing.ts).
      workerData: { bidClock: BID_CLOCK },
      resourceLimits: {
        maxOldGenerationSizeMb: this.limits.memoryMb,
        stackSizeMb: 4,
      },
      // The worker's console output is not interleaved into the server's log.
      stdout: false,
      stderr: false,
    });
  }

  private start(slot: Slot, pending: Pending): void {
    slot.busy = true;
    this.stats.jobs += 1;
    pending.handlers.onQueued?.(0);
    this.queue.forEach((p, i) => {
      p.handlers.onQueued?.(i + 1);
    });
    let worker = slot.worker;
    if (!worker) {
      worker = this.spawn();
      slot.worker = worker;
    }
    worker.ref();
    const current = worker;
    let settled = false;
    // A worker process cannot share the bid clock's memory: it is told the clock while it works.
    let toldClock = Number.NaN;
    const clock =
      current instanceof ProcessWorker
        ? setInterval(() => {
            const lastBid = lastBidTime();
            if (lastBid === toldClock) return;
            toldClock = lastBid;
            current.postMessage({ type: 'clock', lastBid });
          }, CLOCK_EVERY_MS)
        : null;
    const finish = (ended: boolean) => {
      settled = true;
      clearTimeout(timer);
      if (clock) clearInterval(clock);
      current.off('message', onMessage);
      current.off('error', onError);
      current.off('exit', onExit);
      if (ended) {
        if (slot.worker === current) slot.worker = null;
        void current.terminate();
      } else {
        current.unref();
      }
      slot.busy = false;
      const next = this.queue.shift();
      if (next) this.start(slot, next);
      else this.warmSlot(slot);
    };
    const refuse = (error: FileJobRefusal) => {
      if (settled) return;
      finish(true);
      pending.reject(error);
    };
    const timer = setTimeout(() => {
      this.stats.time += 1;
      refuse(new FileJobRefusal(FILE_MESSAGES.timeLimit(this.limits.timeoutMs), 'time'));
    }, this.limits.timeoutMs);
    const onMessage = (message: WorkerReply) => {
      if (settled) return;
      switch (message.type) {
        case 'progress':
          pending.handlers.onProgress?.(message.phase, message.fraction);
          return;
        case 'call': {
          const answer = pending.handlers.onCall
            ? pending.handlers.onCall(message.name, message.payload)
            : Promise.reject(new Error(`no handler for ${message.name}`));
          answer.then(
            (value) => {
              if (!settled) current.postMessage({ type: 'answer', id: message.id, value });
            },
            (error: unknown) => {
              // The caller's side failed (e.g. the database): the job ends with that error.
              if (settled) return;
              finish(true);
              pending.reject(error);
            },
          );
          return;
        }
        case 'done':
          finish(false);
          if (message.error) pending.reject(new FileJobError(message.error));
          else pending.resolve(message.result);
          return;
      }
    };
    const onError = (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.stats.memory += 1;
        refuse(new FileJobRefusal(FILE_MESSAGES.memoryLimit(this.limits.memoryMb), 'memory'));
      } else {
        refuse(new FileJobRefusal(FILE_MESSAGES.crashed, 'crashed'));
      }
    };
    const onExit = () => {
      if (slot.worker === current) slot.worker = null;
      refuse(new FileJobRefusal(FILE_MESSAGES.crashed, 'crashed'));
    };
    current.on('message', onMessage);
    current.on('error', onError);
    current.on('exit', onExit);
    current.postMessage({ type: 'job', job: pending.job });
  }
}

let shared: FilePool | null = null;

/** The process's pool (one per node: the limits are the node's). */
export function filePool(): FilePool {
  shared ??= new FilePool();
  return shared;
}

/** Tests: a pool with other limits in place of the shared one (the old one is closed). */
export async function replaceFilePool(limits: Partial<FilePoolLimits>): Promise<FilePool> {
  await shared?.close();
  shared = new FilePool({ ...defaultFileLimits(), ...limits });
  return shared;
}
