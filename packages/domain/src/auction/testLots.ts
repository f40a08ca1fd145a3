/** Test factories for the auction rules (not exported from the package). */
import type { Autobid } from './classic.ts';
import type { LotState, RankedBid } from './lotState.ts';

/** 22.11.2026 11:00 Moscow. */
export const T0 = Date.parse('2026-11-22T08:00:00Z');
export const MIN = 60_000;

/** A classic lot trading from T0 to T0 + 2 h: start 10 000 ₽, step 500 ₽, ОСЗ 1 000 000 ₽. */
export function buildLot(overrides: Partial<LotState> = {}): LotState {
  return {
    id: 1,
    auction_type: 'classic',
    end_mode: null,
    status: 'active',
    start_ms: T0,
    end_ms: T0 + 120 * MIN,
    start_price: 1_000_000,
    step_price: 50_000,
    max_price: null,
    min_price: null,
    step_count: null,
    current_price: null,
    leader: null,
    bids_count: 0,
    max_bids: null,
    renewals_count: 0,
    renewal_after_last_bid_minutes: 0,
    lot_renewal_minutes: 10,
    amount_bottomline: 100_000_000,
    winner: null,
    is_without_winner: false,
    ...overrides,
  };
}

/** A dutch lot: 20 000 ₽ falling by 1 000 ₽ every 10 minutes to 15 500 ₽ (6 steps, 60 minutes), from T0. */
export function buildDutchLot(overrides: Partial<LotState> = {}): LotState {
  return buildLot({
    auction_type: 'dutch',
    max_price: 2_000_000,
    min_price: 1_550_000,
    step_price: 100_000,
    step_count: 6,
    start_price: 1_550_000,
    current_price: 2_000_000,
    end_ms: T0 + 60 * MIN,
    ...overrides,
  });
}

export function bidOf(
  companyId: number,
  amount: number,
  at = T0,
  bidId = companyId * 1000 + (at % 1000),
): RankedBid {
  return { bidId, companyId, userId: companyId * 10, amount, at };
}

export function autobidOf(id: number, companyId: number, maxPrice: number, createdAt = T0 - id): Autobid {
  return { id, companyId, userId: companyId * 10, maxPrice, createdAt, enabled: true };
}
