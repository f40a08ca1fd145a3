/**
 * Portfolio analytics (spec 2 §3 Analytics, §2 Analytics tab) accumulated one debt at a time in constant memory:
 * the `analytics` jsonb of procedures and lots, plus the totals and DPD/DPLP means of their columns.
 */
import { type DebtColumns, featureBits, isoToYmd, NO_DATE, StringTable } from './columns.ts';
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
export const ANALYTICS_FEATURE_COUNTS = FEATURE_KEYS.filter(
  (key): key is Exclude<FeatureKey, 'phones'> => key !== 'phones',
);
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
const AGE_BUCKETS: readonly (readonly [string, number])[] = [
  ['до 25 лет', 25],
  ['25–34 года', 35],
  ['35–44 года', 45],
  ['45–54 года', 55],
  ['55–64 года', 65],
  ['65 лет и старше', Number.POSITIVE_INFINITY],
];
const AGE_UNKNOWN_TITLE = 'Отсутствуют';

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
type AnalyticsInput = Pick<
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
function titled(counts: Map<number, number> | undefined, table: readonly (string | null)[]): TitledValue[] {
  const out: TitledValue[] = [];
  if (counts) {
    for (const [index, value] of counts) {
      const title = table[index];
      if (title !== null && title !== undefined && title !== '') out.push({ title, value });
    }
  }
  return out.sort((a, b) => b.value - a.value || a.title.localeCompare(b.title, 'ru'));
}

const mean = (sum: number, n: number) => (n === 0 ? 0 : Math.round(sum / n));

const F = FEATURE_KEYS.length;
const AGES = AGE_BUCKETS.length + 1;
const BUCKETS = BOTTOMLINE_BUCKETS.length;
const AGE_TITLES = [...AGE_BUCKETS.map(([title]) => title), AGE_UNKNOWN_TITLE];
const FEATURE_INDEX = Object.fromEntries(FEATURE_KEYS.map((k, i) => [k, i])) as Record<FeatureKey, number>;

interface AnalyticsStringTables {
  productType: readonly (string | null)[];
  firstCreditor: readonly (string | null)[];
  placement: readonly (string | null)[];
}

/**
 * The counters of `slots` portfolios (one per lot, or one for a registry) in flat typed arrays, so a million debts
 * spread over a thousand lots cost one monomorphic call each. Strings arrive as indices into `tables`.
 */
class AnalyticsTally {
  private readonly items: Float64Array;
  private readonly sums: Float64Array; // per slot: ОД, ОСЗ, paid, last payment, 360 days, dpd, dpd n, dplp, dplp n, paid n, ОД 0
  private readonly features: Float64Array;
  private readonly regions: Float64Array;
  private readonly bottomline: Float64Array;
  private readonly ages: Float64Array;
  private readonly lists: (Map<number, number> | undefined)[][];

  constructor(
    readonly slots: number,
    private readonly tables: AnalyticsStringTables,
    private readonly asOfYmd: number,
  ) {
    this.items = new Float64Array(slots);
    this.sums = new Float64Array(slots * 11);
    this.features = new Float64Array(slots * F);
    this.regions = new Float64Array(slots * 96);
    this.bottomline = new Float64Array(slots * BUCKETS);
    this.ages = new Float64Array(slots * AGES * 4);
    this.lists = [new Array(slots), new Array(slots), new Array(slots)];
  }

  add(
    slot: number,
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
    kind: number,
    creditor: number,
    placement: number,
  ): void {
    this.items[slot]! += 1;
    const s = this.sums;
    const o = slot * 11;
    s[o]! += total;
    s[o + 1]! += osz;
    if (paidAmount > 0) {
      s[o + 2]! += paidAmount;
      s[o + 9]! += 1;
    }
    if (last > 0) s[o + 3]! += last;
    if (f360 > 0) s[o + 4]! += f360;
    if (dpd >= 0) {
      s[o + 5]! += dpd;
      s[o + 6]! += 1;
    }
    if (dplp >= 0) {
      s[o + 7]! += dplp;
      s[o + 8]! += 1;
    }
    if (total === 0) s[o + 10]! += 1;
    if (region > 0 && region < 96) this.regions[slot * 96 + region]! += 1;
    // Only the set bits: lowest first, cleared one by one.
    while (bits !== 0) {
      this.features[slot * F + 31 - Math.clz32(bits & -bits)]! += 1;
      bits &= bits - 1;
    }
    let b = 0;
    while (b < BUCKETS - 1 && osz >= BOTTOMLINE_BUCKETS[b]![1]) b++;
    this.bottomline[slot * BUCKETS + b]! += 1;
    let a = AGES - 1;
    if (birthYmd !== NO_DATE) {
      // Whole years of age: floor((asOf - birth) / 10 000) with both dates as the numbers YYYYMMDD.
      const age = Math.floor((this.asOfYmd - birthYmd) / 10_000);
      a = 0;
      while (a < AGE_BUCKETS.length - 1 && age >= AGE_BUCKETS[a]![1]) a++;
    }
    const ao = (slot * AGES + a) * 4;
    this.ages[ao]! += 1;
    this.ages[ao + (sex === 1 ? 1 : sex === 2 ? 2 : 3)]! += 1;
    if (kind !== 0) this.bump(0, slot, kind);
    if (creditor !== 0) this.bump(1, slot, creditor);
    if (placement !== 0) this.bump(2, slot, placement);
  }

