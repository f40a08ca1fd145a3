import type { LotAttributes } from '@etp/contracts';
import { TRADE_MESSAGES as T } from './messages.ts';

/** "Лот №3", or the name the seller gave the lot. */
export const lotTitle = (lot: Pick<LotAttributes, 'number' | 'number_original'>) =>
  lot.number === String(lot.number_original) ? T.lot(lot.number) : lot.number;

/** The percent basis of a procedure: ОСЗ or ОД (percent_mode), forced to ОД for bank_to_bank. */
export function priceBasis(
  b: { percent_mode: string; auction_type: string },
  lot: Pick<LotAttributes, 'amount_total' | 'amount_bottomline'>,
): { label: string; kopecks: number } {
  const bottomline = b.percent_mode === 'amount_bottomline_debt' && b.auction_type !== 'bank_to_bank';
  return bottomline
    ? { label: T.amountBottomline, kopecks: lot.amount_bottomline }
    : { label: T.amountTotal, kopecks: lot.amount_total };
}
