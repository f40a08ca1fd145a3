/** What the Статистика tab shows, computed from the statistics reply (pure, tested beside). */
import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { formatMoscowTime, formatPercent, formatShortMoney, percentOf } from '@etp/domain';
import { STATISTICS_MESSAGES as M } from './messages.ts';

type StatsLot = BriefcaseStatsAttributes['lots'][number];

const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n);

export interface StatsCounter {
  key: 'users' | 'downloaded' | 'bids' | 'withBids' | 'finished' | 'currentPrice';
  label: string;
  value: string;
}

export function statsCounters(s: BriefcaseStatsAttributes, currency: string): StatsCounter[] {
  const total = count(s.statuses.total_lots);
  return [
    { key: 'users', label: M.counters.users, value: count(s.users) },
    { key: 'downloaded', label: M.counters.downloaded, value: count(s.downloaded) },
    { key: 'bids', label: M.counters.bids, value: count(s.bids) },
    { key: 'withBids', label: M.counters.withBids, value: M.of(count(s.statuses.with_bids), total) },
    { key: 'finished', label: M.counters.finished, value: M.of(count(s.statuses.finished_lots), total) },
    {
      key: 'currentPrice',
      label: M.counters.currentPrice,
      value: formatShortMoney(s.current_price, { currency }),
    },
  ];
}

/** A lot's name for a legend or a menu: a bare number (a lot renamed to its number) reads 'Лот №N'. */
export const lotLabel = (name: string): string => (/^\d+$/.test(name) ? `Лот №${name}` : name);

/** The price a lot's bar shows: its current price, else (no bid yet, or a sealed price still hidden) its start. */
export const barPrice = (lot: StatsLot): number => lot.current_price ?? lot.start_price;

/** The growth of a lot's price over its start, '—' while there is no price to compare. */
export function lotGrowth(lot: StatsLot): string {
  if (lot.current_price === null || lot.start_price <= 0) return '—';
  return formatPercent(percentOf(lot.current_price - lot.start_price, lot.start_price));
}

/** What the current-price cell says: the price, or why there is none. */
export function lotPriceText(lot: StatsLot, currency: string): string {
  if (lot.current_price !== null) return formatShortMoney(lot.current_price, { currency });
  return lot.bids_count > 0 ? M.hiddenPrice : M.noBids;
}

/** The sum of the start prices of the lots whose current price counts (the same lots as `current_price`). */
export function startTotalOfPriced(lots: readonly StatsLot[]): number {
  return lots.reduce((sum, l) => sum + (l.current_price === null ? 0 : l.start_price), 0);
}

/** The growth of the priced lots over their start, '—' when no lot has a price yet. */
export function totalGrowth(s: BriefcaseStatsAttributes): string {
  const start = startTotalOfPriced(s.lots);
  return start > 0 ? formatPercent(percentOf(s.current_price - start, start)) : '—';
}

/** The bids-per-minute histogram: one band per minute with bids, labelled 'ЧЧ:ММ' in Moscow time. */
export function histogramBands(s: BriefcaseStatsAttributes) {
  return {
    labels: s.histograms.bids.map((p) => formatMoscowTime(p.time)),
    bids: s.histograms.bids.map((p) => p.bids),
    users: s.histograms.bids.map((p) => p.users),
  };
}

/**
 * The price series: the best bid of each minute, one line per lot (a lot's points only; the minutes another lot won
 * are gaps it bridges), for all lots or the chosen one (`lotId`). `times` is the shared time axis.
 */
export function priceSeries(s: BriefcaseStatsAttributes, lotId: number | null) {
  const points = s.histograms.prices.filter((p) => lotId === null || p.lot_id === lotId);
  const order = new Map(s.lots.map((l, i) => [l.id, i]));
  const lotIds = [...new Set(points.map((p) => p.lot_id))].sort(
    (a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity),
  );
  const names = new Map(s.lots.map((l) => [l.id, lotLabel(l.name)]));
  return {
    times: points.map((p) => new Date(p.x)),
    series: lotIds.map((id) => ({
      lotId: id,
      name: names.get(id) ?? String(id),
      /** Per point of `times`: the amount when this lot's, else null. */
      amounts: points.map((p) => (p.lot_id === id ? p.amount_cents : null)),
      companies: points.map((p) => (p.lot_id === id ? p.company_name : null)),
    })),
  };
}
