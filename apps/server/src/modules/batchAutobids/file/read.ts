/**
 * Reading a batch-autobid file in a file worker (docs/decisions/0090): the project's streaming reader over the
 * first visible sheet, the template's columns found by their headers in the first row, and only the rows with a
 * value kept (a sheet of a million empty rows costs time in the worker, no memory). Bounded: at most
 * MAX_BATCH_ROWS rows with a value, texts cut for the messages.
 */
import { BATCH_AUTOBID_COLUMNS } from '@etp/contracts';
import { type Cell, readFirstSheet, XlsxError } from '@etp/xlsx';
import { BATCH_TEXTS as T } from '../batchAutobids.messages.ts';

/** A batch names each lot of one procedure once: far more rows than any procedure has lots is not a batch. */
const MAX_BATCH_ROWS = 100_000;
/** A batch file has three columns; some more are tolerated (notes), not thousands. */
const MAX_BATCH_COLUMNS = 64;
/** The longest text kept from a cell (an id or a price is short; the rest is only echoed in a message). */
const MAX_TEXT = 64;

/** A cell as the user sees it: a number, a trimmed text, or null when empty. */
export type CellValue = number | string | null;

export interface SheetRow {
  /** The row's number in the sheet, as Excel shows it. */
  row: number;
  lotId: CellValue;
  maxPrice: CellValue;
  /** The cells' addresses as Excel shows them ("B5"), for the messages. */
  lotIdCell: string;
  maxPriceCell: string;
}

export interface BatchSheetJob {
  filePath: string;
}

export type BatchSheetResult = { rows: SheetRow[] } | { refused: string };

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function plain(value: Cell | undefined): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = String(value).trim();
  if (text === '') return null;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

class Full extends Error {}

/** The batch rows of the file, or the Russian reason it is refused. */
export async function readBatchSheetFile(job: BatchSheetJob): Promise<BatchSheetResult> {
  let idCol = -1;
  let priceCol = -1;
  let headerSeen = false;
  const rows: SheetRow[] = [];
  const abort = new AbortController();
  try {
    await readFirstSheet(
      job.filePath,
      (cells, rowNumber) => {
        if (!headerSeen) {
          headerSeen = true;
          cells.forEach((cell, i) => {
            const text = typeof cell === 'string' ? cell.trim().toLowerCase() : '';
            if (text === BATCH_AUTOBID_COLUMNS[1].toLowerCase()) idCol = i;
            else if (text === BATCH_AUTOBID_COLUMNS[2].toLowerCase()) priceCol = i;
          });
          if (idCol < 0 || priceCol < 0) abort.abort(new Full());
          return;
        }
        const lotId = plain(cells[idCol]);
        const maxPrice = plain(cells[priceCol]);
        if (lotId === null && maxPrice === null) return;
        if (rows.length >= MAX_BATCH_ROWS) {
          abort.abort(new Full());
          return;
        }
        rows.push({
          row: rowNumber,
          lotId,
          maxPrice,
          lotIdCell: `${columnName(idCol)}${rowNumber}`,
          maxPriceCell: `${columnName(priceCol)}${rowNumber}`,
        });
      },
      { maxColumns: MAX_BATCH_COLUMNS, signal: abort.signal, maxUncompressedBytes: 512 * 1024 * 1024 },
    );
  } catch (error) {
    if (error instanceof XlsxError) {
      if (error.code === 'too_many_columns') return { refused: T.tooManyColumns(MAX_BATCH_COLUMNS) };
      return { refused: error.message };
    }
    if (!(abort.signal.reason instanceof Full)) throw error;
  }
  if (!headerSeen) return { refused: T.empty };
  if (idCol < 0 || priceCol < 0) return { refused: T.noColumns };
  if (rows.length >= MAX_BATCH_ROWS && abort.signal.aborted)
    return { refused: T.tooManyRows(MAX_BATCH_ROWS) };
  return { rows };
}
