/**
 * A lot's own price in the wizard (spec 1 §5 "Ограничение цены лота", §7 lots_start_prices_cents; decisions/0239):
 * the seller types each lot's start price (in a dutch procedure, the clock's minimum), and the browser and the
 * server check it with these rules.
 *
 * - required and above 0 ('Должно быть заполнено', 'Должно быть больше 0');
 * - not below the lot's minimum price, the lotting floor `lotMinPrice` (1 % of its ОСЗ, at least 20 000 ₽):
 *   'Не может быть меньше {amount}', the price limit's message;
 * - private_requests: below the lot's ОСЗ, since every offer must be ('Должно быть меньше общей суммы
 *   задолженности', spec 2 §5);
 * - dutch: the procedure's maximum price above the sum of the lots' minima, so every lot's clock can fall.
 */
import type { AuctionType } from '../auctionTypes.ts';
import { formatRubles, type Kopecks } from '../money.ts';
import { lotMinPrice } from '../registry/lottingRules.ts';
import { WIZARD_RULE_MESSAGES as M } from './messages.ts';

export interface LotPriceFacts {
  /** The seller's price (kopecks); null when the field is empty. */
  price: Kopecks | null;
  amount_bottomline: Kopecks;
}

/** The lowest price a seller may give a lot: the lotting floor of its ОСЗ. */
export function lotPriceFloor(lot: Pick<LotPriceFacts, 'amount_bottomline'>): Kopecks {
  return lotMinPrice(lot.amount_bottomline);
}

export function lotPriceError(type: AuctionType, lot: LotPriceFacts): string | null {
  if (lot.price === null) return M.required;
  if (!(lot.price > 0)) return M.aboveZero;
  const floor = lotPriceFloor(lot);
  if (lot.price < floor) return M.priceBelowMin(formatRubles(floor));
  if (type === 'private_requests' && lot.amount_bottomline > 0 && lot.price >= lot.amount_bottomline)
    return M.belowBottomline;
  return null;
}

/** The dutch maximum: required, and above the sum of the lots' minima (each lot's clock falls at least a step). */
export function dutchMaxPriceError(
  maxPrice: Kopecks | null,
  lotPrices: readonly (Kopecks | null)[],
): string | null {
  if (maxPrice === null || maxPrice <= 0) return M.maxPriceRequired;
  if (lotPrices.some((p) => p === null)) return null;
  const total = lotPrices.reduce<number>((sum, p) => sum + (p ?? 0), 0);
  if (maxPrice <= total) return M.maxPriceAboveLots(formatRubles(total));
  return null;
}

/**
 * The seller's price of a stored lot: its start price, or, once it has a dutch clock (a maximum), the clock's
 * minimum (the lot's start price is then its maximum).
 */
export function sellerLotPrice(lot: {
  startPrice: Kopecks;
  minPrice: Kopecks | null;
  maxPrice: Kopecks | null;
}): Kopecks {
  return lot.maxPrice !== null && lot.minPrice !== null ? lot.minPrice : lot.startPrice;
}
