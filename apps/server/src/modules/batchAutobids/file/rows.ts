/**
 * Reading the rows of a batch file into autobids (pure): a whole lot id of the procedure, a maximum in rubles with
 * at most two decimals (kopecks in the result). A row without a maximum leaves its lot alone. Every problem is
 * reported with its row number; the rule check of each autobid (validateAutobid) follows under the lots' locks.
 */
import { BATCH_TEXTS as T } from '../batchAutobids.messages.ts';
import type { CellValue, SheetRow } from './read.ts';

export interface BatchEntry {
  row: number;
  lotId: number;
  /** Kopecks. */
  maxPrice: number;
  /** The maximum's cell ("C5"), for the messages. */
  cell: string;
}

/** Rubles as typed ('1 500 000,50', 1500000.5) to kopecks, or null when it is not such an amount. */
export function rublesToKopecks(value: CellValue): number | null {
  let rubles: number;
  if (typeof value === 'number') {
    rubles = value;
  } else if (typeof value === 'string') {
    const text = value.replace(/[\s\u00a0₽]/g, '').replace(',', '.');
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
    rubles = Number(text);
  } else {
    return null;
  }
  const kopecks = Math.round(rubles * 100);
  if (!Number.isFinite(rubles) || Math.abs(rubles * 100 - kopecks) > 1e-6 || !Number.isSafeInteger(kopecks)) {
    return null;
  }
  return kopecks;
}

function lotIdOf(value: CellValue): number | null {
  const text = typeof value === 'number' ? String(value) : (value ?? '');
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

export function parseBatchRows(
  rows: readonly SheetRow[],
  lotIds: ReadonlySet<number>,
): { entries: BatchEntry[]; errors: string[] } {
  const entries: BatchEntry[] = [];
  const errors: string[] = [];
  const seen = new Map<number, number>();
  for (const { row, lotId: rawId, maxPrice: rawPrice, lotIdCell, maxPriceCell } of rows) {
    if (rawPrice === null) continue;
    if (rawId === null) {
      errors.push(T.cell(lotIdCell, T.noLotId));
      continue;
    }
    const lotId = lotIdOf(rawId);
    if (lotId === null || !lotIds.has(lotId)) {
      errors.push(T.cell(lotIdCell, T.unknownLot(String(rawId))));
      continue;
    }
    const earlier = seen.get(lotId);
    if (earlier !== undefined) {
      errors.push(T.cell(lotIdCell, T.duplicateLot(lotId, earlier)));
      continue;
    }
    seen.set(lotId, row);
    const maxPrice = rublesToKopecks(rawPrice);
    if (maxPrice === null) {
      errors.push(T.cell(maxPriceCell, T.badPrice));
      continue;
    }
    entries.push({ row, lotId, maxPrice, cell: maxPriceCell });
  }
  return { entries, errors };
}

/** At most `limit` messages, the rest counted in one line. */
export function capErrors(errors: readonly string[], limit = 50): string[] {
  if (errors.length <= limit) return [...errors];
  return [...errors.slice(0, limit), T.moreErrors(errors.length - limit)];
}
