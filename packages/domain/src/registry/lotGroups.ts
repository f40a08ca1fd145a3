/**
 * How lotting groups the debts before splitting (decisions/0044): all together (equal lots), by federal district,
 * product type, collection stage, or the registry's own lot numbers; groups in the order their lots are numbered.
 */
import type { LottingType } from '../dictionaries.ts';
import type { DebtColumns } from './columns.ts';
import { FEDERAL_DISTRICTS, federalDistrictIndex } from './federalDistricts.ts';
import { LottingError } from './lottingRules.ts';
import { MSG } from './messages.ts';

/** Debts grouped for lotting: a lot or a group of lots for each. */
export interface Groups {
  /** Group of each debt. */
  of: Int32Array;
  /** Group order (for numbering) and labels. */
  labels: {
    name: string;
    productType: string | null;
    district: string | null;
    stage: string | null;
    /** The registry's lot number (manual splitting). */
    number?: number;
  }[];
}

function groupsBy(
  columns: DebtColumns,
  key: (i: number) => number,
  keyCount: number,
  order: number[],
  label: (k: number) => Groups['labels'][number],
): Groups {
  const n = columns.count;
  const raw = new Int32Array(n);
  const present = new Uint8Array(keyCount);
  for (let i = 0; i < n; i++) {
    const k = key(i);
    raw[i] = k;
    present[k] = 1;
  }
  const groupOfKey = new Int32Array(keyCount).fill(-1);
  const labels: Groups['labels'] = [];
  for (const k of order) {
    if (!present[k]) continue;
    groupOfKey[k] = labels.length;
    labels.push(label(k));
  }
  for (let i = 0; i < n; i++) raw[i] = groupOfKey[raw[i]!]!;
  return { of: raw, labels };
}

const byName = (values: readonly (string | null)[]) =>
  values
    .map((v, i) => [v, i] as const)
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'ru')))
    .map(([, i]) => i);

/** The groups of a lotting method (equal lots: one group; manual: one per registry lot number). */
export function makeGroups(columns: DebtColumns, type: LottingType): Groups {
  switch (type) {
    case 'equal_lots':
      return groupsBy(
        columns,
        () => 0,
        1,
        [0],
        () => ({ name: 'Лот', productType: null, district: null, stage: null }),
      );
    case 'federal_districts': {
      const none = FEDERAL_DISTRICTS.length;
      return groupsBy(
        columns,
        (i) => {
          const d = federalDistrictIndex(columns.regionCode[i]!);
          return d < 0 ? none : d;
        },
        none + 1,
        [...FEDERAL_DISTRICTS.keys(), none],
        (k) => {
          const district = FEDERAL_DISTRICTS[k] ?? null;
          return {
            name: district ? `${district} ФО` : 'Регион не указан',
            productType: null,
            district,
            stage: null,
          };
        },
      );
    }
    case 'product_type': {
      const table = columns.strings.productType;
      return groupsBy(
        columns,
        (i) => columns.productType[i]!,
        table.length,
        byName(table),
        (k) => ({
          name: table[k] ?? 'Тип продукта не указан',
          productType: table[k] ?? null,
          district: null,
          stage: null,
        }),
      );
    }
    case 'stage_of_collection': {
      const table = columns.strings.stage;
      return groupsBy(
        columns,
        (i) => columns.stage[i]!,
        table.length,
        byName(table),
        (k) => ({
          name: table[k] ?? 'Стадия не указана',
          productType: null,
          district: null,
          stage: table[k] ?? null,
        }),
      );
    }
    case 'manual_splitting': {
      const numbers = new Map<number, number>();
      let missing = 0;
      for (let i = 0; i < columns.count; i++) {
        const lot = columns.lotNumber[i]!;
        if (lot <= 0) missing += 1;
        else if (!numbers.has(lot)) numbers.set(lot, numbers.size);
      }
      if (missing > 0) throw new LottingError(MSG.manualWithoutLotNumber(missing), 'loting_type');
      const sorted = [...numbers.keys()].sort((a, b) => a - b);
      const keyOf = new Map(sorted.map((lot, k) => [lot, k]));
      const of = new Int32Array(columns.count);
      for (let i = 0; i < columns.count; i++) of[i] = keyOf.get(columns.lotNumber[i]!)!;
      return {
        of,
        labels: sorted.map((lot) => ({
          name: `Лот ${lot}`,
          productType: null,
          district: null,
          stage: null,
          number: lot,
        })),
      };
    }
  }
}
