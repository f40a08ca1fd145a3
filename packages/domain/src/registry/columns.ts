/**
 * DebtColumns: every debt of a registry as typed arrays (about 72 bytes a debt, grown by doubling), enough for
 * lotting and for per-lot analytics without keeping Debt objects. Strings go through small string tables.
 */
import type { Debt, FeatureKey } from './types.ts';
import { FEATURE_KEYS } from './types.ts';

/** A table of distinct strings; index 0 is "no value". */
export class StringTable {
  readonly values: (string | null)[] = [null];
  private readonly index = new Map<string, number>();

  intern(value: string | null): number {
    if (value === null) return 0;
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }
}

export const FEATURE_BIT: Readonly<Record<FeatureKey, number>> = Object.fromEntries(
  FEATURE_KEYS.map((k, i) => [k, 1 << i]),
) as Record<FeatureKey, number>;

/** Null markers: NaN in float columns, -1 in day counts, 0 in codes, string indices and dates. */
export const NO_DATE = 0;

export interface DebtColumns {
  count: number;
  amountTotal: Float64Array;
  amountBottomline: Float64Array;
  paidAmount: Float64Array;
  lastPaymentAmount: Float64Array;
  amountFor360Days: Float64Array;
  dpd: Int32Array;
  dplp: Int32Array;
  /** 1–95, 0 when absent. */
  regionCode: Uint8Array;
  /** 0 when absent. */
  lotNumber: Int32Array;
  /** The birth date as the number YYYYMMDD, NO_DATE (0) when absent. */
  birthYmd: Int32Array;
  /** 0 none, 1 male, 2 female. */
  sex: Uint8Array;
  features: Uint32Array;
  productType: Uint16Array;
  stage: Uint16Array;
  loanKind: Uint16Array;
  firstCreditor: Uint16Array;
  placement: Uint16Array;
  /** String tables of the Uint16 columns (index 0 = no value). */
  strings: {
    productType: (string | null)[];
    stage: (string | null)[];
    loanKind: (string | null)[];
    firstCreditor: (string | null)[];
    placement: (string | null)[];
  };
}

export interface DebtColumnsBuilder {
  add(debt: Debt): void;
  readonly count: number;
  /** The columns trimmed to `count` (views; the builder must not be used after). */
  build(): DebtColumns;
}

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/** 'YYYY-MM-DD' to the number YYYYMMDD (whole years between two of them: floor(difference / 10 000)). */
export function isoToYmd(iso: string | null): number {
  if (iso === null || iso.length < 10) return NO_DATE;
  return (
    digit(iso, 0) * 10_000_000 +
    digit(iso, 1) * 1_000_000 +
    digit(iso, 2) * 100_000 +
    digit(iso, 3) * 10_000 +
    digit(iso, 5) * 1000 +
    digit(iso, 6) * 100 +
    digit(iso, 8) * 10 +
    digit(iso, 9)
  );
}

/** The feature flags of a debt as a bit set (bit k = FEATURE_KEYS[k]), written out for speed. */
export function featureBits(f: Partial<Record<FeatureKey, boolean>>): number {
  let b = 0;
  if (f.dead) b |= 1;
  if (f.bankruptcy) b |= 2;
  if (f.court_order) b |= 4;
  if (f.enforcement_proceedings) b |= 8;
  if (f.enforcement_proceedings_3_years) b |= 16;
  if (f.fraud) b |= 32;
  if (f.disability) b |= 64;
  if (f.mls) b |= 128;
  if (f.military_service) b |= 256;
  if (f.interact_refusal) b |= 512;
  if (f.impossibility_act) b |= 1024;
  if (f.secured_liability) b |= 2048;
  if (f.presence_participants) b |= 4096;
  if (f.phones) b |= 8192;
  if (f.e_form) b |= 16384;
  if (f.paper_form) b |= 32768;
  return b;
}

type Arrays = Omit<DebtColumns, 'count' | 'strings'>;

