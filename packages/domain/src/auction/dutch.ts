/**
 * The dutch (descending clock) auction.
 *
 * The clock: price(t) = max(min, max_price - step * floor((t - start) / period)), period = lot_renewal_minutes;
 * before the start it reads max_price. Its 1-based step is min(step_count, floor((t - start) / period) + 1).
 * A bid is a firm order at the current clock price or a lower clock price (one per company; it may only be raised,
 * never lowered or withdrawn; raising keeps its place in max_bids but takes the raise's time for ties).
 *
 * Invariants:
 * - the clock first reaches an order at r = min over orders of max(order.at, reach(order.amount)), reach(a) being
 *   the first instant the clock is <= a: i.e. immediately when an order is at the current price, else when the
 *   clock comes down to the best order;
 * - the lot finishes at tf = min(end_ms, r) when steps_after_first_bid is 0 or unset; with N > 0 steps it keeps
 *   trading for the rest of r's clock step and N more (tf = min(end_ms, start + (steps elapsed at r + 1 + N) ×
 *   period)), so other companies may still place orders (up to max_bids) for the seller's choice
 *   (decisions/0240); the leader is the best order standing at tf (highest, then earliest);
 * - with no order it finishes at end_ms without a leader (the wizard sets end_ms to {@link dutchClockEndAt}: the
 *   floor price lasts one period like every other step; "+N мин" prolongs it);
 * - an order is never above the clock, so every order is reached at the latest when the clock hits min.
 */
import { MINUTE_MS } from '../constants.ts';
import type { Kopecks } from '../money.ts';
import { type AuctionEvent, bestBid, isTradingOpen, type LotState, type RankedBid } from './lotState.ts';
import { dutchStepCount, isOnDutchGrid } from './pricing.ts';

export type DutchOrder = RankedBid;

type ClockLot = Pick<
  LotState,
  | 'start_ms'
  | 'max_price'
  | 'min_price'
  | 'step_price'
  | 'step_count'
  | 'lot_renewal_minutes'
  | 'start_price'
  | 'steps_after_first_bid'
>;

/** One clock step's duration; a period below one minute is read as one minute. */
function dutchPeriodMs(lot: Pick<LotState, 'lot_renewal_minutes'>): number {
  return Math.max(1, lot.lot_renewal_minutes) * MINUTE_MS;
}

const maxOf = (lot: ClockLot): Kopecks => lot.max_price ?? lot.start_price;
const minOf = (lot: ClockLot): Kopecks => lot.min_price ?? maxOf(lot);
const stepsOf = (lot: ClockLot): number =>
  lot.step_count ?? dutchStepCount(maxOf(lot), minOf(lot), lot.step_price);

/** Whole periods elapsed since the start (0 before it). */
function elapsedSteps(lot: ClockLot, t: number): number {
  return t <= lot.start_ms ? 0 : Math.floor((t - lot.start_ms) / dutchPeriodMs(lot));
}

/** The clock price at `t`. */
export function dutchPriceAt(lot: ClockLot, t: number): Kopecks {
  return Math.max(minOf(lot), maxOf(lot) - lot.step_price * elapsedSteps(lot, t));
}

/** The clock's 1-based step at `t` (the API's current_step), at most step_count. */
export function dutchStepAt(lot: ClockLot, t: number): number {
  return Math.min(stepsOf(lot), elapsedSteps(lot, t) + 1);
}

/** When the price next drops after `t`; null once it rests at the floor. */
export function dutchNextTickAt(lot: ClockLot, t: number): number | null {
  if (dutchPriceAt(lot, t) <= minOf(lot)) return null;
  return lot.start_ms + (elapsedSteps(lot, t) + 1) * dutchPeriodMs(lot);
}

/** The natural end: every step, the floor included, lasts one period. */
export function dutchClockEndAt(lot: ClockLot): number {
  return lot.start_ms + stepsOf(lot) * dutchPeriodMs(lot);
}

/** The first instant the clock reads `amount` or less. */
function dutchReachAt(lot: ClockLot, amount: Kopecks): number {
  if (amount >= maxOf(lot) || lot.step_price <= 0) return lot.start_ms;
  const k = Math.min(stepsOf(lot) - 1, Math.ceil((maxOf(lot) - amount) / lot.step_price));
  return lot.start_ms + k * dutchPeriodMs(lot);
}

