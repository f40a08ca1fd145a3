/**
 * The forecast's worker thread: trains models and answers forecasts, so neither runs on the thread that answers
 * bids (DESIGN §6c). Messages carry an id; every reply names it.
 */
import { parentPort } from 'node:worker_threads';
import { backtest, type TrainingLot } from './backtest.ts';
import type { ForestOptions } from './forest.ts';
import { explainShares, type PriceModel, predictShares, trainPriceModel } from './model.ts';

export type WorkerRequest =
  | { id: number; type: 'train'; lots: TrainingLot[]; options?: ForestOptions; withBacktest: boolean }
  | { id: number; type: 'predict'; modelId: number; model?: PriceModel; items: PredictItem[] };

export interface PredictItem {
  x: number[];
  explain: boolean;
}

export interface PredictResult {
  low: number;
  median: number;
  reasons: { factor: string; share: number }[];
}

export type WorkerReply =
  | { id: number; ok: true; type: 'train'; model: PriceModel; backtest: ReturnType<typeof backtest> | null }
  | { id: number; ok: true; type: 'predict'; results: PredictResult[] }
  | { id: number; ok: false; missingModel?: true; error: string };

/** Below this many lots a 20 % test slice is too small to say anything; the version stores no backtest. */
const MIN_BACKTEST_LOTS = 50;

let loaded: { id: number; model: PriceModel } | null = null;

function handle(request: WorkerRequest): WorkerReply {
  if (request.type === 'train') {
    const figures =
      request.withBacktest && request.lots.length >= MIN_BACKTEST_LOTS
        ? backtest(request.lots, request.options)
        : null;
    const model = trainPriceModel(request.lots, request.options);
    return { id: request.id, ok: true, type: 'train', model, backtest: figures };
  }
  if (request.model) loaded = { id: request.modelId, model: request.model };
  if (!loaded || loaded.id !== request.modelId) {
    return { id: request.id, ok: false, missingModel: true, error: 'model not loaded' };
  }
  const model = loaded.model;
  const results = request.items.map((item) => ({
    ...predictShares(model, item.x),
    reasons: item.explain ? explainShares(model, item.x) : [],
  }));
  return { id: request.id, ok: true, type: 'predict', results };
}

parentPort?.on('message', (request: WorkerRequest) => {
  try {
    parentPort?.postMessage(handle(request));
  } catch (error) {
    parentPort?.postMessage({ id: request.id, ok: false, error: String(error) });
  }
});
