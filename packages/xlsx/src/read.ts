/** readFirstSheet: opens the package, reads its small parts, then streams the first visible worksheet row by row. */
import { XlsxError } from './errors.ts';
import {
  assertSpreadsheetContentTypes,
  folderOf,
  parseDateStyles,
  parseRelationships,
  parseWorkbook,
  type Relationship,
  resolveTarget,
  SharedStringsParser,
  SharedStringTable,
} from './parts.ts';
import { type Cell, SheetScanner } from './sheet.ts';
import { MAX_EXCEL_ROWS } from './sheetBytes.ts';
import { asUtf8, partText } from './text.ts';
import {
  type InflateBudget,
  openZip,
  readEntry,
  readEntryBuffer,
  type ZipArchive,
  type ZipEntry,
} from './zip.ts';

export interface ReadOptions {
  /** Default 16384; a row wider than this -> XlsxError 'too_many_columns'. */
  maxColumns?: number;
  /** Default 1_100_000 rows with at least one value -> otherwise 'too_many_rows'. */
  maxRows?: number;
  /** Default 2 GiB over every part read; also a ratio guard -> 'zip_bomb'. */
  maxUncompressedBytes?: number;
  /** 0..1 of the compressed sheet consumed; at most ~20 calls a second, and 1 at the end. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /**
   * Asked after each chunk of the sheet: a promise pauses reading until it settles (the consumer of the rows,
   * e.g. a database, is behind), so memory does not grow with the file.
   */
  backpressure?: () => Promise<void> | undefined;
  /** Read this worksheet (0-based, in the workbook's order) instead of the first: no such sheet -> 'no_sheet'. */
  sheet?: number;
  /** Called once the workbook is read, before any row: which sheet is read and which were passed over. */
  onWorkbook?: (info: SheetsInfo) => void;
  /** Size of the read and inflate chunks (tests use tiny ones to cut tags at every byte). */
  chunkSize?: number;
}

export interface SheetsInfo {
  /** The name of the worksheet read, and its place among the visible ones (0-based). */
  sheetName: string;
  sheetIndex: number;
  /** Names of the visible worksheets, in the workbook's order (at most 256). */
  visibleSheets: string[];
  /** Names of the hidden and very hidden worksheets, which are never read (at most 256). */
  hiddenSheets: string[];
}

export interface ReadResult {
  /** Rows with at least one value (the ones passed to onRow). */
  rows: number;
  /** The widest such row, in columns. */
  columns: number;
  formulasWithoutValue: number;
  /** Hidden and very hidden worksheets passed over: the first visible one is read. */
  hiddenSheetsSkipped: number;
}

const DEFAULT_MAX_UNCOMPRESSED = 2 * 1024 * 1024 * 1024;
const PROGRESS_INTERVAL_MS = 50;

function entryOf(archive: ZipArchive, path: string): ZipEntry | undefined {
  return archive.entries.get(path.replace(/^\//, '').toLowerCase());
}

/** A small part whole, as text in the encoding it declares; past XLSX_LIMITS.partBytes -> 'part_too_large'. */
async function textOf(archive: ZipArchive, entry: ZipEntry, budget: InflateBudget): Promise<string> {
  return partText(await readEntryBuffer(archive, entry, { budget }));
}

/**
 * Streams the FIRST VISIBLE worksheet (hidden ones are passed over and counted). onRow gets the row's cells indexed by column (0 = A), missing cells null; the array
 * is reused after onRow returns (copy what you keep). Rows without any value are not reported. rowNumber is
 * Excel's (1-based). Strings resolved, numbers as numbers, booleans as booleans, date-formatted numbers as
 * 'YYYY-MM-DD' (or 'YYYY-MM-DDTHH:MM:SS'), formulas as their cached value (null when none), errors as text.
 */
export async function readFirstSheet(
  path: string,
  onRow: (cells: Cell[], rowNumber: number) => void,
  options: ReadOptions = {},
): Promise<ReadResult> {
  const archive = openZip(path);
  const budget: InflateBudget = { limit: options.maxUncompressedBytes ?? DEFAULT_MAX_UNCOMPRESSED, used: 0 };

  const contentTypes = entryOf(archive, '[Content_Types].xml');
  if (!contentTypes) throw new XlsxError('not_xlsx', 'no [Content_Types].xml');
  assertSpreadsheetContentTypes(await textOf(archive, contentTypes, budget));

  let workbookPath = 'xl/workbook.xml';
  const rootRels = entryOf(archive, '_rels/.rels');
  if (rootRels) {
    const rels = parseRelationships(await textOf(archive, rootRels, budget), '');
    const office = [...rels.values()].find((rel) => /\/officeDocument$/.test(rel.type));
    if (office) workbookPath = office.target;
  }
  const workbook = entryOf(archive, workbookPath);
  if (!workbook) throw new XlsxError('not_xlsx', `no ${workbookPath}`);
  const folder = folderOf(workbookPath);
  const relsPath = `${folder ? `${folder}/` : ''}_rels/${workbookPath.slice(folder ? folder.length + 1 : 0)}.rels`;
  const workbookRels = entryOf(archive, relsPath);
  let rels = new Map<string, Relationship>();
  if (workbookRels) rels = parseRelationships(await textOf(archive, workbookRels, budget), folder);
  const info = parseWorkbook(workbookPath, await textOf(archive, workbook, budget), rels, options.sheet);
  options.onWorkbook?.({
    sheetName: info.sheetName,
    sheetIndex: options.sheet ?? 0,
    visibleSheets: info.visibleSheets,
    hiddenSheets: info.hiddenSheets,
  });

  const sheet = entryOf(archive, info.sheetPath);
  if (!sheet) throw new XlsxError('no_sheet', `no ${info.sheetPath}`);
  const stylesEntry = entryOf(archive, info.stylesPath ?? resolveTarget(folder, 'styles.xml'));
  const dateStyles = stylesEntry
    ? parseDateStyles(await textOf(archive, stylesEntry, budget))
    : new Uint8Array(0);
  const sstEntry = entryOf(archive, info.sharedStringsPath ?? resolveTarget(folder, 'sharedStrings.xml'));
  let sharedStrings = new SharedStringTable();
  if (sstEntry) {
    const parser = new SharedStringsParser();
    for await (const chunk of asUtf8(readEntry(archive, sstEntry, { budget, signal: options.signal }))) {
      parser.feed(chunk);
    }
    sharedStrings = parser.end();
  }

  const scanner = new SheetScanner({
    sharedStrings,
    dateStyles,
    date1904: info.date1904,
    maxColumns: options.maxColumns ?? 16384,
    maxRows: Math.min(options.maxRows ?? 1_100_000, MAX_EXCEL_ROWS),
    onRow,
  });
  const { onProgress } = options;
  let lastProgress = 0;
  const total = Math.max(sheet.compressedSize, 1);
  const chunks = readEntry(archive, sheet, {
    budget,
    chunkSize: options.chunkSize,
    signal: options.signal,
    onCompressed: onProgress
      ? (bytes) => {
          const now = performance.now();
          if (now - lastProgress < PROGRESS_INTERVAL_MS) return;
          lastProgress = now;
          onProgress(Math.min(bytes / total, 0.999));
        }
      : undefined,
  });
  for await (const chunk of asUtf8(chunks)) {
    scanner.feed(chunk);
    const behind = options.backpressure?.();
    if (behind) await behind;
  }
  scanner.end();
  onProgress?.(1);
  return {
    rows: scanner.rows,
    columns: scanner.columns,
    formulasWithoutValue: scanner.formulasWithoutValue,
    hiddenSheetsSkipped: info.hiddenSkipped,
  };
}
