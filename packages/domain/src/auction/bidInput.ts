/**
 * The bid input of a lot card and the bid dialog (spec 2 §5): the amount in kopecks, the steps it stands for,
 * and the step buttons. Classic: next + step * (steps - 1), the decrease stops at 1 step. Dutch: next - step *
 * (steps - 1), never below the minimum, the increase stops at step_count. An amount typed by hand is snapped to
 * the grid the way the server reads it (the steps it stands for).
 */
import type { AuctionType } from '../auctionTypes.ts';
import type { Kopecks } from '../money.ts';
import {
  classicBidForSteps,
  classicStepsForAmount,
  dutchBidForSteps,
  dutchMaxSteps,
  dutchStepsForAmount,
} from './pricing.ts';

export interface BidInputLot {
  auction_type: AuctionType;
  next_price: Kopecks;
  step_price: Kopecks;
  min_price: Kopecks | null;
  step_count: number | null;
  current_step: number | null;
}

export interface BidInputState {
  steps: number;
  amount: Kopecks;
  canDecrease: boolean;
  canIncrease: boolean;
}

const isDutch = (lot: BidInputLot) => lot.auction_type === 'dutch';

function maxSteps(lot: BidInputLot): number {
  if (!isDutch(lot) || lot.step_count === null) return Number.POSITIVE_INFINITY;
  return dutchMaxSteps(lot.current_step ?? 1, lot.step_count);
}

/** The input at `steps` steps (clamped to 1..the most the lot allows). */
export function bidAtSteps(lot: BidInputLot, steps: number): BidInputState {
  const clamped = Math.min(Math.max(1, Math.floor(steps)), maxSteps(lot));
  const amount = isDutch(lot)
    ? dutchBidForSteps(lot.next_price, lot.step_price, clamped, lot.min_price ?? 0)
    : classicBidForSteps(lot.next_price, lot.step_price, clamped);
  return {
    steps: clamped,
    amount,
    canDecrease: clamped > 1,
    canIncrease: clamped < maxSteps(lot) && !(isDutch(lot) && amount <= (lot.min_price ?? 0)),
  };
}

/** The steps an amount typed by hand stands for (spec 2 §5 formulas, at least 1). */
export function stepsForTypedAmount(lot: BidInputLot, amount: Kopecks): number {
  return isDutch(lot)
    ? dutchStepsForAmount(lot.next_price, amount, lot.step_price, lot.min_price ?? undefined)
    : classicStepsForAmount(amount, lot.next_price, lot.step_price);
}

/** A typed amount snapped to the grid: the bid the server will take for it. */
export function snapBidAmount(lot: BidInputLot, amount: Kopecks): BidInputState {
  return bidAtSteps(lot, stepsForTypedAmount(lot, amount));
}
