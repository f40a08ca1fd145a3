import { describe, expect, it } from 'vitest';
import { portfolioTotal } from './portfolioTotals.ts';

const lot = (id: number, items: number, amount: number, composite = false) => ({
  id,
  composite,
  items_count: items,
  amount_total: amount,
  amount_bottomline: amount * 2,
  start_price: amount / 10,
  current_price: composite ? null : amount / 5,
  bids_count: 2,
});

describe('the Портфель totals row (issue 29)', () => {
  it('sums a registry of 521 578 622 ₽ to 521 578 622 ₽ with its whole-portfolio lot, not twice that', () => {
    const parts = [lot(1, 600, 300_000_000_00), lot(2, 400, 221_578_622_00)];
    const lots = [...parts, lot(3, 1000, 521_578_622_00, true)];
    expect(portfolioTotal('amountTotal', lots)).toBe(521_578_622_00);
    expect(portfolioTotal('amountBottomline', lots)).toBe(2 * 521_578_622_00);
    expect(portfolioTotal('startPrice', lots)).toBe(portfolioTotal('startPrice', parts));
    expect(portfolioTotal('currentPrice', lots)).toBe(portfolioTotal('currentPrice', parts));
    // Bids are each their own: the whole-portfolio lot's count too.
    expect(portfolioTotal('bids', lots)).toBe(6);
  });
});
