/**
 * The dutch plan of a procedure (spec 1 §4 "Selecting an auction type"): each lot's clock runs from its maximum
 * down to its start (minimum) price; step count = ceil((max - start) / step) + 1; the lot ends at start + step
 * count × renewal minutes; the procedure ends at the latest lot end (the end field is computed and disabled).
 *
 * The procedure's max_price is the whole portfolio's maximum; a lot's maximum is its share by start price
 * (decisions/0081), so a one-lot procedure's lot maximum is max_price itself.
 */
import { dutchStepCount } from '../auction/pricing.ts';
import type { Kopecks } from '../money.ts';

export interface DutchLotInput {
  id: number;
  start_price: Kopecks;
  /** Per-lot step (customStepsSwitch); null uses the procedure's step. */
  step_price: Kopecks | null;
}

export interface DutchLotPlan {
  id: number;
  max_price: Kopecks;
  step_price: Kopecks;
  step_count: number;
  end_datetime: Date;
}

export function lotMaxPrice(
  maxPrice: Kopecks,
  lotStart: Kopecks,
  totalStart: Kopecks,
  lots: number,
): Kopecks {
  if (lots <= 1 || totalStart <= 0) return maxPrice;
  return Math.floor((maxPrice * lotStart) / totalStart);
}

export function planDutch(input: {
  lots: readonly DutchLotInput[];
  maxPrice: Kopecks;
  stepPrice: Kopecks;
  renewalMinutes: number;
  start: Date;
}): { lots: DutchLotPlan[]; end: Date } {
  const totalStart = input.lots.reduce((sum, lot) => sum + lot.start_price, 0);
  let end = input.start.getTime();
  const lots = input.lots.map((lot) => {
    const max = Math.max(
      lot.start_price,
      lotMaxPrice(input.maxPrice, lot.start_price, totalStart, input.lots.length),
    );
    const step = lot.step_price ?? input.stepPrice;
    const stepCount = dutchStepCount(max, lot.start_price, step);
    const lotEnd = input.start.getTime() + stepCount * input.renewalMinutes * 60_000;
    end = Math.max(end, lotEnd);
    return {
      id: lot.id,
      max_price: max,
      step_price: step,
      step_count: stepCount,
      end_datetime: new Date(lotEnd),
    };
  });
  return { lots, end: new Date(end) };
}
