import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classicBidForSteps,
  classicStepsForAmount,
  dutchBidForSteps,
  dutchMaxSteps,
  dutchStepCount,
  dutchStepsForAmount,
  floorToGrid,
  isOnDutchGrid,
  isOnGrid,
  nextPrice,
} from './pricing.ts';
import { bidOf, buildDutchLot, buildLot } from './testLots.ts';

describe('nextPrice', () => {
  it('is the start price before the first classic bid, then current + step', () => {
    expect(nextPrice(buildLot())).toBe(1_000_000);
    const lot = buildLot({ current_price: 1_100_000, leader: bidOf(1, 1_100_000) });
    expect(nextPrice(lot)).toBe(1_150_000);
  });
  it('ignores a display current_price while there is no bid', () => {
    expect(nextPrice(buildLot({ current_price: 1_000_000 }))).toBe(1_000_000);
  });
  it('is the stored clock price for dutch and the minimum for sealed lots', () => {
    expect(nextPrice(buildDutchLot({ current_price: 1_800_000 }))).toBe(1_800_000);
    expect(nextPrice(buildDutchLot({ current_price: null }))).toBe(2_000_000);
    expect(nextPrice(buildLot({ auction_type: 'private_requests' }))).toBe(1_000_000);
  });
});

describe('classic steps', () => {
  it('follows spec 2 §5', () => {
    expect(classicBidForSteps(1_000_000, 50_000, 1)).toBe(1_000_000);
    expect(classicBidForSteps(1_000_000, 50_000, 3)).toBe(1_100_000);
    expect(classicBidForSteps(1_000_000, 50_000, 0)).toBe(1_000_000);
    expect(classicStepsForAmount(1_100_000, 1_000_000, 50_000)).toBe(3);
    expect(classicStepsForAmount(1_100_001, 1_000_000, 50_000)).toBe(4);
    expect(classicStepsForAmount(900_000, 1_000_000, 50_000)).toBe(1);
    expect(classicStepsForAmount(5, 1, 0)).toBe(1);
  });
  it('round-trips steps → amount → steps', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 500 }),
        (next, step, steps) => {
          const amount = classicBidForSteps(next, step, steps);
          expect(classicStepsForAmount(amount, next, step)).toBe(steps);
          expect(isOnGrid(amount, next, step)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('dutch steps', () => {
  it('follows spec 2 §5 and stops at the floor', () => {
    expect(dutchBidForSteps(2_000_000, 100_000, 1, 1_550_000)).toBe(2_000_000);
    expect(dutchBidForSteps(2_000_000, 100_000, 3, 1_550_000)).toBe(1_800_000);
    expect(dutchBidForSteps(2_000_000, 100_000, 9, 1_550_000)).toBe(1_550_000);
    expect(dutchStepsForAmount(2_000_000, 1_800_000, 100_000)).toBe(3);
    expect(dutchStepsForAmount(2_000_000, 1_850_000, 100_000)).toBe(2);
    expect(dutchStepsForAmount(2_000_000, 2_100_000, 100_000)).toBe(1);
  });
  it('counts the shorter last step when told the floor', () => {
    expect(dutchStepCount(100_000, 25_000, 10_000)).toBe(9);
    expect(dutchStepsForAmount(100_000, 25_000, 10_000)).toBe(8);
    expect(dutchStepsForAmount(100_000, 25_000, 10_000, 25_000)).toBe(9);
    expect(dutchBidForSteps(100_000, 10_000, 9, 25_000)).toBe(25_000);
  });
  it('computes the step count as the wizard does', () => {
    expect(dutchStepCount(2_000_000, 1_550_000, 100_000)).toBe(6);
    expect(dutchStepCount(2_000_000, 1_500_000, 100_000)).toBe(6);
    expect(dutchStepCount(1_000, 1_000, 100)).toBe(1);
    expect(dutchMaxSteps(1, 6)).toBe(6);
    expect(dutchMaxSteps(6, 6)).toBe(1);
  });
  it('round-trips steps on the clock grid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 40 }),
        (step, min, span, steps) => {
          const max = min + span;
          const count = dutchStepCount(max, min, step);
          const amount = dutchBidForSteps(max, step, Math.min(steps, count), min);
          expect(isOnDutchGrid(amount, max, min, step)).toBe(true);
          expect(dutchStepsForAmount(max, amount, step, min)).toBe(Math.min(steps, count));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('grid', () => {
  it('checks and floors', () => {
    expect(isOnGrid(1_150_000, 1_000_000, 50_000)).toBe(true);
    expect(isOnGrid(900_000, 1_000_000, 50_000)).toBe(true);
    expect(isOnGrid(1_150_001, 1_000_000, 50_000)).toBe(false);
    expect(floorToGrid(1_179_999, 1_000_000, 50_000)).toBe(1_150_000);
    expect(floorToGrid(990_000, 1_000_000, 50_000)).toBe(950_000);
    expect(isOnDutchGrid(1_550_000, 2_000_000, 1_550_000, 100_000)).toBe(true);
    expect(isOnDutchGrid(1_500_000, 2_000_000, 1_550_000, 100_000)).toBe(false);
    expect(isOnDutchGrid(2_100_000, 2_000_000, 1_550_000, 100_000)).toBe(false);
  });
});
