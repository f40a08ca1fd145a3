/**
 * Whether a bid may be placed: the one check the bid dialog runs before its confirmation step and the server runs
 * before it stores anything. Pure; `nowMs` is the server's time (the dialog passes its server-corrected clock).
 *
 * Order of checks, first failure wins: who bids (403) → the amount as typed (422) → the lot's state (409) → the
 * format's price rules. Classic: the leader's company must confirm a raise (409 confirm_required, re-sent with
 * `confirmRaise`); below the start price 422; below the next price 409 'Цена изменилась, обновите страницу' (the
 * dialog showed an older price); off the step grid 422. Dutch: above the clock 409 (the clock moved), below the
 * floor or off the clock grid 422, a company's standing order may only be raised, max_bids caps new orders (409).
 * Sealed: at least the start price, and below ОСЗ except bank_to_bank (both 422, spec texts).
 */
import { isPrivateAuction } from '../auctionTypes.ts';
import type { Kopecks } from '../money.ts';
import { dutchPriceAt } from './dutch.ts';
import { isTradingOpen, type LotState, type Rejection, type RuleResult, reject } from './lotState.ts';
import { BID_MESSAGES as M } from './messages.ts';
import { classicStepsForAmount, dutchStepsForAmount, isOnDutchGrid, isOnGrid, nextPrice } from './pricing.ts';

export interface BidInput {
  /** Kopecks as the user entered them; null or undefined when the field is empty. */
  amount: Kopecks | null | undefined;
  companyId: number;
  userId: number;
  /** Classic: the leader's company confirmed that it raises its own leading bid. */
  confirmRaise?: boolean;
}

export interface BidActor {
  isOwner: boolean;
  isAdmin: boolean;
  /** The user's company is accredited (in good standing). */
  goodStanding: boolean;
  /** The company's kind and flags are admitted by the procedure (and it is not blacklisted). */
  allowedKind: boolean;
  /** Dutch and sealed: the company's standing order / offer on this lot, if any. */
  standingAmount?: Kopecks | null;
}

/** On success: the accepted amount, how many steps it stands for, and the price it was measured from. */
export type BidCheck = RuleResult<{ amount: Kopecks; steps: number; price: Kopecks }>;

/** Owner, admin, accreditation and admission: shared by bids, autobids and "+N мин". */
export function checkBidder(
  actor: BidActor,
  texts: { ownerCannotBid: string; adminCannotBid: string } = M,
): RuleResult {
  if (actor.isOwner) return reject('forbidden', texts.ownerCannotBid);
  if (actor.isAdmin) return reject('forbidden', texts.adminCannotBid);
  if (!actor.goodStanding) return reject('forbidden', M.notAccredited);
  if (!actor.allowedKind) return reject('forbidden', M.kindNotAllowed);
  return { ok: true };
}

/** The amount as typed: filled, a whole number of kopecks, above zero (spec 2 §5). */
export function checkAmount(
  amount: Kopecks | null | undefined,
  field: 'amount' | 'max_price' = 'amount',
): Rejection | null {
  if (amount === null || amount === undefined || Number.isNaN(amount)) {
    return reject('invalid', M.required, field);
  }
  if (!Number.isSafeInteger(amount)) return reject('invalid', M.notWholeKopecks, field);
  if (amount <= 0) return reject('invalid', M.positive, field);
  return null;
}

/** The lot facts the amount rules read: the format, its minimum and the debt (ОСЗ). */
export type AmountRulesLot = Pick<
  LotState,
  'auction_type' | 'start_price' | 'min_price' | 'max_price' | 'amount_bottomline'
>;

/** The least amount a format takes (spec 2 §5 "минимальная сумма"): the dutch floor, else the start price. */
function minimumBidAmount(lot: AmountRulesLot): Kopecks {
  if (lot.auction_type === 'dutch') return lot.min_price ?? lot.max_price ?? lot.start_price;
  return lot.start_price;
}

/**
 * The bid dialog's amount rules (spec 2 §5), which the server applies as well and the bid input (bidInput.ts)
 * shows beside the field: filled, whole kopecks, above zero, not below the minimum, and a sealed offer below ОСЗ
 * except bank_to_bank (decisions/0234 on why classic and dutch bids are not capped at ОСЗ).
 */
export function checkBidAmount(lot: AmountRulesLot, amount: Kopecks | null | undefined): Rejection | null {
  const typed = checkAmount(amount);
  if (typed) return typed;
  const value = amount as Kopecks;
  if (value < minimumBidAmount(lot)) return reject('invalid', M.belowMinimum, 'amount');
  // ОСЗ of 0 means unknown (not loaded), not "every offer is too high".
  if (
    lot.auction_type === 'private_requests' &&
    lot.amount_bottomline > 0 &&
    value >= lot.amount_bottomline
  ) {
    return reject('invalid', M.notBelowDebt, 'amount');
  }
  return null;
}

export function validateBid(lot: LotState, bid: BidInput, actor: BidActor, nowMs: number): BidCheck {
  const who = checkBidder(actor);
  if (!who.ok) return who;
  const typed = checkAmount(bid.amount);
  if (typed) return typed;
  const amount = bid.amount as Kopecks;
  if (lot.status === 'ready') return reject('conflict', M.autobidsOnly);
  if (!isTradingOpen(lot, nowMs)) return reject('conflict', M.notActive);

  if (lot.auction_type === 'classic') return validateClassic(lot, bid, amount);
  if (lot.auction_type === 'dutch') return validateDutch(lot, amount, actor.standingAmount ?? null, nowMs);
  if (isPrivateAuction(lot.auction_type)) return validateSealed(lot, amount);
  return reject('invalid', M.notActive);
}

function validateClassic(lot: LotState, bid: BidInput, amount: Kopecks): BidCheck {
  if (lot.leader?.companyId === bid.companyId && !bid.confirmRaise) {
    return reject('confirm_required', M.alreadyLeading, 'amount');
  }
  const next = nextPrice(lot);
  const rules = checkBidAmount(lot, amount);
  if (rules) return rules;
  if (amount < next) return reject('conflict', M.priceChanged, 'amount');
  if (!isOnGrid(amount, next, lot.step_price)) return reject('invalid', M.offGrid, 'amount');
  return { ok: true, amount, price: next, steps: classicStepsForAmount(amount, next, lot.step_price) };
}

function validateDutch(lot: LotState, amount: Kopecks, standing: Kopecks | null, nowMs: number): BidCheck {
  const max = lot.max_price ?? lot.start_price;
  const min = lot.min_price ?? max;
  const clock = dutchPriceAt(lot, nowMs);
  const rules = checkBidAmount(lot, amount);
  if (rules) return rules;
  if (amount > clock) return reject('conflict', M.priceChanged, 'amount');
  if (!isOnDutchGrid(amount, max, min, lot.step_price)) return reject('invalid', M.offGrid, 'amount');
  if (standing !== null && amount <= standing) return reject('invalid', M.raiseOnly, 'amount');
  if (standing === null && lot.max_bids !== null && lot.bids_count >= lot.max_bids) {
    return reject('conflict', M.maxBidsReached);
  }
  return { ok: true, amount, price: clock, steps: dutchStepsForAmount(clock, amount, lot.step_price, min) };
}

function validateSealed(lot: LotState, amount: Kopecks): BidCheck {
  const rules = checkBidAmount(lot, amount);
  if (rules) return rules;
  return { ok: true, amount, price: lot.start_price, steps: 1 };
}
