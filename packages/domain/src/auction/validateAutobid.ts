/**
 * Whether an autobid (a proxy maximum) may be set or raised. Classic lots only: in a dutch lot the order itself
 * waits for the clock, and sealed lots have no running price. Autobids are taken before the start (ready: the
 * only thing a participant can do then) and while trading is open.
 *
 * The maximum need not lie on the grid: the autobid bids grid prices up to the highest one not above it. It must
 * be above the next price (at the next price it would just be a bid: the dialog disables the button then) and,
 * for a company that has one, above its current maximum (an autobid is raised, never lowered: disable it instead).
 */
import type { Kopecks } from '../money.ts';
import { isTradingOpen, type LotState, type RuleResult, reject } from './lotState.ts';
import { AUTOBID_MESSAGES as M } from './messages.ts';
import { classicStepsForAmount, nextPrice } from './pricing.ts';
import { type BidActor, checkAmount, checkBidder } from './validateBid.ts';

export interface AutobidActor extends BidActor {
  /** The company's enabled autobid maximum on this lot, if any. */
  currentAutobidMax?: Kopecks | null;
}

export type AutobidCheck = RuleResult<{ maxPrice: Kopecks; steps: number }>;

export function validateAutobid(
  lot: LotState,
  maxPrice: Kopecks | null | undefined,
  actor: AutobidActor,
  nowMs: number,
): AutobidCheck {
  const who = checkBidder(actor, M);
  if (!who.ok) return who;
  if (lot.auction_type !== 'classic') return reject('invalid', M.classicOnly);
  const typed = checkAmount(maxPrice, 'max_price');
  if (typed) return typed;
  const max = maxPrice as Kopecks;
  const accepting = (lot.status === 'ready' && nowMs < lot.end_ms) || isTradingOpen(lot, nowMs);
  if (!accepting) return reject('conflict', M.closed);
  const next = nextPrice(lot);
  if (max <= next) return reject('invalid', M.aboveNextPrice, 'max_price');
  const current = actor.currentAutobidMax ?? null;
  if (current !== null && max <= current) return reject('invalid', M.aboveCurrentMax, 'max_price');
  return { ok: true, maxPrice: max, steps: classicStepsForAmount(max, next, lot.step_price) };
}
