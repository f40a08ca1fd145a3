/**
 * Time-ordered backtest (issue 17): train on the earlier 80 % of finished lots, forecast the later 20 %, and
 * compare with two baselines fitted on the same 80 %: the median share of ОСЗ overall, and the median share per
 * seller type × DPD band. Figures are for the sale price (the median); coverage is the share of actual sale
 * prices inside the forecast range [start price, sale price].
 */
import { dpdBand, FORECAST_START_QUANTILE, type SellerType } from '@etp/domain';
import type { ForestOptions } from './forest.ts';
import { type PriceModel, predictShares, type TrainingExample, trainPriceModel } from './model.ts';

export interface TrainingLot extends TrainingExample {
  sellerType: SellerType;
  dpd: number;
  /** When the lot ended (ms), for the time order. */
  endedAt: number;
}

export interface BacktestFigures {
  train_size: number;
  test_size: number;
  /** Mean absolute percentage error of the sale price, %. */
  mape: number;
  /** Share of actual sale prices within [start price, sale price] forecasts, %. */
  coverage: number;
  baseline_overall_mape: number;
  baseline_seller_dpd_mape: number;
  /** 1 − mape / the better baseline's, %. */
  improvement: number;
}

const median = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const ape = (predictedShare: number, actualShare: number) =>
  Math.abs(predictedShare - actualShare) / actualShare;
const round1 = (x: number) => Math.round(x * 10) / 10;

function splitByTime(lots: readonly TrainingLot[], trainShare = 0.8) {
  const ordered = [...lots].sort((a, b) => a.endedAt - b.endedAt);
  const cut = Math.floor(ordered.length * trainShare);
  return { train: ordered.slice(0, cut), test: ordered.slice(cut) };
}

/** The two baselines' median shares, fitted on `train`. */
function fitBaselines(train: readonly TrainingLot[]) {
  const overall = median(train.map((l) => Math.exp(l.y)));
  const cells = new Map<string, number[]>();
  for (const l of train) {
    const key = `${l.sellerType}:${dpdBand(l.dpd)}`;
    const list = cells.get(key) ?? [];
    list.push(Math.exp(l.y));
    cells.set(key, list);
  }
  const perCell = new Map([...cells].map(([k, v]) => [k, median(v)]));
  return {
    overall,
    sellerDpd: (l: Pick<TrainingLot, 'sellerType' | 'dpd'>) =>
      perCell.get(`${l.sellerType}:${dpdBand(l.dpd)}`) ?? overall,
  };
}

/** Scores a trained model and the baselines on `test`. */
function scoreBacktest(
  model: PriceModel,
  train: readonly TrainingLot[],
  test: readonly TrainingLot[],
  lowQuantile = FORECAST_START_QUANTILE,
): BacktestFigures {
  const baselines = fitBaselines(train);
  let errModel = 0;
  let errOverall = 0;
  let errCell = 0;
  let covered = 0;
  for (const lot of test) {
    const actual = Math.exp(lot.y);
    const { low, median: mid } = predictShares(model, lot.x, lowQuantile);
    errModel += ape(mid, actual);
    errOverall += ape(baselines.overall, actual);
    errCell += ape(baselines.sellerDpd(lot), actual);
    if (actual >= low && actual <= mid) covered += 1;
  }
  const n = Math.max(1, test.length);
  const mape = (100 * errModel) / n;
  const overall = (100 * errOverall) / n;
  const cell = (100 * errCell) / n;
  return {
    train_size: train.length,
    test_size: test.length,
    mape: round1(mape),
    coverage: round1((100 * covered) / n),
    baseline_overall_mape: round1(overall),
    baseline_seller_dpd_mape: round1(cell),
    improvement: round1(100 * (1 - mape / Math.min(overall, cell))),
  };
}

/** Train on the earlier 80 %, score on the later 20 %. */
export function backtest(lots: readonly TrainingLot[], options?: ForestOptions): BacktestFigures {
  const { train, test } = splitByTime(lots);
  return scoreBacktest(trainPriceModel(train, options), train, test);
}
