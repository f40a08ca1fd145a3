import { describe, expect, it } from 'vitest';
import { type Autobid, applyClassicBid, resolveAutobids } from './classic.ts';
import type { LotState } from './lotState.ts';
import { autobidOf, bidOf, buildLot, MIN, T0 } from './testLots.ts';

const now = T0 + 30 * MIN;
const leading = (companyId: number, amount: number): Partial<LotState> => ({
  current_price: amount,
  leader: bidOf(companyId, amount),
  bids_count: 1,
});
const hand = (companyId: number, amount: number, bidId = 99) => ({
  bidId,
  companyId,
  userId: companyId * 10,
  amount,
});

describe('applyClassicBid', () => {
  it('moves price and leader and counts the bid', () => {
    const { lot, events } = applyClassicBid(buildLot(), hand(1, 1_100_000), now);
    expect(lot.current_price).toBe(1_100_000);
    expect(lot.leader).toEqual({ bidId: 99, companyId: 1, userId: 10, amount: 1_100_000, at: now });
    expect(lot.bids_count).toBe(1);
    expect(lot.end_ms).toBe(T0 + 120 * MIN);
    expect(events).toEqual([{ type: 'bid_placed', lotId: 1, source: 'hand', ...lot.leader }]);
  });

  it('refuses what validateBid refuses', () => {
    const lot = buildLot(leading(1, 1_100_000));
    expect(() => applyClassicBid(lot, hand(2, 1_100_000), now)).toThrow();
    expect(() => applyClassicBid(lot, hand(2, 1_170_000), now)).toThrow();
    expect(() => applyClassicBid(lot, hand(2, 1_150_000), T0 + 120 * MIN)).toThrow();
    expect(() => applyClassicBid(buildLot({ status: 'finished' }), hand(2, 1_000_000), now)).toThrow();
  });

  describe('anti-sniping', () => {
    const lot = buildLot({ renewal_after_last_bid_minutes: 5 });
    const end = lot.end_ms;
    it('moves the end to bid time + the window when less than the window is left', () => {
      const at = end - 4 * MIN;
      const result = applyClassicBid(lot, hand(1, 1_000_000), at);
      expect(result.lot.end_ms).toBe(at + 5 * MIN);
      expect(result.events[1]).toEqual({
        type: 'lot_extended',
        lotId: 1,
        reason: 'anti_sniping',
        fromMs: end,
        toMs: at + 5 * MIN,
      });
    });
    it('leaves the end alone with exactly the window or more left, or with no window', () => {
      expect(applyClassicBid(lot, hand(1, 1_000_000), end - 5 * MIN).lot.end_ms).toBe(end);
      const off = buildLot({ renewal_after_last_bid_minutes: 0 });
      expect(applyClassicBid(off, hand(1, 1_000_000), end - 1).lot.end_ms).toBe(end);
    });
  });
});

describe('resolveAutobids', () => {
  const amounts = (lot: LotState, autobids: Autobid[]) =>
    resolveAutobids(lot, autobids, now).bids.map((b) => [b.companyId, b.amount]);

  it('bids the next price for an outbid autobid, once', () => {
    const lot = buildLot(leading(1, 1_100_000));
    expect(amounts(lot, [autobidOf(1, 2, 2_000_000)])).toEqual([[2, 1_150_000]]);
    expect(amounts(buildLot(), [autobidOf(1, 2, 2_000_000)])).toEqual([[2, 1_000_000]]);
  });

  it('never bids for the leading company or above the maximum', () => {
    const lot = buildLot(leading(2, 1_100_000));
    expect(amounts(lot, [autobidOf(1, 2, 2_000_000)])).toEqual([]);
    expect(amounts(lot, [autobidOf(1, 3, 1_149_999)])).toEqual([]);
    expect(amounts(lot, [{ ...autobidOf(1, 3, 2_000_000), enabled: false }])).toEqual([]);
  });

  it('resolves two autobids at once: the higher max wins one step above the other (docs example)', () => {
    // Start 10 000 ₽, step 500 ₽; A max 15 000 ₽, B max 12 300 ₽ (ceiling 12 000 ₽) → B 12 000, A 12 500.
    const result = resolveAutobids(buildLot(), [autobidOf(1, 1, 1_500_000), autobidOf(2, 2, 1_230_000)], now);
    expect(result.bids.map((b) => [b.companyId, b.amount])).toEqual([
      [2, 1_200_000],
      [1, 1_250_000],
    ]);
    expect(result.maxedOut.map((a) => a.id)).toEqual([2]);
  });

  it('caps the winner at its own ceiling and gives a tie to the earlier autobid', () => {
    const earlier = autobidOf(1, 1, 1_200_000, T0 - 10);
    const later = autobidOf(2, 2, 1_200_000, T0 - 5);
    expect(amounts(buildLot(), [later, earlier])).toEqual([
      [2, 1_150_000],
      [1, 1_200_000],
    ]);
    // Same ceiling (12 000 ₽), higher max wins.
    expect(amounts(buildLot(), [autobidOf(1, 1, 1_220_000, T0), autobidOf(2, 2, 1_240_000, T0 + 1)])).toEqual(
      [
        [1, 1_150_000],
        [2, 1_200_000],
      ],
    );
  });

  it('lets a leading company’s autobid defend, without outbidding itself', () => {
    const lot = buildLot(leading(1, 1_100_000));
    // Defender A (company 1) max 14 000 ₽ against B max 12 000 ₽: B 12 000, A 12 500.
    expect(amounts(lot, [autobidOf(1, 1, 1_400_000), autobidOf(2, 2, 1_200_000)])).toEqual([
      [2, 1_200_000],
      [1, 1_250_000],
    ]);
    // B stronger: B jumps over A's ceiling (12 000 ₽) straight to 12 500 ₽; A never bids over its own company.
    expect(amounts(lot, [autobidOf(1, 1, 1_200_000), autobidOf(2, 2, 1_400_000)])).toEqual([[2, 1_250_000]]);
  });

  it('keeps the standing lead when the earlier defender ties at the very next price', () => {
    const lot = buildLot(leading(1, 1_100_000));
    const result = resolveAutobids(
      lot,
      [autobidOf(1, 1, 1_150_000, T0 - 10), autobidOf(2, 2, 1_150_000, T0 - 5)],
      now,
    );
    expect(result.bids).toEqual([]);
    expect(result.maxedOut.map((a) => a.id)).toEqual([]);
  });

  it('counts only the best autobid of a company and reports every maxed-out one', () => {
    const lot = buildLot(leading(3, 1_500_000));
    const result = resolveAutobids(
      lot,
      [autobidOf(1, 1, 1_500_000), autobidOf(2, 1, 1_600_000), autobidOf(3, 2, 1_540_000)],
      now,
    );
    expect(result.bids.map((b) => [b.autobidId, b.amount])).toEqual([[2, 1_550_000]]);
    expect(result.maxedOut.map((a) => a.id)).toEqual([3]);
  });

  it('does nothing while the lot is not trading', () => {
    expect(amounts(buildLot({ status: 'ready' }), [autobidOf(1, 1, 2_000_000)])).toEqual([]);
    expect(resolveAutobids(buildLot(), [autobidOf(1, 1, 2_000_000)], T0 + 121 * MIN).bids).toEqual([]);
  });
});
