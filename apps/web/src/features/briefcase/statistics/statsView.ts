/** What the Статистика tab shows, computed from the statistics reply (pure, tested beside). */
import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { formatMoscowDate, formatMoscowTime, formatPercent, formatShortMoney, percentOf } from '@etp/domain';
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

/**
 * The sum of the start prices of the lots whose current price counts (the same lots as `current_price`): the
 * whole-portfolio lot holds the other lots' debts again and counts only when the server says so (`in_totals`).
 */
export function startTotalOfPriced(lots: readonly StatsLot[]): number {
  return lots.reduce((sum, l) => sum + (l.current_price === null || !l.in_totals ? 0 : l.start_price), 0);
}

/** The growth of the priced lots over their start, '—' when no lot has a price yet. */
export function totalGrowth(s: BriefcaseStatsAttributes): string {
  const start = startTotalOfPriced(s.lots);
  return start > 0 ? formatPercent(percentOf(s.current_price - start, start)) : '—';
}

/** Widths a histogram band may have, minutes: the narrowest that keeps the bidding's span within MAX_BANDS. */
const BAND_MINUTES = [1, 5, 10, 15, 30, 60, 180, 360, 720, 1440] as const;
/** Bands the chart holds at most: on a wide screen, and on a phone (below the `sm` breakpoint). */
export const MAX_BANDS = { wide: 90, narrow: 30 } as const;
const MINUTE_MS = 60_000;
/** Moscow is UTC+3 all year (spec 2 §9): bands start on Moscow minutes, hours and days. */
const MOSCOW_OFFSET_MS = 3 * 60 * MINUTE_MS;

/**
 * The bids histogram (spec 2 §2 "bid histogram per minute"): one band per minute from the first bid's minute to the
 * last's, the minutes without bids at zero, so the axis is to scale. A span too long for `maxBands` minutes is
 * banded wider (5 min … 1 day, `minutes`): bids are summed, and participants are the most seen in one minute of the
 * band (the reply counts them per minute; a sum would count one company once a minute). Labels are Moscow
 * 'ЧЧ:ММ', with the date when the bands run over more than one day.
 */
export function histogramBands(s: BriefcaseStatsAttributes, maxBands: number = MAX_BANDS.wide) {
  const points = s.histograms.bids
    .map((p) => ({ at: new Date(p.time).getTime(), bids: p.bids, users: p.users }))
    .filter((p) => Number.isFinite(p.at))
    .sort((a, b) => a.at - b.at);
  if (points.length === 0) return { labels: [], bids: [], users: [], minutes: 1 };
  const first = points[0]!.at;
  const last = points.at(-1)!.at;
  const spanMinutes = Math.floor(last / MINUTE_MS) - Math.floor(first / MINUTE_MS) + 1;
  const minutes = BAND_MINUTES.find((w) => Math.ceil(spanMinutes / w) < maxBands) ?? 1440;
  const width = minutes * MINUTE_MS;
  const start = Math.floor((first + MOSCOW_OFFSET_MS) / width) * width - MOSCOW_OFFSET_MS;
  const count = Math.floor((last - start) / width) + 1;
  const bids = new Array<number>(count).fill(0);
  const users = new Array<number>(count).fill(0);
  for (const p of points) {
    const band = Math.floor((p.at - start) / width);
    bids[band]! += p.bids;
    users[band] = Math.max(users[band]!, p.users);
  }
  const days = formatMoscowDate(start) !== formatMoscowDate(start + (count - 1) * width);
  const labels = Array.from({ length: count }, (_, i) => {
    const at = start + i * width;
    if (minutes >= 1440) return formatMoscowDate(at).slice(0, 5);
    return days ? `${formatMoscowDate(at).slice(0, 5)} ${formatMoscowTime(at)}` : formatMoscowTime(at);
  });
  return { labels, bids, users, minutes };
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
