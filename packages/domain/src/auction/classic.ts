/**
 * The classic (English, ascending) auction: placing a bid, anti-sniping, and autobid (proxy) resolution.
 *
 * Invariants:
 * - a bid is accepted only at `nextPrice + k * step` (k >= 0) while trading is open; the price only rises and
 *   stays on the grid `start_price + k * step`; the last accepted bid leads (it is the highest);
 * - anti-sniping: a bid with less than `renewal_after_last_bid_minutes` left moves the end to bid time + that many
 *   minutes (never earlier than it was);
 * - an autobid never bids for a company that already leads, never above its maximum, and only grid prices.
 */
import { MINUTE_MS } from '../constants.ts';
import type { Kopecks } from '../money.ts';
import { type AuctionEvent, isTradingOpen, type LotState } from './lotState.ts';
import { floorToGrid, isOnGrid, nextPrice } from './pricing.ts';

export interface ClassicBid {
  bidId: number;
  companyId: number;
  userId: number;
  amount: Kopecks;
  source?: 'hand' | 'auto';
}

export interface ClassicResult {
  lot: LotState;
  events: AuctionEvent[];
}

/** Applies a validated bid (see validateBid); throws on one the rules forbid. */
export function applyClassicBid(lot: LotState, bid: ClassicBid, nowMs: number): ClassicResult {
  if (lot.auction_type !== 'classic' || !isTradingOpen(lot, nowMs))
    throw new Error('classic lot is not trading');
  const next = nextPrice(lot);
  if (bid.amount < next || !isOnGrid(bid.amount, next, lot.step_price)) {
    throw new Error(`classic bid ${bid.amount} is not on the grid from ${next}`);
  }
  const leader = {
    bidId: bid.bidId,
    companyId: bid.companyId,
    userId: bid.userId,
    amount: bid.amount,
    at: nowMs,
  };
  const events: AuctionEvent[] = [
    { type: 'bid_placed', lotId: lot.id, source: bid.source ?? 'hand', ...leader },
  ];
  const window = lot.renewal_after_last_bid_minutes * MINUTE_MS;
  let end = lot.end_ms;
  if (window > 0 && lot.end_ms - nowMs < window) {
    end = nowMs + window;
    events.push({
      type: 'lot_extended',
      lotId: lot.id,
      reason: 'anti_sniping',
      fromMs: lot.end_ms,
      toMs: end,
    });
  }
  return {
    lot: { ...lot, current_price: bid.amount, leader, bids_count: lot.bids_count + 1, end_ms: end },
    events,
  };
}

export interface Autobid {
  id: number;
  companyId: number;
  userId: number;
  maxPrice: Kopecks;
  createdAt: number;
  enabled: boolean;
}

/** Priority of autobids: higher maximum first, then the earlier one, then the lower id. */
function compareAutobids(a: Autobid, b: Autobid): number {
  return b.maxPrice - a.maxPrice || a.createdAt - b.createdAt || a.id - b.id;
}

/** A bid the engine places for an autobid's owner. Insert them in order, applying each with applyClassicBid. */
interface AutobidBid {
  autobidId: number;
  companyId: number;
  userId: number;
  amount: Kopecks;
}

export interface AutobidResolution {
  bids: AutobidBid[];
  /** Enabled autobids that can never bid again: not of the final leader's company and max < the next price. */
  maxedOut: Autobid[];
}

/**
 * What the autobids do now, decided in one pass (no storm of one-step bids), for the state after a hand bid, at
 * the start, or after an autobid was set. Per company only its best autobid counts. With `next` the next price
 * and `ceil(a)` the highest grid price not above a's maximum:
 * - challengers: autobids of companies other than the leader's with max >= next; none → nothing happens;
 * - the defender: the leading company's autobid, if its max >= next;
 * - the winner W is the best by priority ({@link compareAutobids}) among challengers and defender, the runner-up
 *   R the second best; alone, W bids `next`; else W ends at `min(ceil(R) + step, ceil(W))`, R's last bid one
 *   step below it (left out when that is not above the standing price, or when R is the defender: it would
 *   outbid its own company);
 * - a defender that wins a tie of ceilings at `next` itself keeps its standing bid (nothing happens): the
 *   challenger's only possible bid could not be answered, and the earlier autobid wins a tie.
 * At most two bids result: the loser's last and the winner's.
 */
export function resolveAutobids(
  lot: LotState,
  autobids: readonly Autobid[],
  nowMs: number,
): AutobidResolution {
  if (lot.auction_type !== 'classic' || !isTradingOpen(lot, nowMs)) return { bids: [], maxedOut: [] };
  const next = nextPrice(lot);
  const step = lot.step_price;
  const holder = lot.leader?.companyId ?? null;
  const perCompany = new Map<number, Autobid>();
  for (const autobid of autobids.filter((a) => a.enabled).sort(compareAutobids)) {
    if (!perCompany.has(autobid.companyId)) perCompany.set(autobid.companyId, autobid);
  }
  const able = [...perCompany.values()].filter((a) => a.maxPrice >= next);
  const challengers = able.filter((a) => a.companyId !== holder);
  const bids = challengers.length === 0 ? [] : plan(able, holder, next, step);
  const leaderCompany = bids.at(-1)?.companyId ?? holder;
  const finalNext = bids.length === 0 ? next : bids.at(-1)!.amount + step;
  const maxedOut = autobids.filter(
    (a) => a.enabled && a.companyId !== leaderCompany && a.maxPrice < finalNext,
  );
  return { bids, maxedOut };
}

/** `able` is sorted by priority, one per company, all with max >= next, at least one challenger among them. */
function plan(able: Autobid[], holder: number | null, next: Kopecks, step: Kopecks): AutobidBid[] {
  const [winner, runnerUp] = able as [Autobid, Autobid | undefined];
  const bidOf = (a: Autobid, amount: Kopecks): AutobidBid => ({
    autobidId: a.id,
    companyId: a.companyId,
    userId: a.userId,
    amount,
  });
  if (runnerUp === undefined) return [bidOf(winner, next)];
  const ceil = (a: Autobid) => floorToGrid(a.maxPrice, next, step);
  const final = Math.min(ceil(runnerUp) + step, ceil(winner));
  const loserLast = final - step;
  if (winner.companyId === holder) {
    return loserLast >= next ? [bidOf(runnerUp, loserLast), bidOf(winner, final)] : [];
  }
  if (runnerUp.companyId !== holder && loserLast >= next)
    return [bidOf(runnerUp, loserLast), bidOf(winner, final)];
  return [bidOf(winner, final)];
}
