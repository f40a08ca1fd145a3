/**
 * Which columns the Портфель tab's lots table has (spec 2 §2 "Portfolio tab"): number, DPD and step only when the
 * seller shows ОСЗ, ОД and ОСЗ, start price; current price, bids and participants only with can_view_bids_info;
 * "Кол-во шагов" only for dutch; the autobid column only when the viewer's company has an enabled autobid;
 * "Лидер" and "Победитель" for the seller and administrators when bids info is viewable; the lot's status.
 */
import type { BriefcaseCardAttributes } from '@etp/contracts';

export type PortfolioColumn =
  | 'number'
  | 'dpd'
  | 'amountTotal'
  | 'amountBottomline'
  | 'startPrice'
  | 'step'
  | 'currentPrice'
  | 'bids'
  | 'bidders'
  | 'stepCount'
  | 'autobid'
  | 'leader'
  | 'winner'
  | 'status';

type Card = Pick<
  BriefcaseCardAttributes,
  | 'auction_type'
  | 'is_master'
  | 'can_view_bids_info'
  | 'has_enabled_autobids'
  | 'is_amount_bottomline_visible'
>;

/** The ОСЗ/ОД switch, the ОСЗ, DPD and step columns follow the seller's show-ОСЗ flag (never for bank_to_bank). */
export const showsBottomline = (b: Pick<Card, 'auction_type' | 'is_amount_bottomline_visible'>) =>
  b.is_amount_bottomline_visible && b.auction_type !== 'bank_to_bank';

export function portfolioColumns(b: Card, viewer: { admin: boolean }): PortfolioColumn[] {
  const bottomline = showsBottomline(b);
  const master = b.is_master || viewer.admin;
  const columns: PortfolioColumn[] = ['number'];
  if (bottomline) columns.push('dpd');
  columns.push('amountTotal');
  if (bottomline) columns.push('amountBottomline');
  columns.push('startPrice');
  if (bottomline) columns.push('step');
  if (b.can_view_bids_info) columns.push('currentPrice', 'bids', 'bidders');
  if (b.auction_type === 'dutch') columns.push('stepCount');
  if (b.has_enabled_autobids) columns.push('autobid');
  if (master && b.can_view_bids_info) columns.push('leader', 'winner');
  columns.push('status');
  return columns;
}
