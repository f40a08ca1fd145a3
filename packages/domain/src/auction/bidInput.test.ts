import { describe, expect, it } from 'vitest';
import { type BidInputLot, bidAtSteps, kopecksOfTypedRubles, readBidInput } from './bidInput.ts';
import { BID_MESSAGES as M } from './messages.ts';

const classic: BidInputLot = {
  auction_type: 'classic',
  start_price: 1_000_000,
  next_price: 1_000_000,
  step_price: 10_000,
  max_price: null,
  min_price: null,
  step_count: null,
  current_step: null,
  amount_bottomline: 100_000_000,
};
const dutch: BidInputLot = {
  auction_type: 'dutch',
  start_price: 25_000,
  next_price: 100_000,
  step_price: 10_000,
  max_price: 100_000,
  min_price: 25_000,
  step_count: 9,
  current_step: 1,
  amount_bottomline: 1_000_000,
};
const sealed: BidInputLot = { ...classic, auction_type: 'private_requests', next_price: 1_000_000 };

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

  it('classic: an amount on the grid is confirmed as typed, one between grid prices snaps up', () => {
    // The lot: start 21 504 842 ₽, step 10 000 ₽; four steps above the start is 21 544 842 ₽.
    const lot = { ...classic, start_price: 2_150_484_200, next_price: 2_150_484_200, step_price: 1_000_000 };
    expect(readBidInput(lot, { amount: '21 544 842' })).toEqual({
      ok: true,
      amount: 2_154_484_200,
      steps: 5,
      snapped: false,
    });
    expect(readBidInput(classic, { amount: '10 150' })).toEqual({
      ok: true,
      amount: 1_020_000,
      steps: 3,
      snapped: true,
    });
  });

  it('says why an amount cannot be a bid, in the spec words, instead of replacing it', () => {
    expect(readBidInput(classic, { amount: '' })).toEqual({ ok: false, message: M.required });
    expect(readBidInput(classic, { amount: '0' })).toEqual({ ok: false, message: M.positive });
    expect(readBidInput(classic, { amount: '-5' })).toEqual({ ok: false, message: M.positive });
    expect(readBidInput(classic, { amount: '100' })).toEqual({ ok: false, message: M.belowMinimum });
    expect(readBidInput(classic, { amount: 'сто' })).toEqual({ ok: false, message: M.unreadable });
    expect(readBidInput(classic, { amount: '10 000,005' })).toEqual({
      ok: false,
      message: M.notWholeKopecks,
    });
    // With a bid standing the least bid is the next price: below it is below the minimum too.
    expect(readBidInput({ ...classic, next_price: 1_050_000 }, { amount: '10 200' })).toEqual({
      ok: false,
      message: M.belowMinimum,
    });
  });

  it('dutch: an order counts whole steps below the clock price, never above it nor below the floor', () => {
    expect(readBidInput(dutch, { amount: '850' })).toMatchObject({ ok: true, steps: 2, amount: 90_000 });
    expect(readBidInput(dutch, { amount: '250' })).toMatchObject({ ok: true, steps: 9, amount: 25_000 });
    expect(readBidInput(dutch, { amount: '1 100' })).toEqual({ ok: false, message: M.aboveCurrentPrice });
    expect(readBidInput(dutch, { amount: '249,99' })).toEqual({ ok: false, message: M.belowMinimum });
  });

  it('sealed: an offer is taken as typed, at least the start price and below ОСЗ except bank_to_bank', () => {
    expect(readBidInput(sealed, { amount: '12 345,67' })).toEqual({
      ok: true,
      amount: 1_234_567,
      steps: 1,
      snapped: false,
    });
    expect(readBidInput(sealed, { amount: '9 999,99' })).toEqual({ ok: false, message: M.belowMinimum });
    expect(readBidInput(sealed, { amount: '1 000 000' })).toEqual({ ok: false, message: M.notBelowDebt });
    const bankToBank = { ...sealed, auction_type: 'bank_to_bank' as const };
    expect(readBidInput(bankToBank, { amount: '1 000 000' })).toMatchObject({
      ok: true,
      amount: 100_000_000,
    });
  });

  it('a percent of ОСЗ/ОД converts to kopecks, then reads as an amount', () => {
    const basis = 2_000_000;
    expect(readBidInput(classic, { percent: '51', of: basis })).toMatchObject({
      ok: true,
      amount: 1_020_000,
    });
    expect(readBidInput(classic, { percent: '50,25 %', of: basis })).toMatchObject({
      ok: true,
      amount: 1_010_000,
      snapped: true,
    });
    expect(readBidInput(classic, { percent: '10', of: basis })).toEqual({
      ok: false,
      message: M.belowMinimum,
    });
    expect(readBidInput(classic, { percent: '', of: basis })).toEqual({ ok: false, message: M.required });
  });

  it('reads amounts as they are pasted', () => {
    expect(kopecksOfTypedRubles('21\u00a0544\u00a0842 ₽')).toBe(2_154_484_200);
    expect(kopecksOfTypedRubles('21 544 842,50 руб.')).toBe(2_154_484_250);
    expect(kopecksOfTypedRubles('21,544,842.5')).toBe(2_154_484_250);
    expect(kopecksOfTypedRubles('21.544.842')).toBe(2_154_484_200);
    expect(kopecksOfTypedRubles('1.234.567,89')).toBe(123_456_789);
    expect(kopecksOfTypedRubles(',5')).toBe(50);
    expect(kopecksOfTypedRubles('1,2,3')).toBeNaN();
    expect(kopecksOfTypedRubles('12a')).toBeNaN();
    expect(kopecksOfTypedRubles('  ')).toBeNull();
  });
});