function allocate(capacity: number): Arrays {
  return {
    amountTotal: new Float64Array(capacity),
    amountBottomline: new Float64Array(capacity),
    paidAmount: new Float64Array(capacity),
    lastPaymentAmount: new Float64Array(capacity),
    amountFor360Days: new Float64Array(capacity),
    dpd: new Int32Array(capacity),
    dplp: new Int32Array(capacity),
    regionCode: new Uint8Array(capacity),
    lotNumber: new Int32Array(capacity),
    birthYmd: new Int32Array(capacity),
    sex: new Uint8Array(capacity),
    features: new Uint32Array(capacity),
    productType: new Uint16Array(capacity),
    stage: new Uint16Array(capacity),
    loanKind: new Uint16Array(capacity),
    firstCreditor: new Uint16Array(capacity),
    placement: new Uint16Array(capacity),
  };
}

type TypedArray = Float64Array | Int32Array | Uint8Array | Uint32Array | Uint16Array;

function grow(a: Arrays, capacity: number): Arrays {
  const b = allocate(capacity);
  for (const key of Object.keys(a) as (keyof Arrays)[]) (b[key] as TypedArray).set(a[key] as TypedArray);
  return b;
}

const MAX_STRINGS = 65_535;

export function createDebtColumnsBuilder(initialCapacity = 1024): DebtColumnsBuilder {
  let capacity = Math.max(16, initialCapacity);
  let a = allocate(capacity);
  let count = 0;
  const tables = {
    productType: new StringTable(),
    stage: new StringTable(),
    loanKind: new StringTable(),
    firstCreditor: new StringTable(),
    placement: new StringTable(),
  };
  // A registry with more than 65 535 distinct creditors (say) keeps the first ones and files the rest as "other".
  const intern = (table: StringTable, value: string | null) =>
    table.values.length >= MAX_STRINGS && value !== null ? table.intern('Прочие') : table.intern(value);

  return {
    get count() {
      return count;
    },
    add(d) {
      if (count === capacity) {
        capacity *= 2;
        a = grow(a, capacity);
      }
      const i = count++;
      a.amountTotal[i] = d.amountTotal;
      a.amountBottomline[i] = d.amountBottomline;
      a.paidAmount[i] = d.paidAmount ?? Number.NaN;
      a.lastPaymentAmount[i] = d.lastPaymentAmount ?? Number.NaN;
      a.amountFor360Days[i] = d.amountFor360Days ?? Number.NaN;
      a.dpd[i] = d.dpd ?? -1;
      a.dplp[i] = d.dplp ?? -1;
      a.regionCode[i] = d.regionCode ?? 0;
      a.lotNumber[i] = d.lotNumber ?? 0;
      a.birthYmd[i] = isoToYmd(d.birthDate);
      a.sex[i] = d.sex === 'male' ? 1 : d.sex === 'female' ? 2 : 0;
      a.features[i] = featureBits(d.features);
      a.productType[i] = intern(tables.productType, d.productType);
      a.stage[i] = intern(tables.stage, d.stage);
      a.loanKind[i] = intern(tables.loanKind, d.loanKind);
      a.firstCreditor[i] = intern(tables.firstCreditor, d.firstCreditor);
      a.placement[i] = intern(tables.placement, d.enforcementOrderPlacement);
    },
    build() {
      const out = {} as Arrays;
      for (const key of Object.keys(a) as (keyof Arrays)[])
        (out as Record<string, TypedArray>)[key] = (a[key] as TypedArray).subarray(0, count);
      return {
        count,
        ...out,
        strings: {
          productType: tables.productType.values,
          stage: tables.stage.values,
          loanKind: tables.loanKind.values,
          firstCreditor: tables.firstCreditor.values,
          placement: tables.placement.values,
        },
      };
    },
  };
}

/** Columns of a list of debts (tests, small registries). */
export function debtColumnsOf(debts: readonly Debt[]): DebtColumns {
  const builder = createDebtColumnsBuilder(debts.length);
  for (const d of debts) builder.add(d);
  return builder.build();
}
