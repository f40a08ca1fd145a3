/**
 * The bid input of a lot card and the offer dialog (spec 2 §5): what was typed or pasted, read into the amount
 * that will be confirmed and the steps it stands for, or the spec's message. Classic: next + step * (steps - 1),
 * the decrease stops at 1 step. Dutch: next - step * (steps - 1), never below the minimum, the increase stops at
 * step_count. Sealed offers have no grid. The amount rules are the server's own (checkBidAmount), so the field and
 * the server cannot disagree; an amount above the minimum but off the grid is snapped up to the grid
 * (decisions/0234).
 */
import type { AuctionType } from '../auctionTypes.ts';
import { type Kopecks, kopecksFromPercent } from '../money.ts';
import { BID_MESSAGES as M } from './messages.ts';
import {
  classicBidForSteps,
  classicStepsForAmount,
  dutchBidForSteps,
  dutchMaxSteps,
  dutchStepsForAmount,
} from './pricing.ts';
import { checkBidAmount } from './validateBid.ts';

export interface BidInputLot {
  auction_type: AuctionType;
  start_price: Kopecks;
  next_price: Kopecks;
  step_price: Kopecks;
  max_price: Kopecks | null;
  min_price: Kopecks | null;
  step_count: number | null;
  current_step: number | null;
  /** ОСЗ of the lot; 0 when unknown. */
  amount_bottomline: Kopecks;
}

export interface BidInputState {
  steps: number;
  amount: Kopecks;
  canDecrease: boolean;
  canIncrease: boolean;
}

/** What the user typed or pasted: rubles, or a percent of `of` (ОСЗ or ОД, spec 2 §5). */
export type BidEntry = { amount: string } | { percent: string; of: Kopecks };

/**
 * The reading of an entry: the amount the confirmation will show and the steps it stands for (`snapped` when it
 * differs from what was typed), or the message to show beside the field.
 */
export type BidReading =
  | { ok: true; amount: Kopecks; steps: number; snapped: boolean }
  | { ok: false; message: string };

const isDutch = (lot: Pick<BidInputLot, 'auction_type'>) => lot.auction_type === 'dutch';

function maxSteps(lot: BidInputLot): number {
  if (!isDutch(lot) || lot.step_count === null) return Number.POSITIVE_INFINITY;
  return dutchMaxSteps(lot.current_step ?? 1, lot.step_count);
}

/** The input at `steps` steps (clamped to 1..the most the lot allows). */
export function bidAtSteps(lot: BidInputLot, steps: number): BidInputState {
  const clamped = Math.min(Math.max(1, Math.floor(steps)), maxSteps(lot));
  const amount = isDutch(lot)
    ? dutchBidForSteps(lot.next_price, lot.step_price, clamped, lot.min_price ?? 0)
    : classicBidForSteps(lot.next_price, lot.step_price, clamped);
  return {
    steps: clamped,
    amount,
    canDecrease: clamped > 1,
    canIncrease: clamped < maxSteps(lot) && !(isDutch(lot) && amount <= (lot.min_price ?? 0)),
  };
}

/** The steps an amount stands for (spec 2 §5 formulas, at least 1). */
function stepsForTypedAmount(lot: BidInputLot, amount: Kopecks): number {
  return isDutch(lot)
    ? dutchStepsForAmount(lot.next_price, amount, lot.step_price, lot.min_price ?? undefined)
    : classicStepsForAmount(amount, lot.next_price, lot.step_price);
}

interface TypedNumber {
  negative: boolean;
  whole: string;
  fraction: string;
}

/**
 * A decimal number as people type or paste it: any spaces (NBSP, thin spaces), '₽' / 'руб.' / 'р.' and '%' are
 * dropped; a single ',' or '.' is the decimal point; a separator that repeats ('21.544.842', '21,544,842') or one
 * followed by the other ('1,234,567.89', '1.234.567,89') groups thousands. Null when nothing was typed,
 * 'unreadable' when it is not a number.
 */
function readNumber(text: string): TypedNumber | null | 'unreadable' {
  const cleaned = text.replace(/\s|₽|%|руб\.?|р\./gi, '');
  if (cleaned === '') return null;
  const match = /^(-?)([\d.,]+)$/.exec(cleaned);
  if (!match) return 'unreadable';
  const body = match[2] as string;
  const last = Math.max(body.lastIndexOf(','), body.lastIndexOf('.'));
  // The last separator is the decimal point when it appears once; otherwise every separator groups.
  const single = last >= 0 && body.indexOf(body[last] as string) === last;
  const [whole, fraction] = single ? [body.slice(0, last), body.slice(last + 1)] : [body, ''];
  const groups = whole.split(/[.,]/);
  const grouped = groups.every((g, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(g));
  if ((groups.length > 1 && !grouped) || /[.,]/.test(fraction)) return 'unreadable';
  if (groups.join('') === '' && fraction === '') return 'unreadable';
  return { negative: match[1] === '-', whole: groups.join('') || '0', fraction };
}

/** A typed number as a JS number ('12,5 %' → 12.5); null when empty, NaN when unreadable. */
function parseTypedNumber(text: string): number | null {
  const n = readNumber(text);
  if (n === null) return null;
  if (n === 'unreadable') return Number.NaN;
  return (n.negative ? -1 : 1) * Number(`${n.whole}.${n.fraction || '0'}`);
}

/**
 * Rubles typed → kopecks, exactly as written: '1 234,5' → 123450. Digits beyond the kopecks that are not zero
 * leave a fraction of a kopeck, which checkAmount refuses ('1,234' is not 1 234 ₽, nor 1,23 ₽).
 */
export function kopecksOfTypedRubles(text: string): number | null {
  const n = readNumber(text);
  if (n === null) return null;
  if (n === 'unreadable') return Number.NaN;
  const cents = Number(n.whole) * 100 + Number(n.fraction.slice(0, 2).padEnd(2, '0'));
  const rest = Number(`0.${n.fraction.slice(2) || '0'}`);
  return (n.negative ? -1 : 1) * (cents + rest);
}

function kopecksOfEntry(entry: BidEntry): number | null {
  if ('amount' in entry) return kopecksOfTypedRubles(entry.amount);
  const percent = parseTypedNumber(entry.percent);
  if (percent === null || Number.isNaN(percent)) return percent;
  return kopecksFromPercent(percent, entry.of);
}

/**
 * Reads what was typed into the bid field (or its percent field) for `lot`. Classic: below the next price (the
 * least bid the lot takes now) "Не может быть меньше минимальной суммы"; dutch: above the clock price ours
 * "Не может быть больше текущей цены". An amount the lot takes is confirmed as typed when it is on the grid,
 * else as the nearest grid price above it; a percent converts to kopecks first, then the same.
 */
export function readBidInput(lot: BidInputLot, entry: BidEntry): BidReading {
  const typed = kopecksOfEntry(entry);
  if (typed !== null && Number.isNaN(typed)) return { ok: false, message: M.unreadable };
  const rules = checkBidAmount(lot, typed);
  if (rules) return { ok: false, message: rules.message };
  const amount = typed as Kopecks;
  if (lot.auction_type === 'private_requests' || lot.auction_type === 'bank_to_bank') {
    return { ok: true, amount, steps: 1, snapped: false };
  }
  if (!isDutch(lot) && amount < lot.next_price) return { ok: false, message: M.belowMinimum };
  if (isDutch(lot) && amount > lot.next_price) return { ok: false, message: M.aboveCurrentPrice };
  const state = bidAtSteps(lot, stepsForTypedAmount(lot, amount));
  return { ok: true, amount: state.amount, steps: state.steps, snapped: state.amount !== amount };
}
