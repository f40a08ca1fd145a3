/**
 * The whole-portfolio lot (composite, spec 1 §2) and the part lots carry the same debts: it is one more way to sell
 * the registry, not more debts (decisions/0245). So
 * - totals count every debt once: the part lots when together they hold the whole portfolio, else the
 *   whole-portfolio lot (a later round may carry it with only some parts);
 * - the same debts are never sold twice: once the whole-portfolio lot has a winner, no part lot can be given one,
 *   and once a part lot has a winner, the whole-portfolio lot cannot; such a lot can only close without a winner
 *   and does not go to a next round.
 */
import type { RuleResult } from './lotState.ts';
import { reject } from './lotState.ts';

export interface PortfolioLot {
  id: number;
  composite: boolean;
  items_count: number;
}

/** The lots whose sums are the portfolio's totals (ОД, ОСЗ, prices, debts), each debt counted once. */
export function lotsCountedInTotals<T extends PortfolioLot>(lots: readonly T[]): T[] {
  const parts = lots.filter((l) => !l.composite);
  const whole = lots.find((l) => l.composite);
  if (!whole) return parts;
  const partItems = parts.reduce((sum, l) => sum + l.items_count, 0);
  return parts.length > 0 && partItems >= whole.items_count ? parts : [whole];
}

export interface AwardableLot {
  id: number;
  composite: boolean;
  /** The name the seller sees ('Лот №3', or the lot's own name). */
  name: string;
  /** Closed with a winner whose purchase stands (not a convert round's start price). */
  awarded: boolean;
}

/** The lots of the same procedure that carry some of `lot`'s debts: all parts for the whole, the whole for a part. */
function overlappingLots<T extends AwardableLot>(
  lot: Pick<AwardableLot, 'id' | 'composite'>,
  lots: readonly T[],
) {
  return lots.filter((other) => other.id !== lot.id && other.composite !== lot.composite);
}

const WHOLE_PORTFOLIO_MESSAGES = {
  wholeSold: (name: string) =>
    `Весь портфель уже продан (${name}): эти долги нельзя продать второй раз. Лот можно закрыть только без победителя`,
  partsSold: (names: string) =>
    `Часть долгов портфеля уже продана (${names}): весь портфель нельзя продать второй раз. Лот можно закрыть только без победителя`,
} as const;

/** Whether `lot` may be given a winner: refused (409) when a lot with some of the same debts already has one. */
export function canAwardLot(lot: AwardableLot, lots: readonly AwardableLot[]): RuleResult {
  const sold = overlappingLots(lot, lots).filter((other) => other.awarded);
  if (sold.length === 0) return { ok: true };
  const names = sold.map((other) => other.name).join(', ');
  return reject(
    'conflict',
    lot.composite ? WHOLE_PORTFOLIO_MESSAGES.partsSold(names) : WHOLE_PORTFOLIO_MESSAGES.wholeSold(names),
    'bid_id',
  );
}

/** A lot whose debts were sold in another lot: it goes to no next round. */
export const soldElsewhere = (lot: AwardableLot, lots: readonly AwardableLot[]): boolean =>
  !canAwardLot(lot, lots).ok;
