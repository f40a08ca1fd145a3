/**
 * DebtColumns: every debt of a registry as typed arrays (about 72 bytes a debt), enough for lotting and for
 * per-lot analytics without keeping Debt objects. Strings go through small string tables. The builder grows its
 * columns in place in reserved address space and copies each out once at the end (decisions/0051).
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
  /** The columns, each array exactly `count` long (the builder must not be used after). */
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

/** The ES2024 resizable ArrayBuffer (Node 20), which the project's ES2023 typings do not describe. */
interface ResizableArrayBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
  readonly maxByteLength: number;
}
const ResizableBuffer = ArrayBuffer as unknown as new (
  byteLength: number,
  options: { maxByteLength: number },
) => ResizableArrayBuffer;

type TypedArray = Float64Array | Int32Array | Uint8Array | Uint32Array | Uint16Array;
type TypedArrayType = {
  new (length: number): TypedArray;
  new (buffer: ArrayBuffer): TypedArray;
  readonly BYTES_PER_ELEMENT: number;
};

const COLUMN_TYPES: Readonly<Record<keyof Arrays, TypedArrayType>> = {
  amountTotal: Float64Array,
  amountBottomline: Float64Array,
  paidAmount: Float64Array,
  lastPaymentAmount: Float64Array,
  amountFor360Days: Float64Array,
  dpd: Int32Array,
  dplp: Int32Array,
  regionCode: Uint8Array,
  lotNumber: Int32Array,
  birthYmd: Int32Array,
  sex: Uint8Array,
  features: Uint32Array,
  productType: Uint16Array,
  stage: Uint16Array,
  loanKind: Uint16Array,
  firstCreditor: Uint16Array,
  placement: Uint16Array,
};
const KEYS = Object.keys(COLUMN_TYPES) as (keyof Arrays)[];

/** Length-tracking columns over resizable buffers of `rows` reserved rows and none in use yet. */
function reserve(rows: number): Arrays {
  const out = {} as Record<keyof Arrays, TypedArray>;
  for (const key of KEYS) {
    const Type = COLUMN_TYPES[key];
    out[key] = new Type(new ResizableBuffer(0, { maxByteLength: rows * Type.BYTES_PER_ELEMENT }));
  }
  return out as unknown as Arrays;
}

const bufferOf = (a: TypedArray) => a.buffer as ResizableArrayBuffer;

const MAX_STRINGS = 65_535;
/** Rows added to the columns at a time (about 4.7 MB). */
const DEBT_GROW_ROWS = 1 << 16;
/** Rows reserved up front: the reader stops at Excel's 1,048,576 rows. Past it the columns move (a copy). */
const RESERVED_ROWS = 1 << 21;

/**
 * Growing a million-debt column set by doubling copied it and held old and new at once. Here each column is a
 * resizable buffer with address space reserved for RESERVED_ROWS: growing commits more pages in place, without
 * copying, and `build` copies one column at a time into an exact-size array and releases that column's pages at
 * once (`resize(0)`), so the peak is the columns plus one column.
 */
export function createDebtColumnsBuilder(
  growRows = DEBT_GROW_ROWS,
  reservedRows = RESERVED_ROWS,
): DebtColumnsBuilder {
  const step = Math.max(16, growRows);
  let reserved = Math.max(step, reservedRows);
  let a = reserve(reserved);
  let capacity = 0;
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

  const grow = () => {
    capacity += step;
    if (capacity > reserved) {
      reserved = Math.max(reserved * 2, capacity);
      const moved = reserve(reserved);
      for (const key of KEYS) {
        bufferOf(moved[key]).resize(count * moved[key].BYTES_PER_ELEMENT);
        moved[key].set(a[key] as never);
        bufferOf(a[key]).resize(0);
      }
      a = moved;
    }
    for (const key of KEYS) bufferOf(a[key]).resize(capacity * a[key].BYTES_PER_ELEMENT);
  };

  return {
    get count() {
      return count;
    },
    add(d) {
      if (count === capacity) grow();
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
      const out = {} as Record<keyof Arrays, TypedArray>;
      for (const key of KEYS) {
        const column = new COLUMN_TYPES[key](count);
        column.set(a[key].subarray(0, count) as never);
        bufferOf(a[key]).resize(0);
        out[key] = column;
      }
      return {
        count,
        ...(out as unknown as Arrays),
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
  const builder = createDebtColumnsBuilder(debts.length, debts.length);
  for (const d of debts) builder.add(d);
  return builder.build();
}
