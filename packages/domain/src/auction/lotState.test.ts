import { describe, expect, it } from 'vitest';
import { bestBid, compareBids, isTradingOpen, REJECTION_HTTP_STATUS, reject } from './lotState.ts';
import { bidOf, buildLot, T0 } from './testLots.ts';

describe('bid ranking', () => {
  it('puts the higher amount first, then the earlier, then the lower id', () => {
    const a = bidOf(1, 500, T0, 3);
    const b = bidOf(2, 500, T0 + 1, 2);
    const c = bidOf(3, 500, T0, 1);
    const d = bidOf(4, 600, T0 + 9, 9);
    expect([a, b, c, d].sort(compareBids)).toEqual([d, c, a, b]);
    expect(bestBid([a, b, c])).toBe(c);
    expect(bestBid([])).toBeNull();
  });
});

describe('isTradingOpen', () => {
  it('is open on [start, end) of an active lot', () => {
    const lot = buildLot();
    expect(isTradingOpen(lot, T0 - 1)).toBe(false);
    expect(isTradingOpen(lot, T0)).toBe(true);
    expect(isTradingOpen(lot, lot.end_ms - 1)).toBe(true);
    expect(isTradingOpen(lot, lot.end_ms)).toBe(false);
    expect(isTradingOpen({ ...lot, status: 'ready' }, T0)).toBe(false);
  });
});

describe('rejections', () => {
  it('carry a code that maps to HTTP', () => {
    expect(reject('invalid', 'x', 'amount')).toEqual({
      ok: false,
      code: 'invalid',
      message: 'x',
      field: 'amount',
    });
    expect(reject('conflict', 'y')).toEqual({ ok: false, code: 'conflict', message: 'y' });
    expect(REJECTION_HTTP_STATUS).toEqual({
      forbidden: 403,
      invalid: 422,
      conflict: 409,
      confirm_required: 409,
    });
  });
});
