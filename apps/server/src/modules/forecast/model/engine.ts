/**
 * The forecast's threads: one long-lived worker answers forecasts with the model it was last given; each training
 * runs in a worker of its own, ended when done or when it breaks its time or memory limit.
 */
import { Worker } from 'node:worker_threads';
import type { BacktestFigures } from '@etp/contracts';
import type { TrainingLot } from './backtest.ts';
import type { PredictItem, PredictResult, WorkerReply, WorkerRequest } from './forecast.worker.ts';
import type { ForestOptions } from './forest.ts';
import type { PriceModel } from './model.ts';

/** Beside this module: the entry that loads forecast.worker.ts through tsx, or the compiled worker (dist, decisions/0252). */
const WORKER_URL = new URL('./forecast.worker.mjs', import.meta.url);

const TRAINING_LIMIT_MS = 120_000;
const PREDICT_LIMIT_MS = 15_000;
const MEMORY_MB = 512;

class ForecastTimeout extends Error {}

type Unsent<T> = T extends unknown ? Omit<T, 'id'> : never;

type Pending = {
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

class WorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  dead = false;

  constructor() {
    this.worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB },
    });
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      clearTimeout(waiting.timer);
      this.pending.delete(reply.id);
      waiting.resolve(reply);
    });
    const fail = (error: Error) => {
      this.dead = true;
      for (const waiting of this.pending.values()) {
        clearTimeout(waiting.timer);
        waiting.reject(error);
      }
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`forecast worker exited with ${code}`)));
  }

  send(request: Unsent<WorkerRequest>, limitMs: number): Promise<WorkerReply> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ForecastTimeout(`forecast worker took longer than ${limitMs} ms`));
        void this.close();
      }, limitMs);
      this.pending.set(id, { resolve, reject, timer });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  async close(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}

export interface TrainedModel {
  model: PriceModel;
  backtest: BacktestFigures | null;
  ms: number;
}

/** Trains in a worker of its own (never on the calling thread). */
export async function trainInWorker(
  lots: TrainingLot[],
  options?: ForestOptions,
  limitMs = TRAINING_LIMIT_MS,
): Promise<TrainedModel> {
  const started = performance.now();
  const client = new WorkerClient();
  try {
    const reply = await client.send({ type: 'train', lots, options, withBacktest: true }, limitMs);
    if (!reply.ok || reply.type !== 'train') throw new Error(reply.ok ? 'unexpected reply' : reply.error);
    return { model: reply.model, backtest: reply.backtest, ms: Math.round(performance.now() - started) };
  } finally {
    await client.close();
  }
}

/** The long-lived predicting worker; restarted when it dies. Loads a model version once. */
export class ForecastEngine {
  private client: WorkerClient | null = null;
  private loadedId: number | null = null;

  async predict(
    version: { id: number; load: () => Promise<PriceModel> },
    items: PredictItem[],
  ): Promise<PredictResult[]> {
    if (!this.client || this.client.dead) {
      this.client = new WorkerClient();
      this.loadedId = null;
    }
    const client = this.client;
    const model = this.loadedId === version.id ? undefined : await version.load();
    const reply = await client.send({ type: 'predict', modelId: version.id, model, items }, PREDICT_LIMIT_MS);
    if (reply.ok && reply.type === 'predict') {
      this.loadedId = version.id;
      return reply.results;
    }
    if (!reply.ok && reply.missingModel) {
      this.loadedId = null;
      return this.predict(version, items);
    }
    throw new Error(reply.ok ? 'unexpected reply' : reply.error);
  }

  async close(): Promise<void> {
    await this.client?.close();
    this.client = null;
  }
}
