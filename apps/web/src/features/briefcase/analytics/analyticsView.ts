/**
 * The Аналитика tab's arithmetic, apart from the charts: shares with two-decimal percentages, the legend's
 * "8 first, then show more" rule, labels for missing titles, and which optional blocks appear (spec 2 §2, §9).
 */
import type { BirthDateBucket } from '@etp/contracts';
import {
  formatPercent,
  PIE_LEGEND_COLLAPSE_ABOVE,
  PIE_LEGEND_INITIAL_ITEMS,
  percentOf,
  regionName,
} from '@etp/domain';
import { ANALYTICS_MESSAGES as M } from './messages.ts';

export interface Share {
  title: string;
  value: number;
  /** The value's share of the whole, as text with two decimals ('12,35%'). */
  percent: string;
}

/** A label for a title the registry left empty. */
function labelOf(title: string | null | undefined): string {
  const t = title?.trim();
  return t ? t : M.noData;
}

/** Enforcement-order placement: the service's abbreviation in upper case ('фссп' → 'ФССП'). */
export function placementLabel(title: string): string {
  return labelOf(title).replace(/фссп/giu, 'ФССП');
}

/** Each item's share of their sum (of `whole` when given), percentages with two decimals. */
export function sharesOf(
  items: readonly { title: string; value: number }[],
  options: { whole?: number; label?: (title: string) => string } = {},
): Share[] {
  const whole = options.whole ?? items.reduce((sum, item) => sum + item.value, 0);
  const label = options.label ?? labelOf;
  return items.map((item) => ({
    title: label(item.title),
    value: item.value,
    percent: formatPercent(percentOf(item.value, whole)),
  }));
}

/** How many legend items to show, and how many the "Показать ещё N" button reveals (0: no button). */
export function legendWindow(count: number, expanded: boolean): { shown: number; hidden: number } {
  if (expanded || count <= PIE_LEGEND_COLLAPSE_ABOVE) return { shown: count, hidden: 0 };
  return { shown: PIE_LEGEND_INITIAL_ITEMS, hidden: count - PIE_LEGEND_INITIAL_ITEMS };
}

/** The age chart appears only when some debtor has a birth date (a bucket other than 'Отсутствуют' is filled). */
export function hasBirthDates(buckets: readonly BirthDateBucket[]): boolean {
  return buckets.some((b, i) => i < buckets.length - 1 && b.total > 0);
}

/** The age chart's legend: all debtors, men, women, and those whose sex is not known. */
export function birthDateTotals(buckets: readonly BirthDateBucket[]) {
  return buckets.reduce(
    (sum, b) => ({
      total: sum.total + b.total,
      male: sum.male + b.male,
      female: sum.female + b.female,
      other: sum.other + b.other,
    }),
    { total: 0, male: 0, female: 0, other: 0 },
  );
}

export interface RegionShare extends Share {
  code: string;
}

/** Regions with debts, the largest first (ties by code), named; an unknown code keeps its number. */
export function regionShares(regions: Readonly<Record<string, number>>): RegionShare[] {
  const entries = Object.entries(regions).filter(([, n]) => n > 0);
  const whole = entries.reduce((sum, [, n]) => sum + n, 0);
  return entries
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([code, value]) => ({
      code: code.padStart(2, '0'),
      title: regionName(code) ?? `${M.noData} (${code})`,
      value,
      percent: formatPercent(percentOf(value, whole)),
    }));
}

/** Rows of the regional legend shown before "show more" (spec 2 §9 leaves the cap open: decisions/0100). */
export const REGION_LEGEND_ITEMS = 10;
