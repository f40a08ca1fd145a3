/**
 * One streaming read of a registry's sheet (docs/decisions/0045): the rows go to the header search
 * (headerSearch.ts) until the headers are found, then each data row through the row pipeline
 * (rowPipeline.ts), whose debts the row writer stores (rows.ts). Also the short reads that
 * stop early: a custom template's preview, and a look for the template's headers on another sheet.
 */
import {
  type AttributeValue,
  type Cell,
  type DebtColumns,
  MATCHING_PREVIEW_ROWS,
  type RegistryError,
  suggestColumnMatch,
} from '@etp/domain';
import { readFirstSheet, type SheetsInfo, XlsxError } from '@etp/xlsx';
import type { PersonalDataFindingJson, RegistryPreviewJson } from '../../../db/schema/index.ts';
import { REGISTRY_MESSAGES } from '../registries.messages.ts';
import {
  HEADER_SEARCH_ROWS,
  HeaderSearch,
  headerTexts,
  type NamedColumn,
  type TemplateNearMiss,
  templateHeadersOf,
} from './headerSearch.ts';
import type { RegistryTotals } from './ingest.queries.ts';
import type { RawSession } from './rawSession.ts';
import { type ErrorSink, isEmptyRow, RowPipeline } from './rowPipeline.ts';
import { RegistryRowWriter } from './rows.ts';

export type IngestPhase = 'checking' | 'storing' | 'lotting';

export interface ReadOptions {
  filePath: string;
  /** The seller's matching, column index → attribute (custom templates); absent: the platform template. */
  map?: (AttributeValue | null)[];
  /** Columns (0-based) dropped before validation: the personal-data columns after a skip or an agreement. */
  dropColumns?: readonly number[];
  onProgress?: (phase: IngestPhase, fraction: number) => void;
  report?: ErrorSink;
  /** The registry's date for ages; default today. */
  asOf?: string;
  /** The procedure whose rows are stored (through `session`), or null to check only. */
  briefcaseId: number | null;
  /** The visible worksheet to read (0-based); default the first. */
  sheet?: number;
}

/** The widest registry we take: the template has ~35 columns; a custom one may carry some more. */
const MAX_REGISTRY_COLUMNS = 512;

/** The reason a read is aborted on purpose (enough was read); any other abort is a failure. */
class Stop extends Error {}

const stoppedOnPurpose = (signal: AbortSignal) => signal.aborted && signal.reason instanceof Stop;

export interface ReadResult {
  headers: string[];
  preview: Cell[][];
  map: (AttributeValue | null)[] | null;
  mismatch: boolean;
  rows: number;
  /** The sheet read (its name, the visible and hidden ones) and the row its headers were found in. */
  sheets: SheetsInfo | null;
  headerRow: number;
  /** Rows with values above the header row (a title): passed over. */
  rowsAboveHeaders: number;
  /** Columns beyond the template's, not read (their personal data is still looked for). */
  extraColumns: NamedColumn[];
  /** Not found: the first searched row that is the template's with something wrong. */
  nearMiss: TemplateNearMiss | null;
  errors: RegistryError[];
  errorCount: number;
  findings: PersonalDataFindingJson[];
  columns: DebtColumns | null;
  analyticTotals: RegistryTotals | null;
}

