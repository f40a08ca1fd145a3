/**
 * The demo's analytics now come from the domain accumulator: they must equal, key for key, what the seed's own code
 * computed before (kept here verbatim as the reference).
 */
import { describe, expect, it } from 'vitest';
import {
  type Analytics,
  type AnalyticsRow,
  BOTTOMLINE_BUCKETS,
  computeAnalytics,
  type TitledValue,
} from './analytics.ts';
import { Rng } from './random.ts';
import { FEATURE_NAMES, type FeatureName } from './registry.data.ts';
import { ContractNumbers, generateDebts, type PortfolioProfile } from './registry.ts';

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

function referenceAnalytics(rows: readonly AnalyticsRow[]): Analytics {
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

const asOf = new Date('2025-05-01T00:00:00Z');
const PROFILES: PortfolioProfile[] = [
  { book: 'bank', sellerName: 'АО «Банк»', resold: false, sourceKind: 'overdue_loans', asOf },
  { book: 'mfo', sellerName: 'ООО МФК «Займ»', resold: true, sourceKind: 'court_decisions', asOf },
  {
    book: 'bank',
    sellerName: 'АО «Банк»',
    resold: true,
    sourceKind: 'enforcement',
    asOf,
    product: 'Автокредит',
  },
];

describe('computeAnalytics (seed)', () => {
  it.each(PROFILES.map((p, i) => [i, p] as const))(
    'equals the former seed code on portfolio %i',
    (i, profile) => {
      const rng = new Rng(1000 + i);
      const debts = generateDebts(rng, profile, 400, new ContractNumbers('КД', 1));
      expect(computeAnalytics(debts)).toStrictEqual(referenceAnalytics(debts));
    },
  );

  it('equals it on empty and sparse rows', () => {
    const rows: AnalyticsRow[] = [
      {
        amountTotal: 1,
        amountBottomline: 10_000_00,
        regionCode: null,
        productType: null,
        firstCreditor: '',
        enforcementOrderPlacement: null,
        paidAmount: null,
        lastPaymentAmount: null,
        amountFor360Days: null,
        features: {},
      },
    ];
    expect(computeAnalytics([])).toStrictEqual(referenceAnalytics([]));
    expect(computeAnalytics(rows)).toStrictEqual(referenceAnalytics(rows));
  });
});

describe('computeAnalytics (seed) with the registry date', () => {
  it('adds the age chart: every debt in one age bucket by its sex', () => {
    const debts = generateDebts(new Rng(7), PROFILES[0]!, 300, new ContractNumbers('КД', 1));
    const { birth_dates } = computeAnalytics(debts, '2025-05-01');
    expect(birth_dates.reduce((n, b) => n + b.total, 0)).toBe(300);
    expect(birth_dates.reduce((n, b) => n + b.male, 0)).toBe(debts.filter((d) => d.sex === 'male').length);
    expect(birth_dates.at(-1)).toMatchObject({ title: 'Отсутствуют', total: 0 });
  });
});
