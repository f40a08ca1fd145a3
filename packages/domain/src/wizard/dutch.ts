/**
 * The dutch plan of a procedure (spec 1 §4 "Selecting an auction type"; decisions/0081, 0239): each lot's clock runs
 * from its maximum down to the seller's own price for the lot (its minimum); step count = ceil((max - min) / step)
 * + 1; the lot ends at start + step count × renewal minutes; the procedure ends at the latest lot end (the end
 * field is computed and disabled).
 *
 * The procedure's max_price is the whole portfolio's maximum, the sum of the lots' maxima: what it exceeds the
 * lots' minima by is shared among the lots pro rata to their minima, in whole rubles by largest remainder (the
 * odd kopecks go to the first lot), so every lot's maximum is at least its minimum and the maxima add up to
 * max_price exactly. The procedure header therefore shows a price its lots add up to.
 */
import { dutchStepCount } from '../auction/pricing.ts';
import type { Kopecks } from '../money.ts';

export interface DutchLotInput {
  id: number;
  /** The seller's price for the lot: the clock's minimum. */
  min_price: Kopecks;
  /** Per-lot step (customStepsSwitch); null uses the procedure's step. */
  step_price: Kopecks | null;
}

export interface DutchLotPlan {
  id: number;
  max_price: Kopecks;
  min_price: Kopecks;
  step_price: Kopecks;
  step_count: number;
  end_datetime: Date;
}

/**
 * Each lot's maximum: its minimum plus its share of (maxPrice - Σ minima), pro rata to the minima, in whole rubles
 * by largest remainder (ties to the earlier lot), the odd kopecks to the first lot. Σ result = maxPrice whenever
 * maxPrice ≥ Σ minima; below that (a draft the rules refuse) every lot's maximum is its minimum.
 */
export function splitDutchMaxPrice(maxPrice: Kopecks, minima: readonly Kopecks[]): Kopecks[] {
  const total = minima.reduce((sum, m) => sum + m, 0);
  const surplus = maxPrice - total;
  if (minima.length === 0) return [];
  if (surplus <= 0) return [...minima];
  const rubles = BigInt(Math.floor(surplus / 100));
  const kopecks = surplus % 100;
  const weights = total > 0 ? minima.map((m) => BigInt(m)) : minima.map(() => 1n);
  const weightSum = weights.reduce((sum, w) => sum + w, 0n);
  const shares = weights.map((w) => (rubles * w) / weightSum);
  let left = rubles - shares.reduce((sum, s) => sum + s, 0n);
  const byRemainder = weights
    .map((w, i) => ({ i, remainder: (rubles * w) % weightSum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left <= 0n) break;
    shares[i] = shares[i]! + 1n;
    left -= 1n;
  }
  return minima.map((m, i) => m + Number(shares[i]!) * 100 + (i === 0 ? kopecks : 0));
}

export function planDutch(input: {
  lots: readonly DutchLotInput[];
  maxPrice: Kopecks;
  stepPrice: Kopecks;
  renewalMinutes: number;
  start: Date;
}): { lots: DutchLotPlan[]; end: Date } {
  const maxima = splitDutchMaxPrice(
    input.maxPrice,
    input.lots.map((lot) => lot.min_price),
  );
  let end = input.start.getTime();
  const lots = input.lots.map((lot, i) => {
    const max = maxima[i]!;
    const step = lot.step_price ?? input.stepPrice;
    const stepCount = dutchStepCount(max, lot.min_price, step);
    const lotEnd = input.start.getTime() + stepCount * input.renewalMinutes * 60_000;
    end = Math.max(end, lotEnd);
    return {
      id: lot.id,
      max_price: max,
      min_price: lot.min_price,
      step_price: step,
      step_count: stepCount,
      end_datetime: new Date(lotEnd),
    };
  });
  return { lots, end: new Date(end) };
}
