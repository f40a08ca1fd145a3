import { describe, expect, it } from 'vitest';
import { type BidInputLot, bidAtSteps, snapBidAmount } from './bidInput.ts';

const classic: BidInputLot = {
  auction_type: 'classic',
  next_price: 1_000_000,
  step_price: 10_000,
  min_price: null,
  step_count: null,
  current_step: null,
};
const dutch: BidInputLot = {
  auction_type: 'dutch',
  next_price: 100_000,
  step_price: 10_000,
  min_price: 25_000,
  step_count: 9,
  current_step: 1,
};

describe('the bid input', () => {
  it('classic: one step is the next price; the decrease stops at one step', () => {
    expect(bidAtSteps(classic, 1)).toEqual({
      steps: 1,
      amount: 1_000_000,
      canDecrease: false,
      canIncrease: true,
    });
    expect(bidAtSteps(classic, 3).amount).toBe(1_020_000);
    expect(bidAtSteps(classic, 0).steps).toBe(1);
  });

  it('classic: a typed amount snaps up to the grid it reaches', () => {
    expect(snapBidAmount(classic, 1_015_000)).toMatchObject({ steps: 3, amount: 1_020_000 });
    expect(snapBidAmount(classic, 1_020_000)).toMatchObject({ steps: 3, amount: 1_020_000 });
    expect(snapBidAmount(classic, 5)).toMatchObject({ steps: 1, amount: 1_000_000 });
  });

  it('dutch: steps lower the price down to the minimum, the increase stops at step_count', () => {
    expect(bidAtSteps(dutch, 2).amount).toBe(90_000);
    const last = bidAtSteps(dutch, 9);
    expect(last).toMatchObject({ steps: 9, amount: 25_000, canIncrease: false });
    expect(bidAtSteps(dutch, 50).steps).toBe(9);
    expect(bidAtSteps({ ...dutch, current_step: 8, next_price: 30_000 }, 5)).toMatchObject({
      steps: 2,
      amount: 25_000,
      canIncrease: false,
    });
  });

  it('dutch: a typed amount counts whole steps below the clock price', () => {
    expect(snapBidAmount(dutch, 85_000)).toMatchObject({ steps: 2, amount: 90_000 });
    expect(snapBidAmount(dutch, 25_000)).toMatchObject({ steps: 9, amount: 25_000 });
  });
});