/** Reads, checks and stores the sheet's rows into the session (savepoint held by the caller). */
export async function readAndStore(session: RawSession | null, options: ReadOptions): Promise<ReadResult> {
  const drop = new Set(options.dropColumns ?? []);
  const search = new HeaderSearch(options.map);
  const writer =
    session && options.briefcaseId !== null ? new RegistryRowWriter(session, options.briefcaseId) : null;
  /** Set when the headers are found: the data rows go through it. */
  let pipeline: RowPipeline | null = null;
  const preview: Cell[][] = [];
  let sheets: SheetsInfo | null = null;
  const abort = new AbortController();
  const addPreview = (raw: readonly Cell[], width: number) => {
    if (preview.length < MATCHING_PREVIEW_ROWS) preview.push(raw.slice(0, width));
  };
  const giveUp = () => {
    const after = search.giveUp();
    for (const raw of after.slice(0, MATCHING_PREVIEW_ROWS)) addPreview(raw, search.headers!.length);
  };

  const onRow = (raw: Cell[], rowNumber: number) => {
    const headers = search.headers;
    if (headers === null) {
      const step = search.offer(raw, rowNumber);
      if (step === 'exhausted') {
        giveUp();
        abort.abort(new Stop());
      }
      if (step !== 'found') return;
      const map = search.map!;
      for (const i of drop) if (map[i] !== undefined) map[i] = null;
      pipeline = new RowPipeline({
        headerRow: raw,
        headers: search.headers!,
        map,
        drop,
        asOf: options.asOf,
        report: options.report,
        writer,
      });
      return;
    }
    if (isEmptyRow(raw)) return;
    addPreview(raw, headers.length);
    if (search.mismatch) {
      if (preview.length >= MATCHING_PREVIEW_ROWS && !abort.signal.aborted) abort.abort(new Stop());
      return;
    }
    pipeline!.take(raw, rowNumber);
  };

  let rows = 0;
  try {
    const result = await readFirstSheet(options.filePath, onRow, {
      maxColumns: MAX_REGISTRY_COLUMNS,
      signal: abort.signal,
      sheet: options.sheet,
      onWorkbook: (info) => {
        sheets = info;
      },
      onProgress: (fraction) => options.onProgress?.('checking', fraction),
      backpressure: () => writer?.congested() ?? options.report?.congested(),
    });
    rows = result.rows;
  } catch (error) {
    if (!stoppedOnPurpose(abort.signal)) {
      await writer?.abandon();
      throw error;
    }
  }
  // A sheet of fewer rows than the search, none of them the template's headers.
  if (search.headers === null) giveUp();
  const read = pipeline as RowPipeline | null;
  const errorCount = read?.endValidation() ?? 0;
  const base = {
    headers: search.headers ?? [],
    preview,
    map: search.map,
    mismatch: search.mismatch,
    rows,
    sheets: sheets as SheetsInfo | null,
    headerRow: search.headerRow,
    rowsAboveHeaders: search.rowsAbove,
    extraColumns: search.extraColumns,
    nearMiss: search.mismatch ? search.nearMiss : null,
    findings: read?.findings() ?? [],
    errors: read?.firstErrors ?? [],
    errorCount,
  };
  if (search.mismatch || read === null || errorCount > 0) {
    await writer?.abandon();
    return { ...base, columns: null, analyticTotals: null };
  }
  options.onProgress?.('storing', 1);
  await writer?.finish();
  const analyticTotals = read.totals();
  return { ...base, columns: read.buildColumns(), analyticTotals };
}

/** A read of a sheet's first rows: `onRow` returns true when it has seen enough. */
async function readFirstRows(
  filePath: string,
  onRow: (raw: Cell[]) => boolean,
  options: { sheet?: number; onWorkbook?: (info: SheetsInfo) => void } = {},
): Promise<void> {
  const abort = new AbortController();
  try {
    await readFirstSheet(
      filePath,
      (raw) => {
        if (abort.signal.aborted) return;
        if (onRow(raw)) abort.abort(new Stop());
      },
      { maxColumns: MAX_REGISTRY_COLUMNS, signal: abort.signal, ...options },
    );
  } catch (error) {
    if (!stoppedOnPurpose(abort.signal)) throw error;
  }
}

/** What a custom template's preview came to: the matching table, or why the file is refused. */
export type PreviewResult = { preview: RegistryPreviewJson; warnings: string[] } | { refused: string };

/** Headers, the first rows and the suggested matching of a file, reading no further (custom-template upload). */
export async function readRegistryPreview(filePath: string): Promise<PreviewResult> {
  let headers: string[] | null = null;
  let hidden: string[] = [];
  const rows: Cell[][] = [];
  try {
    await readFirstRows(
      filePath,
      (raw) => {
        if (headers === null) {
          headers = headerTexts(raw);
          return false;
        }
        if (rows.length < MATCHING_PREVIEW_ROWS) rows.push(raw.slice(0, headers.length));
        return rows.length >= MATCHING_PREVIEW_ROWS;
      },
      {
        onWorkbook: (info) => {
          hidden = info.hiddenSheets;
        },
      },
    );
  } catch (error) {
    if (error instanceof XlsxError) return { refused: error.message };
    throw error;
  }
  const found = headers as string[] | null;
  if (!found || found.length === 0) return { refused: REGISTRY_MESSAGES.noHeaders };
  if (rows.length === 0) return { refused: REGISTRY_MESSAGES.noRows };
  return {
    preview: { headers: found, rows, suggested: suggestColumnMatch(found, rows) },
    warnings: hidden.length > 0 ? [REGISTRY_MESSAGES.hiddenSheets(hidden)] : [],
  };
}

/**
 * Whether one of the first HEADER_SEARCH_ROWS rows of this visible sheet holds the template's headers ('found'),
 * or the template's with something wrong (its near miss), or neither (null).
 */
export async function sheetTemplateHeaders(
  filePath: string,
  sheet: number,
): Promise<'found' | TemplateNearMiss | null> {
  let seen = 0;
  let found = false;
  let near: TemplateNearMiss | null = null;
  await readFirstRows(
    filePath,
    (raw) => {
      seen += 1;
      const headers = templateHeadersOf(raw);
      if (headers === 'found') found = true;
      else near ??= headers;
      return found || seen >= HEADER_SEARCH_ROWS;
    },
    { sheet },
  );
  return found ? 'found' : near;
}
