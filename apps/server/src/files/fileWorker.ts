/**
 * Inside a file worker (docs/decisions/0090): runs one job at a time, as the pool sends them. A job reports
 * progress, may call the main thread (e.g. to store a batch of rows) and ends with its result or its error.
 * The worker is a process of its own (decision 0232: ETP_FILE_WORKER=process, its IPC channel) or a worker
 * thread (its parent port).
 */
// First: a worker process ignores the terminal's signals from its very start.
import './workerSignals.mjs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { setChunkPacer } from '@etp/xlsx';
import { inspectZip } from '../http/zipGuard.ts';
import { readBatchSheetFile } from '../modules/batchAutobids/file/read.ts';
import { renderAgreement } from '../modules/deals/agreement/agreementRender.ts';
import { writeDealRegistry } from '../modules/deals/registry/registryFile.ts';
import { renderMainReportPdf, renderProtocolPdf } from '../modules/documents/formats/protocolRender.ts';
import { previewRegistryFile, runIngestJob } from '../modules/registries/ingest/read.ts';
import type { FileJob, JobError, PoolMessage, WorkerReply } from './fileProtocol.ts';
import { idleThisThread } from './idlePriority.ts';
import { chunkPacer } from './workerPacing.ts';

export interface JobContext {
  progress(phase: string, fraction: number): void;
  call<T>(name: string, payload: unknown, transfer?: ArrayBuffer[]): Promise<T>;
}

const inProcess = process.env.ETP_FILE_WORKER === 'process' && typeof process.send === 'function';

// On Linux the nice value is a thread's own (pid 0 = this thread): the worker runs at nice 19 so that the thread
// that answers bids (nice 0) always wins a core from it (decision 0151; decision 0090 had left it at 0 after a
// 50,000-row ingest took 1.5x as long at 10 on a shared machine: file work now gives way, trading does not).
// FILE_WORKER_NICE sets another value (0 = the process's priority).
const FILE_WORKER_NICE = Number(process.env.FILE_WORKER_NICE ?? 19);
try {
  setPriority(0, FILE_WORKER_NICE);
} catch {
  // Not permitted or not supported: the worker runs at the process's priority.
}
// Better still, idle priority: any bid's wakeup preempts the worker at once (decision 0232). A worker process was
// started at it, every thread of it.
if (!inProcess) idleThisThread();

// While this node trades, every file read pauses between chunks (decision 0231). A worker thread shares the
// node's bid clock; a worker process keeps a copy the pool updates while it works.
const bidClock =
  (workerData as { bidClock?: SharedArrayBuffer } | null)?.bidClock ??
  new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT);
const lastBid = new Float64Array(bidClock);
setChunkPacer(chunkPacer(bidClock));

const port = inProcess
  ? {
      postMessage: (message: WorkerReply) => process.send!(message),
      on: (_event: 'message', listener: (message: PoolMessage) => void) => process.on('message', listener),
    }
  : parentPort!;
// The node is gone (ended, or killed): so is its worker process.
if (inProcess) process.on('disconnect', () => process.exit(0));
const waiting = new Map<number, (value: unknown) => void>();
let nextCall = 1;

// A worker thread hands its batches over; a process's are copied through its channel.
const post = (message: WorkerReply, transfer?: ArrayBuffer[]) =>
  inProcess ? port.postMessage(message) : parentPort!.postMessage(message, transfer);

const context: JobContext = {
  progress: (phase, fraction) => post({ type: 'progress', phase, fraction }),
  call: <T>(name: string, payload: unknown, transfer?: ArrayBuffer[]) =>
    new Promise<T>((resolve) => {
      const id = nextCall++;
      waiting.set(id, resolve as (value: unknown) => void);
      post({ type: 'call', id, name, payload }, transfer);
    }),
};

async function run(job: FileJob): Promise<unknown> {
  switch (job.kind) {
    case 'ingest':
      return runIngestJob(job, context);
    case 'preview':
      return previewRegistryFile(job);
    case 'batchSheet':
      return readBatchSheetFile(job);
    case 'inspectZip':
      return inspectZip(
        Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength),
        job.limits,
      );
    case 'renderProtocol':
      return {
        protocol: await renderProtocolPdf(job.data),
        mainReport: await renderMainReportPdf(job.data),
      };
    case 'dealRegistry':
      return writeDealRegistry(job, context);
    case 'renderAgreement':
      return renderAgreement(job);
    case 'bidClock':
      await new Promise((resolve) => setTimeout(resolve, job.ms));
      return { lastBid: lastBid[0]! };
    case 'sleep': {
      // Tests of the pool's limits: holds memory and time as asked.
      const held: Buffer[] = [];
      const started = Date.now();
      while (Date.now() - started < job.ms) {
        if (job.allocateMb) for (let i = 0; i < 16; i++) held.push(Buffer.from('x'.repeat(1 << 16) + i));
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return { slept: held.length };
    }
  }
}

function asJobError(error: unknown): JobError {
  const e = error as Error & { code?: unknown; detail?: unknown };
  return {
    name: e?.name ?? 'Error',
    message: e?.message ?? String(error),
    code: typeof e?.code === 'string' ? e.code : undefined,
    detail: typeof e?.detail === 'string' ? e.detail : e?.stack,
  };
}

port.on('message', (message: PoolMessage) => {
  if (message.type === 'clock') {
    lastBid[0] = message.lastBid;
    return;
  }
  if (message.type === 'answer') {
    const resolve = waiting.get(message.id);
    waiting.delete(message.id);
    resolve?.(message.value);
    return;
  }
  run(message.job).then(
    (result) => post({ type: 'done', result }),
    (error: unknown) => post({ type: 'done', error: asJobError(error) }),
  );
});
