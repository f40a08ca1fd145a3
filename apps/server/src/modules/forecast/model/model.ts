/**
 * The price model (decisions/0105): ln(sale price / ОСЗ) = the seller type's DPD curve + a quantile forest of the
 * rest. The curve, a + b·ln(DPD) per seller type fitted by least squares, carries the one smooth effect every
 * market report names (older debt sells for less) and that piecewise-constant trees approximate poorly; the forest
 * (forest.ts) learns everything else from the lots, and its quantiles give the range: the start price is the
 * FORECAST_START_QUANTILE quantile, the sale price the median.
 */
import {
  FACTOR_COLUMNS,
  FORECAST_ENCODING_VERSION,
  FORECAST_FACTORS,
  FORECAST_START_QUANTILE,
  type ForecastFactor,
  SELLER_TYPES,
  type SellerType,
} from '@etp/domain';
import {
  DEFAULT_FOREST_OPTIONS,
  type ForestModel,
  type ForestOptions,
  forestQuantiles,
  trainForest,
} from './forest.ts';

export interface PriceModel {
  encoding: number;
  /** Per seller type [a, b] of a + b·ln(DPD); `pooled` for a type with too few lots. */
  curves: Partial<Record<SellerType, [number, number]>>;
  pooled: [number, number];
  forest: ForestModel;
}

export interface TrainingExample {
  x: number[];
  /** ln(sale price / ОСЗ). */
  y: number;
}

/** A seller type needs this many lots for a curve of its own. */
const MIN_CURVE_LOTS = 20;
const DPD_COLUMN = FACTOR_COLUMNS.dpd[0];
const [SELLER_FROM] = FACTOR_COLUMNS.seller_type;

const lnDpd = (x: readonly number[]) => Math.log(Math.max(30, x[DPD_COLUMN]!));

function sellerOf(x: readonly number[]): SellerType {
  const i = SELLER_TYPES.findIndex((_, k) => x[SELLER_FROM + k] === 1);
  return SELLER_TYPES[Math.max(0, i)]!;
}

function line(examples: readonly TrainingExample[]): [number, number] {
  const n = examples.length;
  let mx = 0;
  let my = 0;
  for (const e of examples) {
    mx += lnDpd(e.x) / n;
    my += e.y / n;
  }
  let sxy = 0;
  let sxx = 0;
  for (const e of examples) {
    const dx = lnDpd(e.x) - mx;
    sxy += dx * (e.y - my);
    sxx += dx * dx;
  }
  const b = sxx > 0 ? sxy / sxx : 0;
  return [my - b * mx, b];
}

function curveValue(model: Pick<PriceModel, 'curves' | 'pooled'>, x: readonly number[]): number {
  const [a, b] = model.curves[sellerOf(x)] ?? model.pooled;
  return a + b * lnDpd(x);
}

export function trainPriceModel(
  examples: readonly TrainingExample[],
  options: ForestOptions = DEFAULT_FOREST_OPTIONS,
): PriceModel {
  const curves: PriceModel['curves'] = {};
  for (const type of SELLER_TYPES) {
    const own = examples.filter((e) => sellerOf(e.x) === type);
    if (own.length >= MIN_CURVE_LOTS) curves[type] = line(own);
  }
  const base = { curves, pooled: line(examples) };
  const forest = trainForest(
    examples.map((e) => e.x),
    examples.map((e) => e.y - curveValue(base, e.x)),
    FORECAST_ENCODING_VERSION,
    options,
  );
  return { encoding: FORECAST_ENCODING_VERSION, ...base, forest };
}

/** The forecast range as shares of ОСЗ: `low` for the start price, `median` for the sale price. */
export function predictShares(
  model: PriceModel,
  x: readonly number[],
  lowQuantile = FORECAST_START_QUANTILE,
): { low: number; median: number } {
  const offset = curveValue(model, x);
  const [low, median] = forestQuantiles(model.forest, x, [lowQuantile, 0.5]);
  return { low: Math.exp(offset + low!), median: Math.exp(offset + median!) };
}

export interface ShareEffect {
  factor: ForecastFactor;
  /** How much the factor moved the median share of ОСЗ against the typical lot (signed). */
  share: number;
}

/**
 * The top reasons: each factor set back to the typical training lot's value (one at a time), the change in the
 * median share. The curve moves with the seller type and DPD as the forest does.
 */
export function explainShares(model: PriceModel, x: readonly number[], top = 5): ShareEffect[] {
  const median = (v: readonly number[]) => predictShares(model, v).median;
  const here = median(x);
  const reference = model.forest.reference;
  const out: ShareEffect[] = [];
  for (const factor of FORECAST_FACTORS) {
    const [from, to] = FACTOR_COLUMNS[factor];
    const moved = [...x];
    let same = true;
    for (let j = from; j < to; j++) {
      if (moved[j] !== reference[j]) same = false;
      moved[j] = reference[j]!;
    }
    if (same) continue;
    const share = here - median(moved);
    if (Math.abs(share) > 1e-9) out.push({ factor, share });
  }
  return out.sort((a, b) => Math.abs(b.share) - Math.abs(a.share)).slice(0, top);
}
