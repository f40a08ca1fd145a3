/**
 * Prices on the step grid: THE functions the bid dialog and the server both use, so the step count a buyer sees
 * and the one the server enforces are the same arithmetic. All amounts are integer kopecks; `step > 0` is assumed
 * (a non-positive step makes every step count 1 and every amount "on the grid" only when equal to the base).
 *
 * Classic grid: start_price + k * step (k >= 0). Dutch grid: max_price - k * step while above min_price, then
 * min_price itself (the last step may be shorter).
 */
import type { Kopecks } from '../money.ts';
import type { LotState } from './lotState.ts';

type PricedLot = Pick<
  LotState,
  'auction_type' | 'leader' | 'current_price' | 'start_price' | 'step_price' | 'max_price'
>;

/**
 * The price the next bid starts from:
 * - classic: the start price while there is no bid, else the current price + one step;
 * - dutch: the clock price as stored in the state (call `syncDutchClock` first to bring it to a given time);
 * - sealed: the minimum offer (start price).
 */
export function nextPrice(lot: PricedLot): Kopecks {
  switch (lot.auction_type) {
    case 'classic':
      return lot.leader === null || lot.current_price === null
        ? lot.start_price
        : lot.current_price + lot.step_price;
    case 'dutch':
      return lot.current_price ?? lot.max_price ?? lot.start_price;
    case 'private_requests':
    case 'bank_to_bank':
      return lot.start_price;
  }
}

const atLeastOne = (steps: number): number => Math.max(1, Math.floor(steps));

/** Classic bid of `steps` steps: next + step * (steps - 1); steps below 1 count as 1. */
export function classicBidForSteps(next: Kopecks, step: Kopecks, steps: number): Kopecks {
  return next + step * (atLeastOne(steps) - 1);
}

/** Steps a classic amount stands for: ceil((amount - next) / step) + 1, at least 1. */
export function classicStepsForAmount(amount: Kopecks, next: Kopecks, step: Kopecks): number {
  if (step <= 0) return 1;
  return Math.max(1, Math.ceil((amount - next) / step) + 1);
}

/** Dutch order of `steps` steps from the current clock price: max(min, next - step * (steps - 1)). */
export function dutchBidForSteps(next: Kopecks, step: Kopecks, steps: number, min: Kopecks): Kopecks {
  return Math.max(min, next - step * (atLeastOne(steps) - 1));
}

/**
 * Steps a dutch amount stands for: floor((current - amount) / step) + 1, at least 1 (spec 2 §5). When `min` is
 * given and the amount is the floor, the floor's own step is counted (ceil), since the last step may be shorter:
 * max 1000, min 250, step 100 → 250 is step 9, not 8.
 */
export function dutchStepsForAmount(current: Kopecks, amount: Kopecks, step: Kopecks, min?: Kopecks): number {
  if (step <= 0) return 1;
  if (min !== undefined && amount <= min) return Math.max(1, Math.ceil((current - min) / step) + 1);
  return Math.max(1, Math.floor((current - amount) / step) + 1);
}

/** Number of dutch clock prices from max down to min: ceil((max - min) / step) + 1 (as the wizard computes). */
export function dutchStepCount(max: Kopecks, min: Kopecks, step: Kopecks): number {
  if (step <= 0 || max <= min) return 1;
  return Math.ceil((max - min) / step) + 1;
}

/** Most steps the dutch dialog may add at 1-based step `currentStep`: the increase stops at step_count. */
export function dutchMaxSteps(currentStep: number, stepCount: number): number {
  return Math.max(1, stepCount - currentStep + 1);
}

/** True when `amount` is `base` plus a whole number (any sign) of steps. */
export function isOnGrid(amount: Kopecks, base: Kopecks, step: Kopecks): boolean {
  if (step <= 0) return amount === base;
  return (amount - base) % step === 0;
}

/** The highest grid price `base + k * step` not above `amount` (k may be negative). */
export function floorToGrid(amount: Kopecks, base: Kopecks, step: Kopecks): Kopecks {
  if (step <= 0) return base;
  return base + Math.floor((amount - base) / step) * step;
}

/** A dutch clock price: min itself, or max minus whole steps while above min. */
export function isOnDutchGrid(amount: Kopecks, max: Kopecks, min: Kopecks, step: Kopecks): boolean {
  return amount === min || (amount > min && amount <= max && isOnGrid(amount, max, step));
}
