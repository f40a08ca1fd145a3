/**
 * The price forecast (issue 17): a time-ordered backtest over the demo history (train on the earlier 80 %, test
 * on the later 20 %) against two baselines fitted in the same run, then the time to train on 10,000 lots and to
 * forecast one lot. Everything runs in this process on the pure model code (the server runs the same code in a
 * worker thread); no database.
 */
import {
  encodeForecastInput,
  FORECAST_START_QUANTILE,
  forecastInputFromLot,
  type SellerType,
} from '@etp/domain';
import { backtest, type TrainingLot } from '../apps/server/src/modules/forecast/model/backtest.ts';
import { DEFAULT_FOREST_OPTIONS } from '../apps/server/src/modules/forecast/model/forest.ts';
import {
  explainShares,
  predictShares,
  trainPriceModel,
} from '../apps/server/src/modules/forecast/model/model.ts';
import { DEFAULT_DEMO_SEED } from '../apps/server/src/seed/demo.ts';
import { demoHistory } from '../apps/server/src/seed/history.insert.ts';
import { generateHistory, type HistoryProcedure } from '../apps/server/src/seed/history.ts';
import { machine, summarize } from './support/report.ts';

const NOW = new Date('2026-11-25T09:00:00Z');
const ALL_SELLERS: SellerType[] = ['bank', 'mfo', 'legal', 'self', 'physical'];

function trainingLots(history: readonly HistoryProcedure[]): TrainingLot[] {
  return history.flatMap((p) =>
    p.lots.map((l) => ({
      x: encodeForecastInput(forecastInputFromLot(l)),
      y: Math.log(l.salePrice / l.amountBottomline),
      sellerType: l.sellerKind,
      dpd: l.dpd ?? 0,
      endedAt: p.end.getTime(),
    })),
  );
}

export async function forecastBenchmark() {
  // 1. Backtest over the demo history the seed writes.
  const demo = trainingLots(demoHistory(DEFAULT_DEMO_SEED, NOW));
  let started = performance.now();
  const figures = backtest(demo);
  const backtestMs = performance.now() - started;
  const better = Math.min(figures.baseline_overall_mape, figures.baseline_seller_dpd_mape);

  // 2. Training on 10,000 lots of the same process, every seller type.
  const big = trainingLots(
    generateHistory({ now: NOW, seed: 20_261_125, procedures: 1_560, sellerKinds: ALL_SELLERS }),
  ).slice(0, 10_000);
  started = performance.now();
  const model = trainPriceModel(big);
  const trainMs = performance.now() - started;
  const modelBytes = JSON.stringify(model).length;

  // 3. One lot at a time: the range alone, and the range with its reasons (the Прогноз tab's call).
  const probe = trainingLots(
    generateHistory({ now: NOW, seed: 7, procedures: 160, sellerKinds: ALL_SELLERS }),
  );
  for (const lot of probe.slice(0, 50)) predictShares(model, lot.x);
  const predictSamples: number[] = [];
  for (const lot of probe) {
    const t = performance.now();
    predictShares(model, lot.x);
    predictSamples.push(performance.now() - t);
  }
  const explainSamples: number[] = [];
  for (const lot of probe.slice(0, 200)) {
    const t = performance.now();
    predictShares(model, lot.x);
    explainShares(model, lot.x);
    explainSamples.push(performance.now() - t);
  }
  const predict = summarize(predictSamples);

  const goals = {
    mape_vs_better_baseline: {
      goal: 'MAPE at least 25 % lower than the better baseline',
      threshold_percent: 25,
      value_percent: figures.improvement,
      pass: figures.mape <= 0.75 * better,
    },
    coverage: {
      goal: 'the range [start, sale] covers 40–60 % of actual sale prices',
      value_percent: figures.coverage,
      pass: figures.coverage >= 40 && figures.coverage <= 60,
    },
    train_10k: {
      goal: 'train on 10,000 lots in < 10 s',
      value_ms: Math.round(trainMs),
      pass: trainMs < 10_000,
    },
    predict_one: { goal: 'forecast one lot p99 < 5 ms', value_ms: predict.p99_ms, pass: predict.p99_ms < 5 },
  };
  return {
    machine: machine(),
    parameters: {
      forest: DEFAULT_FOREST_OPTIONS,
      start_quantile: FORECAST_START_QUANTILE,
      sale_quantile: 0.5,
      demo_history: { lots: demo.length, seed: DEFAULT_DEMO_SEED, sellers: ['bank', 'mfo'] },
      training_lots: big.length,
      probe_lots: probe.length,
    },
    backtest: { ...figures, ms: Math.round(backtestMs) },
    reference: {
      baseline_overall: 'median share of ОСЗ over the training 80 %',
      baseline_seller_dpd:
        'median share of ОСЗ per seller type × DPD band (PRIOR_DPD_BANDS) over the training 80 %',
    },
    train_10k_ms: Math.round(trainMs),
    model_json_bytes: modelBytes,
    predict_one: predict,
    predict_with_reasons: summarize(explainSamples),
    goals,
    pass: Object.values(goals).every((g) => g.pass),
  };
}
