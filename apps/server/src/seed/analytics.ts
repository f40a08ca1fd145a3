/**
 * Portfolio analytics of a set of registry rows (spec 2 §3 "Analytics"), stored as `analytics` jsonb on procedures
 * and lots. A small, pure stand-in until registry ingestion computes the same shape while streaming.
 */
import { FEATURE_NAMES, type FeatureName } from './registry.data.ts';

export interface AnalyticsRow {
  amountBottomline: number;
  regionCode: number | null;
  productType: string | null;
  firstCreditor: string | null;
  enforcementOrderPlacement: string | null;
  paidAmount: number | null;
  lastPaymentAmount: number | null;
  amountFor360Days: number | null;
  features: Record<string, boolean>;
}

export interface TitledValue {
  title: string;
  value: number;
}

export type Analytics = {
  paid_amount_cents: number;
  last_payment_amount_cents: number;
  amount_for_360_days_cents: number;
  /** Region code ('01'–'95') to the number of debts. */
  regions_list: Record<string, number>;
  kinds_list: TitledValue[];
  first_creditors_list: TitledValue[];
  enforcement_order_placements_list: TitledValue[];
  /** Number of debts per ОСЗ bucket. */
  amount_bottomline_list: TitledValue[];
} & Record<FeatureName, number>;

/** ОСЗ buckets in kopecks: upper bounds, exclusive; the last one is open. */
export const BOTTOMLINE_BUCKETS: readonly (readonly [string, number])[] = [
  ['до 10 тыс ₽', 10_000_00],
  ['10–50 тыс ₽', 50_000_00],
  ['50–100 тыс ₽', 100_000_00],
  ['100–300 тыс ₽', 300_000_00],
  ['300 тыс – 1 млн ₽', 1_000_000_00],
  ['более 1 млн ₽', Number.POSITIVE_INFINITY],
];

/** Counts per title, largest first, ties by title, so the order is stable. */
function titled(counts: Map<string, number>): TitledValue[] {
  return [...counts.entries()]
    .map(([title, value]) => ({ title, value }))
    .sort((a, b) => b.value - a.value || a.title.localeCompare(b.title, 'ru'));
}

function bump(counts: Map<string, number>, key: string | null): void {
  if (key === null || key === '') return;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

export function computeAnalytics(rows: readonly AnalyticsRow[]): Analytics {
  let paid = 0;
  let lastPayment = 0;
  let for360 = 0;
  const flags = Object.fromEntries(FEATURE_NAMES.map((name) => [name, 0])) as Record<FeatureName, number>;
  const regions = new Map<string, number>();
  const kinds = new Map<string, number>();
  const creditors = new Map<string, number>();
  const placements = new Map<string, number>();
  const buckets = BOTTOMLINE_BUCKETS.map(([title]) => ({ title, value: 0 }));

  for (const row of rows) {
    paid += row.paidAmount ?? 0;
    lastPayment += row.lastPaymentAmount ?? 0;
    for360 += row.amountFor360Days ?? 0;
    for (const name of FEATURE_NAMES) if (row.features[name]) flags[name] += 1;
    bump(regions, row.regionCode === null ? null : String(row.regionCode).padStart(2, '0'));
    bump(kinds, row.productType);
    bump(creditors, row.firstCreditor);
    bump(placements, row.enforcementOrderPlacement);
    const bucket = BOTTOMLINE_BUCKETS.findIndex(([, upper]) => row.amountBottomline < upper);
    const target = buckets[bucket];
    if (target) target.value += 1;
  }

  return {
    paid_amount_cents: paid,
    last_payment_amount_cents: lastPayment,
    amount_for_360_days_cents: for360,
    ...flags,
    regions_list: Object.fromEntries([...regions.entries()].sort(([a], [b]) => a.localeCompare(b))),
    kinds_list: titled(kinds),
    first_creditors_list: titled(creditors),
    enforcement_order_placements_list: titled(placements),
    amount_bottomline_list: buckets,
  };
}