/**
 * When a lot whose clock first reached an order at `reach` finishes, before its end: at `reach` itself, or with
 * steps_after_first_bid = N > 0 at the close of the N-th clock step after the one `reach` falls in.
 */
function dutchFinishAfterReach(lot: ClockLot, reach: number): number {
  const extra = Math.max(0, Math.floor(lot.steps_after_first_bid ?? 0));
  if (extra === 0 || !Number.isFinite(reach)) return reach;
  return lot.start_ms + (elapsedSteps(lot, reach) + 1 + extra) * dutchPeriodMs(lot);
}

export type DutchOutcome =
  | { finished: false; price: Kopecks; step: number; nextTickAt: number | null }
  | { finished: true; at: number; price: Kopecks; leader: DutchOrder | null };

/** Where the lot stands at `nowMs` given its standing orders (all placed at or before `nowMs`). */
export function dutchOutcomeAt(
  lot: ClockLot & Pick<LotState, 'end_ms'>,
  orders: readonly DutchOrder[],
  nowMs: number,
): DutchOutcome {
  let firstReach = Number.POSITIVE_INFINITY;
  for (const order of orders) {
    firstReach = Math.min(firstReach, Math.max(order.at, dutchReachAt(lot, order.amount)));
  }
  const finishAt = Math.min(lot.end_ms, dutchFinishAfterReach(lot, firstReach));
  if (nowMs < finishAt) {
    return {
      finished: false,
      price: dutchPriceAt(lot, nowMs),
      step: dutchStepAt(lot, nowMs),
      nextTickAt: dutchNextTickAt(lot, nowMs),
    };
  }
  const leader = bestBid(orders.filter((order) => order.at <= finishAt));
  return { finished: true, at: finishAt, price: leader?.amount ?? dutchPriceAt(lot, finishAt), leader };
}

export interface DutchResult {
  lot: LotState;
  orders: DutchOrder[];
  events: AuctionEvent[];
}

/**
 * The scheduler's step: at `nowMs` the lot either finishes (status finished, leader and price of the winning
 * order, a lot_finished event) or shows the clock price. A finished or non-active lot is returned unchanged.
 */
export function advanceDutch(lot: LotState, orders: readonly DutchOrder[], nowMs: number): DutchResult {
  if (lot.status !== 'active') return { lot, orders: [...orders], events: [] };
  const outcome = dutchOutcomeAt(lot, orders, nowMs);
  if (!outcome.finished) {
    return { lot: { ...lot, current_price: outcome.price }, orders: [...orders], events: [] };
  }
  return {
    lot: { ...lot, status: 'finished', current_price: outcome.price, leader: outcome.leader },
    orders: [...orders],
    events: [{ type: 'lot_finished', lotId: lot.id, at: outcome.at, leader: outcome.leader }],
  };
}

/**
 * Takes a validated order (see validateBid): it replaces the company's standing order, the best order leads, and
 * an order at the current clock price finishes the lot at once. Throws on an order the rules forbid, which
 * validateBid would have refused.
 */
export function placeDutchOrder(
  lot: LotState,
  orders: readonly DutchOrder[],
  order: DutchOrder,
  nowMs: number,
): DutchResult {
  const clock = dutchPriceAt(lot, nowMs);
  const own = orders.find((o) => o.companyId === order.companyId);
  if (lot.auction_type !== 'dutch' || !isTradingOpen(lot, nowMs)) throw new Error('dutch lot is not trading');
  if (dutchOutcomeAt(lot, orders, nowMs).finished) throw new Error('dutch lot has already finished');
  if (order.amount > clock || !isOnDutchGrid(order.amount, maxOf(lot), minOf(lot), lot.step_price)) {
    throw new Error(`dutch order ${order.amount} is not a clock price at or below ${clock}`);
  }
  if (own && order.amount <= own.amount) throw new Error('a dutch order may only be raised');
  if (!own && lot.max_bids !== null && orders.length >= lot.max_bids) throw new Error('max_bids reached');
  const next = [...orders.filter((o) => o.companyId !== order.companyId), { ...order, at: nowMs }];
  const placed: AuctionEvent = { type: 'bid_placed', lotId: lot.id, source: 'hand', ...order, at: nowMs };
  const updated: LotState = { ...lot, bids_count: next.length, leader: bestBid(next), current_price: clock };
  const result = advanceDutch(updated, next, nowMs);
  return { ...result, events: [placed, ...result.events] };
}
