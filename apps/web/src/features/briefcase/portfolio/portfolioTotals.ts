/**
 * The "Итого" row of the Портфель lots table. The whole-portfolio lot holds the other lots' debts again, so money
 * is summed over the lots counted in totals (each debt once, lotsCountedInTotals of packages/domain,
 * decisions/0245); bids are counted on every lot, each bid being its own.
 */
import type { LotAttributes } from '@etp/contracts';
import { lotsCountedInTotals } from '@etp/domain';

export type TotalColumn = 'amountTotal' | 'amountBottomline' | 'startPrice' | 'currentPrice' | 'bids';

type TotalLot = Pick<
  LotAttributes,
  | 'id'
  | 'composite'
  | 'items_count'
  | 'amount_total'
  | 'amount_bottomline'
  | 'start_price'
  | 'current_price'
  | 'bids_count'
>;

const PICK: Record<TotalColumn, (lot: TotalLot) => number | null> = {
  amountTotal: (l) => l.amount_total,
  amountBottomline: (l) => l.amount_bottomline,
  startPrice: (l) => l.start_price,
  currentPrice: (l) => l.current_price,
  bids: (l) => l.bids_count,
};

export function portfolioTotal(column: TotalColumn, lots: readonly TotalLot[]): number {
  const counted = column === 'bids' ? lots : lotsCountedInTotals(lots);
  return counted.reduce((sum, lot) => sum + (PICK[column](lot) ?? 0), 0);
}