  private bump(list: number, slot: number, index: number): void {
    const lists = this.lists[list]!;
    let counts = lists[slot];
    if (!counts) {
      counts = new Map();
      lists[slot] = counts;
    }
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }

  result(slot: number): RegistryAnalytics {
    const f = (key: FeatureKey) => this.features[slot * F + FEATURE_INDEX[key]]!;
    const flags = {} as Record<FeatureCount, number>;
    for (const key of ANALYTICS_FEATURE_COUNTS) flags[key] = f(key);
    const regionsList: Record<string, number> = {};
    for (let r = 1; r < 96; r++) {
      const n = this.regions[slot * 96 + r]!;
      if (n > 0) regionsList[String(r).padStart(2, '0')] = n;
    }
    const o = slot * 11;
    return {
      paid_amount_cents: this.sums[o + 2]!,
      last_payment_amount_cents: this.sums[o + 3]!,
      amount_for_360_days_cents: this.sums[o + 4]!,
      ...flags,
      issuence_form: flags.e_form + flags.paper_form,
      phones_amount: f('phones'),
      empty_amount_total: this.sums[o + 10]!,
      paid_amount: this.sums[o + 9]!,
      regions_list: regionsList,
      kinds_list: titled(this.lists[0]![slot], this.tables.productType),
      first_creditors_list: titled(this.lists[1]![slot], this.tables.firstCreditor),
      enforcement_order_placements_list: titled(this.lists[2]![slot], this.tables.placement),
      amount_bottomline_list: BOTTOMLINE_BUCKETS.map(([title], i) => ({
        title,
        value: this.bottomline[slot * BUCKETS + i]!,
      })),
      birth_dates: AGE_TITLES.map((title, i) => {
        const ao = (slot * AGES + i) * 4;
        return {
          title,
          total: this.ages[ao]!,
          male: this.ages[ao + 1]!,
          female: this.ages[ao + 2]!,
          other: this.ages[ao + 3]!,
        };
      }),
    };
  }

  totals(slot: number): DebtTotals {
    const items = this.items[slot]!;
    const s = this.sums;
    const o = slot * 11;
    return {
      items_count: items,
      amount_total: s[o]!,
      amount_bottomline: s[o + 1]!,
      amount_mean: mean(s[o]!, items),
      bottomline_mean: mean(s[o + 1]!, items),
      dpd: s[o + 6]! === 0 ? null : mean(s[o + 5]!, s[o + 6]!),
      dplp: s[o + 8]! === 0 ? null : mean(s[o + 7]!, s[o + 8]!),
    };
  }
}

const asOfOf = (options: AnalyticsOptions) => isoToYmd(options.asOf ?? new Date().toISOString().slice(0, 10));

export function createAnalytics(options: AnalyticsOptions = {}): AnalyticsAccumulator {
  const kinds = new StringTable();
  const creditors = new StringTable();
  const placements = new StringTable();
  const tally = new AnalyticsTally(
    1,
    { productType: kinds.values, firstCreditor: creditors.values, placement: placements.values },
    asOfOf(options),
  );
  return {
    add(d) {
      tally.add(
        0,
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
        kinds.intern(d.productType || null),
        creditors.intern(d.firstCreditor || null),
        placements.intern(d.enforcementOrderPlacement || null),
      );
    },
    addAt(c, i) {
      tally.add(
        0,
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
        kinds.intern(c.strings.productType[c.productType[i]!] || null),
        creditors.intern(c.strings.firstCreditor[c.firstCreditor[i]!] || null),
        placements.intern(c.strings.placement[c.placement[i]!] || null),
      );
    },
    result: () => tally.result(0),
    totals: () => tally.totals(0),
  };
}

/** Analytics and totals of each lot in one pass over the columns (`assignment[i]` = lot index of debt i). */
export function analyticsByLot(
  columns: DebtColumns,
  assignment: Int32Array,
  lotCount: number,
  options: AnalyticsOptions = {},
): { analytics: RegistryAnalytics; totals: DebtTotals }[] {
  const tally = new AnalyticsTally(lotCount, columns.strings, asOfOf(options));
  const c = columns;
  for (let i = 0; i < c.count; i++) {
    const slot = assignment[i]!;
    if (slot < 0 || slot >= lotCount) continue;
    tally.add(
      slot,
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
      c.productType[i]!,
      c.firstCreditor[i]!,
      c.placement[i]!,
    );
  }
  return Array.from({ length: lotCount }, (_, slot) => ({
    analytics: tally.result(slot),
    totals: tally.totals(slot),
  }));
}
