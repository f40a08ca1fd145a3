/**
 * Portfolio analytics of the demo's registry rows (spec 2 §3 "Analytics"), stored as `analytics` jsonb on procedures
 * and lots: the domain's ingestion accumulator (`createAnalytics`), narrowed to the keys the demo has always stored.
 */
import { type BirthDateBucket, createAnalytics, type TitledValue } from '@etp/domain';
import { FEATURE_NAMES, type FeatureName } from './registry.data.ts';

export { BOTTOMLINE_BUCKETS, type TitledValue } from '@etp/domain';

export interface AnalyticsRow {
  amountTotal: number;
  amountBottomline: number;
  regionCode: number | null;
  productType: string | null;
  firstCreditor: string | null;
  enforcementOrderPlacement: string | null;
  paidAmount: number | null;
  lastPaymentAmount: number | null;
  amountFor360Days: number | null;
  features: Record<string, boolean>;
  birthDate?: string | null;
  sex?: 'male' | 'female' | null;
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

/** The analytics of `rows`; with the registry's date `asOf` ('YYYY-MM-DD') also the age chart's buckets. */
export function computeAnalytics(rows: readonly AnalyticsRow[]): Analytics;
export function computeAnalytics(
  rows: readonly AnalyticsRow[],
  asOf: string,
): Analytics & { birth_dates: BirthDateBucket[] };
export function computeAnalytics(
  rows: readonly AnalyticsRow[],
  asOf?: string,
): Analytics | (Analytics & { birth_dates: BirthDateBucket[] }) {
  const accumulator = createAnalytics({ asOf: asOf ?? '2000-01-01' });
  for (const row of rows) accumulator.add(row);
  const all = accumulator.result();
  const flags = Object.fromEntries(FEATURE_NAMES.map((name) => [name, all[name]])) as Record<
    FeatureName,
    number
  >;
  const analytics: Analytics = {
    paid_amount_cents: all.paid_amount_cents,
    last_payment_amount_cents: all.last_payment_amount_cents,
    amount_for_360_days_cents: all.amount_for_360_days_cents,
    ...flags,
    regions_list: all.regions_list,
    kinds_list: all.kinds_list,
    first_creditors_list: all.first_creditors_list,
    enforcement_order_placements_list: all.enforcement_order_placements_list,
    amount_bottomline_list: all.amount_bottomline_list,
  };
  return asOf === undefined ? analytics : { ...analytics, birth_dates: all.birth_dates };
}
