/**
 * Portfolio analytics (spec 2 §3 Analytics, §2 Analytics tab) accumulated one debt at a time in constant memory:
 * the `analytics` jsonb of procedures and lots, plus the totals and DPD/DPLP means of their columns.
 */
import { type DebtColumns, featureBits, isoToYmd, NO_DATE } from './columns.ts';
import type { Debt, FeatureKey } from './types.ts';
import { FEATURE_KEYS } from './types.ts';

export interface TitledValue {
  title: string;
  value: number;
}

export interface BirthDateBucket {
  title: string;
  total: number;
  male: number;
  female: number;
  other: number;
}

/** Feature counts of spec 2 §3 Analytics and Lot: debts with the flag set. */
export const ANALYTICS_FEATURE_COUNTS = [
  'dead',
  'bankruptcy',
  'court_order',
  'enforcement_proceedings',
  'enforcement_proceedings_3_years',
  'fraud',
  'disability',
  'mls',
  'military_service',
  'interact_refusal',
  'impossibility_act',
  'secured_liability',
  'presence_participants',
  'e_form',
  'paper_form',
] as const satisfies readonly FeatureKey[];
type FeatureCount = (typeof ANALYTICS_FEATURE_COUNTS)[number];

export type RegistryAnalytics = {
  paid_amount_cents: number;
  last_payment_amount_cents: number;
  amount_for_360_days_cents: number;
  /** Debts whose issuance form is known (e_form + paper_form). */
  issuence_form: number;
  /** Debts with a known phone of the debtor. */
  phones_amount: number;
  /** Debts with ОД of 0. */
  empty_amount_total: number;
  /** Debts with any payment since the issue (the lot's paid_amount flag). */
  paid_amount: number;
  /** Region code ('01'–'95') to the number of debts, codes ascending. */
  regions_list: Record<string, number>;
  /** Debts per product type, largest first. */
  kinds_list: TitledValue[];
  first_creditors_list: TitledValue[];
  enforcement_order_placements_list: TitledValue[];
  /** Debts per ОСЗ bucket, in bucket order. */
  amount_bottomline_list: TitledValue[];
  /** Debtors per age bucket and sex, in bucket order, 'Отсутствуют' last (no birth date). */
  birth_dates: BirthDateBucket[];
} & Record<FeatureCount, number>;

/** Totals of a set of debts: what the procedure's and lots' columns hold. */
export interface DebtTotals {
  items_count: number;
  amount_total: number;
  amount_bottomline: number;
  amount_mean: number;
  bottomline_mean: number;
  /** Mean DPD over debts that have it, rounded; null when none has. */
  dpd: number | null;
  dplp: number | null;
}

/** ОСЗ buckets in kopecks: upper bounds, exclusive; the last one is open. */
export const BOTTOMLINE_BUCKETS: readonly (readonly [string, number])[] = [
  ['до 10 тыс ₽', 10_000_00],
  ['10–50 тыс ₽', 50_000_00],
  ['50–100 тыс ₽', 100_000_00],
  ['100–300 тыс ₽', 300_000_00],
  ['300 тыс – 1 млн ₽', 1_000_000_00],
  ['более 1 млн ₽', Number.POSITIVE_INFINITY],
];

/** Age buckets: upper bounds in whole years, exclusive; then the bucket of debts without a birth date. */
export const AGE_BUCKETS: readonly (readonly [string, number])[] = [
  ['до 25 лет', 25],
  ['25–34 года', 35],
  ['35–44 года', 45],
  ['45–54 года', 55],
  ['55–64 года', 65],
  ['65 лет и старше', Number.POSITIVE_INFINITY],
];
export const AGE_UNKNOWN_TITLE = 'Отсутствуют';

export interface AnalyticsOptions {
  /** The registry's date ('YYYY-MM-DD'), for ages; default today (UTC). */
  asOf?: string;
}

