/**
 * The rules of a lotting request (spec 1 §2 lotting panel, §3 lotting settings; decisions/0044): a lot's start and
 * minimum price from its ОСЗ, the price limit's bounds and messages, and the error of a request the registry cannot
 * satisfy.
 */
import type { LottingSortType, LottingType } from '../dictionaries.ts';
import { formatRubles } from '../money.ts';
import type { DebtColumns } from './columns.ts';
import { MSG } from './messages.ts';

/** A lot's start price before any prediction or edit: this percent of its ОСЗ, at least LOT_PRICE_FLOOR. */
export const LOT_START_PRICE_PERCENT = 5;
/** A lot's minimum price (lowest start price the seller may set): this percent of its ОСЗ, at least the floor. */
const LOT_MIN_PRICE_PERCENT = 1;
/** No lot is priced under 20 000 ₽ (the demo seed's floor too). */
export const LOT_PRICE_FLOOR = 20_000_00;
/** The price limit may not be so low that equal lots would make more lots than this. */
const LOTTING_MAX_LOTS = 1000;

export interface LottingParams {
  loting_type: LottingType;
  sort_type?: LottingSortType;
  /** Price limit in kopecks: the target start price of a lot (equal_lots) or the size above which a group splits. */
  price?: number | null;
}

/** A lotting request the registry cannot satisfy; `field` is the form field the message belongs to. */
export class LottingError extends Error {
  constructor(
    message: string,
    readonly field: 'price' | 'loting_type',
  ) {
    super(message);
    this.name = 'LottingError';
  }
}

const ceilRubles = (kopecks: number) => Math.ceil(kopecks / 100) * 100;

export function lotStartPrice(amountBottomline: number): number {
  return Math.max(LOT_PRICE_FLOOR, ceilRubles((amountBottomline * LOT_START_PRICE_PERCENT) / 100));
}

export function lotMinPrice(amountBottomline: number): number {
  return Math.max(LOT_PRICE_FLOOR, ceilRubles((amountBottomline * LOT_MIN_PRICE_PERCENT) / 100));
}

export interface PriceLimits {
  /** The smallest price limit allowed (spec 1 §3 lotting settings `min_price`). */
  min_price: number;
  /** The largest price equal lots can reach: the start price of the whole registry as one lot. */
  max_price: number;
}

function totalBottomline(columns: DebtColumns): number {
  let s = 0;
  for (let i = 0; i < columns.count; i++) s += columns.amountBottomline[i]!;
  return s;
}

export function lottingPriceLimits(columns: DebtColumns): PriceLimits {
  const total = totalBottomline(columns);
  const max = lotStartPrice(total);
  const min = Math.max(
    LOT_PRICE_FLOOR,
    ceilRubles((total * LOT_START_PRICE_PERCENT) / 100 / LOTTING_MAX_LOTS),
  );
  return { min_price: Math.min(min, max), max_price: max };
}

/** The price-limit rule: 'Не может быть меньше {amount}' (and, for equal lots, not above the whole registry). */
export function lottingPriceError(
  price: number | null | undefined,
  type: LottingType,
  limits: PriceLimits,
): string | null {
  if (type !== 'equal_lots' && type !== 'federal_districts' && type !== 'product_type') return null;
  if (price === null || price === undefined) return type === 'equal_lots' ? MSG.priceRequired : null;
  if (price < limits.min_price) return MSG.priceBelowMin(formatRubles(limits.min_price));
  if (type === 'equal_lots' && price > limits.max_price)
    return MSG.priceAboveMax(formatRubles(limits.max_price));
  return null;
}
