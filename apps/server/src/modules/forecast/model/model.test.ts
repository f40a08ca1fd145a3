import { encodeForecastInput, FACTOR_COLUMNS, forecastInputFromLot } from '@etp/domain';
import { describe, expect, it } from 'vitest';
import { generateHistory } from '../../../seed/history.ts';
import type { TrainingLot } from './backtest.ts';
import { trainInWorker } from './engine.ts';
import { DEFAULT_FOREST_OPTIONS } from './forest.ts';
import { explainShares, predictShares, trainPriceModel } from './model.ts';

const history = generateHistory({
  now: new Date('2026-11-25T00:00:00Z'),
  seed: 3,
  procedures: 40,
  sellerKinds: ['bank', 'mfo'],
});
const lots: TrainingLot[] = history.flatMap((p) =>
  p.lots.map((l) => ({
    x: encodeForecastInput(forecastInputFromLot(l)),
    y: Math.log(l.salePrice / l.amountBottomline),
    sellerType: l.sellerKind,
    dpd: l.dpd ?? 0,
    endedAt: p.end.getTime(),
  })),
);
const small = { ...DEFAULT_FOREST_OPTIONS, trees: 12 };

describe('price model', () => {
  const model = trainPriceModel(lots, small);
  const lot = lots[0]!;

  it('gives a range whose start is below its sale price, the same for the same data and seed', () => {
    const { low, median } = predictShares(model, lot.x);
    expect(low).toBeGreaterThan(0);
    expect(low).toBeLessThanOrEqual(median);
    expect(predictShares(trainPriceModel(lots, small), lot.x)).toEqual({ low, median });
  });

  it('prices older debt lower and names DPD among the reasons of a very old lot', () => {
    const old = [...lot.x];
    old[FACTOR_COLUMNS.dpd[0]] = 3800;
    const young = [...lot.x];
    young[FACTOR_COLUMNS.dpd[0]] = 60;
    expect(predictShares(model, old).median).toBeLessThan(predictShares(model, young).median);
    const reasons = explainShares(model, old);
    expect(reasons.length).toBeLessThanOrEqual(5);
    expect(reasons.find((r) => r.factor === 'dpd')?.share).toBeLessThan(0);
  });

  it('trains in a worker thread: the calling thread keeps answering meanwhile', async () => {
    let worst = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 10);
    try {
      const trained = await trainInWorker(lots, small);
      expect(trained.backtest?.test_size).toBe(Math.ceil(lots.length * 0.2));
      expect(predictShares(trained.model, lot.x).median).toBeCloseTo(predictShares(model, lot.x).median, 10);
    } finally {
      clearInterval(timer);
    }
    expect(worst).toBeLessThan(250);
  }, 120_000);
});
