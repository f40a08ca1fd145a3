/**
 * What the auction engine knows about one lot, and the vocabulary shared by every format: bids ranked best first,
 * the events an operation reports, and the result of a rule check.
 *
 * Invariants of a LotState (the engine keeps them; the server builds it from its rows):
 * - money is integer kopecks, times are epoch milliseconds; the engine never reads a clock, `nowMs` is a parameter;
 * - `leader` is null exactly when the lot has no standing bid; classic: `current_price === leader.amount`;
 * - classic prices lie on the grid `start_price + k * step_price`, k >= 0, and only rise;
 * - dutch: `current_price` is the clock price as of the last tick (see dutch.ts), `leader` the best standing order;
 * - sealed (private_requests, bank_to_bank): `leader` is never shown to participants (see sealed.ts);
 * - `end_ms` only moves later (anti-sniping, "+N мин").
 */
import type { AuctionType } from '../auctionTypes.ts';
import type { EndMode } from '../dictionaries.ts';
import type { Kopecks } from '../money.ts';
import type { LotStatus } from '../statuses.ts';

/** A bid as the engine ranks it. `at` is when it was accepted (ms); `bidId` is the stored row's id. */
export interface RankedBid {
  bidId: number;
  companyId: number;
  userId: number;
  amount: Kopecks;
  at: number;
}

/** The standing best bid of a lot. */
type LotLeader = RankedBid;

/** The bid the seller chose when closing the lot (in convert mode: the offer that fixes the 2nd round's price). */
export interface LotWinner {
  bidId: number;
  companyId: number;
  amount: Kopecks;
}

export interface LotState {
  id: number;
  auction_type: AuctionType;
  /** convert: a sealed first round whose choice is the classic second round's start price. */
  end_mode: EndMode | null;
  status: LotStatus;
  start_ms: number;
  end_ms: number;
  /** Classic: the first bid's price. Sealed: the minimum offer. Dutch: unused (see min_price). */
  start_price: Kopecks;
  step_price: Kopecks;
  /** Dutch: the clock's first price. */
  max_price: Kopecks | null;
  /** Dutch: the clock's floor. */
  min_price: Kopecks | null;
  /** Dutch: ceil((max - min) / step) + 1. */
  step_count: number | null;
  current_price: Kopecks | null;
  leader: LotLeader | null;
  /** Classic: bids accepted; dutch and sealed: standing orders / offers (one per company). */
  bids_count: number;
  /** Dutch: the most orders a lot takes; null = no cap. */
  max_bids: number | null;
  /**
   * Dutch: clock steps the lot keeps trading after the clock first reaches an order (decisions/0240); 0, null or
   * absent: it finishes at that instant.
   */
  steps_after_first_bid?: number | null;
  renewals_count: number;
  /** Anti-sniping window; 0 disables it. */
  renewal_after_last_bid_minutes: number;
  /** "+N мин" length, and the dutch clock's period. */
  lot_renewal_minutes: number;
  /** ОСЗ: sealed offers (except bank_to_bank) must stay below it. */
  amount_bottomline: Kopecks;
  winner: LotWinner | null;
  is_without_winner: boolean;
}

/** Best first: higher amount, then earlier, then lower id (a total order: ties never depend on array order). */
export function compareBids(a: RankedBid, b: RankedBid): number {
  return b.amount - a.amount || a.at - b.at || a.bidId - b.bidId;
}

/** The best of the bids by {@link compareBids}, or null for none. */
export function bestBid<T extends RankedBid>(bids: readonly T[]): T | null {
  let best: T | null = null;
  for (const bid of bids) if (best === null || compareBids(bid, best) < 0) best = bid;
  return best;
}

/** Bids are taken while the lot is active and `start_ms <= nowMs < end_ms`. */
export function isTradingOpen(lot: Pick<LotState, 'status' | 'start_ms' | 'end_ms'>, nowMs: number): boolean {
  return lot.status === 'active' && nowMs >= lot.start_ms && nowMs < lot.end_ms;
}

/** Why a rule said no, mapped to HTTP by {@link REJECTION_HTTP_STATUS}. */
export type RejectionCode = 'forbidden' | 'invalid' | 'conflict' | 'confirm_required';

/** 403 not allowed; 422 bad input; 409 stale price or a state that moved on (confirm_required too: re-send). */
export const REJECTION_HTTP_STATUS: Readonly<Record<RejectionCode, number>> = {
  forbidden: 403,
  invalid: 422,
  conflict: 409,
  confirm_required: 409,
};

export interface Rejection {
  ok: false;
  code: RejectionCode;
  /** The input field the message belongs to (the API's `errors` key), when there is one. */
  field?: 'amount' | 'max_price' | 'bid_id';
  message: string;
}

export type RuleResult<T extends object = object> = ({ ok: true } & T) | Rejection;

export function reject(code: RejectionCode, message: string, field?: Rejection['field']): Rejection {
  return field === undefined ? { ok: false, code, message } : { ok: false, code, message, field };
}

/** What an operation changed, for the live channels and the audit log. */
export type AuctionEvent =
  | ({ type: 'bid_placed'; lotId: number; source: 'hand' | 'auto' } & RankedBid)
  | { type: 'bid_withdrawn'; lotId: number; companyId: number }
  | { type: 'lot_extended'; lotId: number; reason: 'anti_sniping' | 'renewal'; fromMs: number; toMs: number }
  | { type: 'autobid_maxed_out'; lotId: number; autobidId: number; companyId: number }
  | { type: 'lot_finished'; lotId: number; at: number; leader: LotLeader | null };
