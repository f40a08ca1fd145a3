/** The six summary tiles of the Аналитика tab (spec 2 §2); DPD and DPLP are hidden for bank_to_bank. */
import type { BriefcaseCardAttributes } from '@etp/contracts';
import { countWithNoun, DAYS, formatShortMoney } from '@etp/domain';
import { ANALYTICS_MESSAGES as M } from './messages.ts';

export interface Tile {
  key: string;
  label: string;
  value: string;
}

const integer = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const days = (n: number | null) => (n === null ? M.noData : countWithNoun(n, DAYS));

export function summaryTiles(b: BriefcaseCardAttributes): Tile[] {
  const a = b.analytics;
  const money = (kopecks: number) => formatShortMoney(kopecks, { currency: b.currency });
  const tiles: Tile[] = [
    { key: 'items', label: M.tiles.items, value: integer.format(b.items_count) },
    { key: 'paid', label: M.tiles.paid, value: money(a.paid_amount_cents) },
    { key: 'lastPayments', label: M.tiles.lastPayments, value: money(a.last_payment_amount_cents) },
    { key: 'lastYear', label: M.tiles.lastYear, value: money(a.amount_for_360_days_cents) },
  ];
  if (b.auction_type !== 'bank_to_bank') {
    tiles.push({ key: 'dpd', label: M.tiles.dpd, value: days(a.dpd) });
    tiles.push({ key: 'dplp', label: M.tiles.dplp, value: days(a.dplp) });
  }
  return tiles;
}