export interface AnalyticsAccumulator {
  add(debt: AnalyticsInput): void;
  /** Adds debt `i` of `columns`. */
  addAt(columns: DebtColumns, i: number): void;
  result(): RegistryAnalytics;
  totals(): DebtTotals;
}

/** What analytics read of a debt (a Debt fits; so does the demo seed's). */
export type AnalyticsInput = Pick<
  Debt,
  | 'amountTotal'
  | 'amountBottomline'
  | 'regionCode'
  | 'productType'
  | 'firstCreditor'
  | 'enforcementOrderPlacement'
  | 'paidAmount'
  | 'lastPaymentAmount'
  | 'amountFor360Days'
> &
  Partial<Pick<Debt, 'dpd' | 'dplp' | 'birthDate' | 'sex'>> & {
    features: Partial<Record<FeatureKey, boolean>>;
  };

/** Counts per title, largest first, ties by title, so the order is stable. */
function titled(counts: Map<string, number>): TitledValue[] {
  return [...counts.entries()]
    .map(([title, value]) => ({ title, value }))
    .sort((a, b) => b.value - a.value || a.title.localeCompare(b.title, 'ru'));
}

function bump(counts: Map<string, number>, key: string | null | undefined): void {
  if (key === null || key === undefined || key === '') return;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

const mean = (sum: number, n: number) => (n === 0 ? 0 : Math.round(sum / n));

export function createAnalytics(options: AnalyticsOptions = {}): AnalyticsAccumulator {
  // Whole years of age: floor((asOf - birth) / 10 000) with both dates as the numbers YYYYMMDD.
  const asOf = isoToYmd(options.asOf ?? new Date().toISOString().slice(0, 10));
  let items = 0;
  let amountTotal = 0;
  let amountBottomline = 0;
  let dpdSum = 0;
  let dpdN = 0;
  let dplpSum = 0;
  let dplpN = 0;
  let paid = 0;
  let lastPayment = 0;
  let for360 = 0;
  let paidCount = 0;
  let emptyTotal = 0;
  const features = new Float64Array(FEATURE_KEYS.length);
  const regions = new Float64Array(96);
  const kinds = new Map<string, number>();
  const creditors = new Map<string, number>();
  const placements = new Map<string, number>();
  const bottomline = new Float64Array(BOTTOMLINE_BUCKETS.length);
  // Per age bucket (+ unknown): total, male, female, other.
  const ages = new Float64Array((AGE_BUCKETS.length + 1) * 4);

  function core(
    total: number,
    osz: number,
    paidAmount: number,
    last: number,
    f360: number,
    dpd: number,
    dplp: number,
    region: number,
    bits: number,
    birthYmd: number,
    sex: number,
  ) {
    items += 1;
    amountTotal += total;
    amountBottomline += osz;
    if (total === 0) emptyTotal += 1;
    if (dpd >= 0) {
      dpdSum += dpd;
      dpdN += 1;
    }
    if (dplp >= 0) {
      dplpSum += dplp;
      dplpN += 1;
    }
    if (paidAmount > 0) {
      paid += paidAmount;
      paidCount += 1;
    }
    if (last > 0) lastPayment += last;
    if (f360 > 0) for360 += f360;
    if (region > 0 && region < 96) regions[region]! += 1;
    // Only the set bits: lowest first, cleared one by one.
    while (bits !== 0) {
      features[31 - Math.clz32(bits & -bits)]! += 1;
      bits &= bits - 1;
    }
    let b = 0;
    while (b < BOTTOMLINE_BUCKETS.length - 1 && osz >= BOTTOMLINE_BUCKETS[b]![1]) b++;
    bottomline[b]! += 1;
    let a = AGE_BUCKETS.length;
    if (birthYmd !== NO_DATE) {
      const age = Math.floor((asOf - birthYmd) / 10_000);
      a = 0;
      while (a < AGE_BUCKETS.length - 1 && age >= AGE_BUCKETS[a]![1]) a++;
    }
    ages[a * 4]! += 1;
    ages[a * 4 + (sex === 1 ? 1 : sex === 2 ? 2 : 3)]! += 1;
  }

  return {
    add(d) {
      core(
        d.amountTotal,
        d.amountBottomline,
        d.paidAmount ?? 0,
        d.lastPaymentAmount ?? 0,
        d.amountFor360Days ?? 0,
        d.dpd ?? -1,
        d.dplp ?? -1,
        d.regionCode ?? 0,
        featureBits(d.features),
        isoToYmd(d.birthDate ?? null),
        d.sex === 'male' ? 1 : d.sex === 'female' ? 2 : 0,
      );
      bump(kinds, d.productType);
      bump(creditors, d.firstCreditor);
      bump(placements, d.enforcementOrderPlacement);
    },
    addAt(c, i) {
      core(
        c.amountTotal[i]!,
        c.amountBottomline[i]!,
        c.paidAmount[i]!,
        c.lastPaymentAmount[i]!,
        c.amountFor360Days[i]!,
        c.dpd[i]!,
        c.dplp[i]!,
        c.regionCode[i]!,
        c.features[i]!,
        c.birthYmd[i]!,
        c.sex[i]!,
      );
      bump(kinds, c.strings.productType[c.productType[i]!]);
      bump(creditors, c.strings.firstCreditor[c.firstCreditor[i]!]);
      bump(placements, c.strings.placement[c.placement[i]!]);
    },
    result() {
      const flags = {} as Record<FeatureCount, number>;
      for (const key of ANALYTICS_FEATURE_COUNTS) flags[key] = features[FEATURE_KEYS.indexOf(key)]!;
      const regionsList: Record<string, number> = {};
      for (let r = 1; r < 96; r++) if (regions[r]! > 0) regionsList[String(r).padStart(2, '0')] = regions[r]!;
      return {
        paid_amount_cents: paid,
        last_payment_amount_cents: lastPayment,
        amount_for_360_days_cents: for360,
        ...flags,
        issuence_form: flags.e_form + flags.paper_form,
        phones_amount: features[FEATURE_KEYS.indexOf('phones')]!,
        empty_amount_total: emptyTotal,
        paid_amount: paidCount,
        regions_list: regionsList,
        kinds_list: titled(kinds),
        first_creditors_list: titled(creditors),
        enforcement_order_placements_list: titled(placements),
        amount_bottomline_list: BOTTOMLINE_BUCKETS.map(([title], i) => ({ title, value: bottomline[i]! })),
        birth_dates: [...AGE_BUCKETS.map(([title]) => title), AGE_UNKNOWN_TITLE].map((title, i) => ({
          title,
          total: ages[i * 4]!,
          male: ages[i * 4 + 1]!,
          female: ages[i * 4 + 2]!,
          other: ages[i * 4 + 3]!,
        })),
      };
    },
    totals() {
      return {
        items_count: items,
        amount_total: amountTotal,
        amount_bottomline: amountBottomline,
        amount_mean: mean(amountTotal, items),
        bottomline_mean: mean(amountBottomline, items),
        dpd: dpdN === 0 ? null : mean(dpdSum, dpdN),
        dplp: dplpN === 0 ? null : mean(dplpSum, dplpN),
      };
    },
  };
}

/** Analytics and totals of each lot in one pass over the columns (`assignment[i]` = lot index of debt i). */
export function analyticsByLot(
  columns: DebtColumns,
  assignment: Int32Array,
  lotCount: number,
  options: AnalyticsOptions = {},
): { analytics: RegistryAnalytics; totals: DebtTotals }[] {
  const acc = Array.from({ length: lotCount }, () => createAnalytics(options));
  for (let i = 0; i < columns.count; i++) acc[assignment[i]!]?.addAt(columns, i);
  return acc.map((a) => ({ analytics: a.result(), totals: a.totals() }));
}
