/**
 * The reading half of registry ingestion, run in a file worker (docs/decisions/0045, 0090): one streaming read of
 * the first visible sheet → header match (or the seller's custom map) → per row: personal-data scan, validation,
 * analytics, typed columns, and the de-personalised row encoded for COPY, which the main thread stores → default
 * lotting. Every error goes to the check report, written here too; the main thread gets compact results only.
 */
import { rm } from 'node:fs/promises';
import {
  type AttributeValue,
  type Cell,
  columnLetter,
  createAnalytics,
  createDebtColumnsBuilder,
  createPersonalDataScanner,
  createRowValidator,
  type DebtColumns,
  looksLikeTemplate,
  matchTemplateHeaders,
  REGISTRY_ATTRIBUTES,
  REGISTRY_ERRORS_INLINE_LIMIT,
  type RegistryError,
  suggestColumnMatch,
  type TemplateMatch,
} from '@etp/domain';
import { readFirstSheet, type SheetsInfo, SheetsWriter, XlsxError } from '@etp/xlsx';
import type { PersonalDataFindingJson, RegistryPreviewJson } from '../../db/schema/index.ts';
import type { JobContext } from '../../files/fileWorker.ts';
import {
  applyLotting,
  defaultLotingParams,
  type LotingParams,
  type LottingOutcome,
} from './registries.lotting.ts';
import { REGISTRY_MESSAGES } from './registries.messages.ts';
import type { RegistryTotals } from './registries.queries.ts';
import type { RawSession } from './registries.raw.ts';
import { REPORT_HEADERS, REPORT_WIDTHS } from './registries.reportLayout.ts';
import { RegistryRowWriter } from './registries.rows.ts';

export type IngestPhase = 'checking' | 'storing' | 'lotting';

/** Where the reading sends the errors it finds (the check report). */
export interface ErrorSink {
  add(error: RegistryError): void;
  /** A promise while the report's writing is behind: the reader waits for it. */
  congested(): Promise<void> | undefined;
}

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

/** First rows shown in the matching table (spec 1 §9). */
export const PREVIEW_ROWS = 5;
/** The widest registry we take: the template has ~35 columns; a custom one may carry some more. */
export const MAX_REGISTRY_COLUMNS = 512;

/** Rows with values looked through for the template's headers on a sheet (a title above them is common). */
export const HEADER_SEARCH_ROWS = 10;
/** Visible sheets looked through for the template's headers (a registry behind an instructions sheet). */
export const HEADER_SEARCH_SHEETS = 10;

class Stop extends Error {}

const toText = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell));

/** A column named in a note to the seller: its header as written and its letter. */
export interface NamedColumn {
  header: string;
  letter: string;
}

/**
 * A header row that is the platform template's with a required column missing or a header repeated
 * (decisions/0243): the file is refused naming them, rather than sent to the column matching.
 */
export interface TemplateNearMiss {
  missing: string[];
  repeated: NamedColumn[];
  extra: NamedColumn[];
}

const named = (raw: readonly Cell[], columns: readonly number[]): NamedColumn[] =>
  columns.map((i) => ({ header: toText(raw[i]).trim(), letter: columnLetter(i) }));

function nearMissOf(raw: readonly Cell[], match: TemplateMatch): TemplateNearMiss {
  return {
    missing: match.missingRequired.map((v) => REGISTRY_ATTRIBUTES.find((a) => a.value === v)?.text ?? v),
    repeated: named(raw, match.repeated),
    extra: named(raw, match.extra),
  };
}

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
  let headers: string[] | null = null;
  const preview: Cell[][] = [];
  let map: (AttributeValue | null)[] | null = null;
  let mismatch = false;
  let scanner: ReturnType<typeof createPersonalDataScanner> | null = null;
  const analytics = createAnalytics(options.asOf ? { asOf: options.asOf } : {});
  const columns = createDebtColumnsBuilder();
  let validator: ReturnType<typeof createRowValidator> | null = null;
  const writer =
    session && options.briefcaseId !== null ? new RegistryRowWriter(session, options.briefcaseId) : null;
  const abort = new AbortController();
  let analyticColumns: number[] = [];
  let filledCells = 0;
  let dataRows = 0;
  const cells: Cell[] = [];
  // Memory does not grow with the errors: the first ones for the reply, every one to the report.
  const firstErrors: RegistryError[] = [];
  const onError = (error: RegistryError) => {
    if (firstErrors.length < REGISTRY_ERRORS_INLINE_LIMIT) firstErrors.push(error);
    options.report?.add(error);
  };

  // The platform's template: its headers are looked for in the first rows; until found, the rows are kept
  // (copies, at most HEADER_SEARCH_ROWS) so that, not found, the first of them is the matching table's header.
  const searched: { raw: Cell[]; rowNumber: number }[] = [];
  let headerRow = 0;
  let sheets: SheetsInfo | null = null;
  let extraColumns: NamedColumn[] = [];
  let nearMiss: TemplateNearMiss | null = null;
  const useHeaders = (raw: Cell[], rowNumber: number, templateMap: (AttributeValue | null)[] | null) => {
    headers = raw.map(toText);
    headerRow = rowNumber;
    while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
    map = templateMap ?? options.map!.slice();
  };
  const notFound = () => {
    const [first, ...rest] = searched;
    if (!first) return;
    useHeaders(first.raw, first.rowNumber, matchTemplateHeaders(first.raw).map);
    mismatch = true;
    for (const row of rest.slice(0, PREVIEW_ROWS)) preview.push(row.raw.slice(0, headers!.length));
  };

  const onRow = (raw: Cell[], rowNumber: number) => {
    if (headers === null) {
      if (options.map) {
        useHeaders(raw, rowNumber, null);
      } else {
        const match = matchTemplateHeaders(raw);
        if (match.mismatch) {
          if (nearMiss === null && looksLikeTemplate(match)) nearMiss = nearMissOf(raw, match);
          searched.push({ raw: raw.slice(), rowNumber });
          if (searched.length >= HEADER_SEARCH_ROWS) {
            notFound();
            abort.abort(new Stop());
          }
          return;
        }
        useHeaders(raw, rowNumber, match.map);
        extraColumns = named(raw, match.extra);
      }
      map = map!;
      for (const i of drop) if (map[i] !== undefined) map[i] = null;
      validator = createRowValidator(map, headers!, { onError });
      scanner = createPersonalDataScanner(raw.slice(0, headers!.length));
      analyticColumns = map.flatMap((v, i) =>
        v && REGISTRY_ATTRIBUTES.find((a) => a.value === v)?.analytics ? [i] : [],
      );
      return;
    }
    // A row of empty cells is no debt.
    let empty = true;
    for (const c of raw) {
      if (c !== null && c !== '') {
        empty = false;
        break;
      }
    }
    if (empty) return;
    if (mismatch) {
      if (preview.length < PREVIEW_ROWS) preview.push(raw.slice(0, headers.length));
      if (preview.length >= PREVIEW_ROWS && !abort.signal.aborted) abort.abort(new Stop());
      return;
    }
    dataRows += 1;
    if (preview.length < PREVIEW_ROWS) preview.push(raw.slice(0, headers.length));
    scanner!.scan(raw, rowNumber);
    // The reader's row has no holes; it is copied only when columns are dropped.
    let row = raw;
    if (drop.size > 0) {
      cells.length = 0;
      for (let i = 0; i < raw.length; i++) cells.push(drop.has(i) ? null : (raw[i] ?? null));
      row = cells;
    }
    for (const i of analyticColumns) {
      const c = row[i];
      if (c !== null && c !== undefined && c !== '') filledCells += 1;
    }
    const debt = validator!.validate(row, rowNumber);
    if (!debt || validator!.errorCount > 0) return;
    analytics.add(debt);
    columns.add(debt);
    writer?.add(debt, rowNumber);
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
    if (!(abort.signal.aborted && abort.signal.reason instanceof Stop)) {
      await writer?.abandon();
      throw error;
    }
  }
  // A sheet of fewer rows than the search, none of them the template's headers.
  if (headers === null) notFound();
  const validatorState = validator as ReturnType<typeof createRowValidator> | null;
  const validated = validatorState !== null;
  const errors = firstErrors;
  const errorCount = validatorState?.errorCount ?? 0;
  // Its contract-id index (~60 MB for a million rows) is not needed past the last row: let it go before the
  // last batches are stored and the columns are built.
  validator = null;
  const scannerState = scanner as ReturnType<typeof createPersonalDataScanner> | null;
  const findings: PersonalDataFindingJson[] = (scannerState?.findings() ?? []).map((f) => ({
    column: f.column,
    columnIndex: f.columnIndex,
    header: f.header,
    kind: f.kind,
    count: f.count,
    rows: f.rows,
  }));
  const base = {
    headers: headers ?? [],
    preview,
    map,
    mismatch,
    rows,
    sheets: sheets as SheetsInfo | null,
    headerRow,
    rowsAboveHeaders: mismatch ? 0 : searched.length,
    extraColumns,
    nearMiss: mismatch ? (nearMiss as TemplateNearMiss | null) : null,
    findings,
    errors,
    errorCount,
  };
  if (mismatch || !validated || base.errorCount > 0) {
    await writer?.abandon();
    return { ...base, columns: null, analyticTotals: null };
  }
  options.onProgress?.('storing', 1);
  await writer?.finish();
  const totals = analytics.totals();
  const built = columns.build();
  return {
    ...base,
    columns: built,
    analyticTotals: {
      itemsCount: totals.items_count,
      amountTotal: totals.amount_total,
      amountBottomline: totals.amount_bottomline,
      amountMean: totals.amount_mean,
      bottomlineMean: totals.bottomline_mean,
      startPrice: 0,
      dpd: totals.dpd,
      dplp: totals.dplp,
      fillingPercent:
        dataRows === 0 || analyticColumns.length === 0
          ? 0
          : Math.round(
              (filledCells / (dataRows * REGISTRY_ATTRIBUTES.filter((a) => a.analytics).length)) * 10_000,
            ) / 100,
      analytics: analytics.result() as unknown as Record<string, unknown>,
    },
  };
}

/** Headers, the first rows and the suggested matching of a file, reading no further (custom-template upload). */
export async function readRegistryPreview(filePath: string): Promise<PreviewResult> {
  let headers: string[] | null = null;
  let hidden: string[] = [];
  const rows: Cell[][] = [];
  const abort = new AbortController();
  try {
    await readFirstSheet(
      filePath,
      (raw) => {
        if (headers === null) {
          headers = raw.map(toText);
          while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
          return;
        }
        if (rows.length < PREVIEW_ROWS) rows.push(raw.slice(0, headers.length));
        if (rows.length >= PREVIEW_ROWS && !abort.signal.aborted) abort.abort(new Stop());
      },
      {
        maxColumns: MAX_REGISTRY_COLUMNS,
        signal: abort.signal,
        onWorkbook: (info) => {
          hidden = info.hiddenSheets;
        },
      },
    );
  } catch (error) {
    if (error instanceof XlsxError) return { refused: error.message };
    if (!(abort.signal.aborted && abort.signal.reason instanceof Stop)) throw error;
  }
  const found = headers as string[] | null;
  if (!found || found.length === 0) return { refused: REGISTRY_MESSAGES.noHeaders };
  if (rows.length === 0) return { refused: REGISTRY_MESSAGES.noRows };
  return {
    preview: { headers: found, rows, suggested: suggestColumnMatch(found, rows) },
    warnings: hidden.length > 0 ? [REGISTRY_MESSAGES.hiddenSheets(hidden)] : [],
  };
}

/** The check report written in the worker: every error, as it is found, into an xlsx at `path`. */
class ReportFile implements ErrorSink {
  count = 0;
  private writer: SheetsWriter | null = null;

  constructor(
    private readonly path: string,
    private readonly maxRowsPerSheet?: number,
  ) {}

  add(error: RegistryError): void {
    this.count += 1;
    // The file is made with the first error: most uploads have none.
    this.writer ??= this.open();
    this.writer.add([error.row, error.column, error.header, error.value, error.message]);
  }

  private open(): SheetsWriter {
    return new SheetsWriter(this.path, REPORT_HEADERS, {
      sheetName: 'Ошибки',
      widths: REPORT_WIDTHS,
      maxRowsPerSheet: this.maxRowsPerSheet,
    });
  }

  congested(): Promise<void> | undefined {
    return this.writer?.congested();
  }

  async finish(): Promise<void> {
    await (this.writer ?? this.open()).finish();
    this.writer = null;
  }

  async discard(): Promise<void> {
    const writer = this.writer;
    this.writer = null;
    await writer?.abort();
    await rm(this.path, { force: true });
  }
}

export interface IngestJob {
  filePath: string;
  map?: (AttributeValue | null)[];
  dropColumns?: number[];
  allowPersonalData?: boolean;
  asOf?: string;
  /** Rows are stored (sent to the main thread as COPY batches) for this procedure; null: checked only. */
  briefcaseId: number | null;
  /** Where the check report is written; it is left there only when the outcome is `invalid`. */
  reportPath: string;
  reportSheetRows?: number;
}

/** What a registry's reading came to, compact (the rows themselves went to the database as they were read). */
export type IngestJobResult = (
  | {
      kind: 'read';
      map: (AttributeValue | null)[];
      findings: PersonalDataFindingJson[];
      columns: DebtColumns;
      totals: RegistryTotals;
      params: LotingParams;
      lotting: Omit<LottingOutcome, 'drafts'>;
    }
  | { kind: 'mismatch'; preview: RegistryPreviewJson }
  | { kind: 'personal_data'; findings: PersonalDataFindingJson[] }
  /** `errors`: the first REGISTRY_ERRORS_INLINE_LIMIT of the `errorCount`, all of them in the report file. */
  | { kind: 'invalid'; errors: RegistryError[]; errorCount: number }
  | { kind: 'refused'; message: string }
) & {
  /** What the seller should know of where the registry was read from (hidden sheets, another sheet or row). */
  warnings?: string[];
};

/**
 * Whether one of the first HEADER_SEARCH_ROWS rows of this visible sheet holds the template's headers ('found'),
 * or the template's with something wrong (its near miss), or neither (null).
 */
async function sheetTemplateHeaders(
  filePath: string,
  sheet: number,
): Promise<'found' | TemplateNearMiss | null> {
  const abort = new AbortController();
  let seen = 0;
  let found = false;
  let near: TemplateNearMiss | null = null;
  try {
    await readFirstSheet(
      filePath,
      (raw) => {
        if (found || abort.signal.aborted) return;
        seen += 1;
        const match = matchTemplateHeaders(raw);
        if (!match.mismatch) found = true;
        else if (near === null && looksLikeTemplate(match)) near = nearMissOf(raw, match);
        if (found || seen >= HEADER_SEARCH_ROWS) abort.abort(new Stop());
      },
      { maxColumns: MAX_REGISTRY_COLUMNS, signal: abort.signal, sheet },
    );
  } catch (error) {
    if (!(abort.signal.aborted && abort.signal.reason instanceof Stop)) throw error;
  }
  return found ? 'found' : near;
}

/** The notes on where the registry was read from that go with the answer. */
function sheetWarnings(read: ReadResult, custom: boolean): string[] {
  const sheets = read.sheets;
  if (!sheets) return [];
  const warnings: string[] = [];
  if (sheets.hiddenSheets.length > 0) warnings.push(REGISTRY_MESSAGES.hiddenSheets(sheets.hiddenSheets));
  if (custom || read.headers.length === 0) return warnings;
  if (read.nearMiss) {
    if (read.nearMiss.extra.length > 0) warnings.push(REGISTRY_MESSAGES.extraColumns(read.nearMiss.extra));
    return warnings;
  }
  if (read.mismatch) {
    const looked = Math.max(1, Math.min(sheets.visibleSheets.length, HEADER_SEARCH_SHEETS));
    warnings.push(
      REGISTRY_MESSAGES.headersNotFound(
        sheets.visibleSheets[0] ?? sheets.sheetName,
        HEADER_SEARCH_ROWS,
        looked,
      ),
    );
    return warnings;
  }
  if (sheets.sheetIndex > 0)
    warnings.push(
      REGISTRY_MESSAGES.otherSheet(sheets.sheetName, sheets.visibleSheets.slice(0, sheets.sheetIndex)),
    );
  if (read.rowsAboveHeaders > 0)
    warnings.push(REGISTRY_MESSAGES.headersBelow(read.headerRow, sheets.sheetName));
  if (read.extraColumns.length > 0) warnings.push(REGISTRY_MESSAGES.extraColumns(read.extraColumns));
  return warnings;
}

/** The COPY batches of the rows are stored by the main thread, in its transaction (call `copy`). */
function relaySession(context: JobContext): RawSession {
  return {
    query: () => Promise.reject(new Error('no queries from a file worker')),
    copyFrom: (_target, data) => context.call<void>('copy', data),
  };
}

/** Sums that do not fit the database's bigint, or JavaScript's exact integers, are refused before storing. */
function oversizedSum(totals: RegistryTotals, lots: LottingOutcome['lots']): string | null {
  const safe = (n: number) => Number.isSafeInteger(Math.round(n));
  if (!safe(totals.amountTotal) || !safe(totals.amountBottomline)) return REGISTRY_MESSAGES.sumTooLarge;
  for (const lot of lots) {
    if (!safe(lot.amountTotal) || !safe(lot.amountBottomline) || !safe(lot.startPrice)) {
      return REGISTRY_MESSAGES.lotSumTooLarge(lot.number);
    }
  }
  return null;
}

/** The whole reading of a registry file (in a file worker): the outcome the main thread acts upon. */
export async function runIngestJob(job: IngestJob, context: JobContext): Promise<IngestJobResult> {
  const report = new ReportFile(job.reportPath, job.reportSheetRows);
  let keepReport = false;
  let warnings: string[] = [];
  try {
    const result = await ingestRead(job, context, report, (read) => {
      warnings = sheetWarnings(read, Boolean(job.map));
    });
    if (result.kind === 'invalid') keepReport = true;
    return warnings.length > 0 ? { ...result, warnings } : result;
  } finally {
    if (!keepReport) await report.discard();
  }
}

async function ingestRead(
  job: IngestJob,
  context: JobContext,
  report: ReportFile,
  onRead: (read: ReadResult) => void,
): Promise<IngestJobResult> {
  let read: ReadResult;
  const readSheet = (sheet: number) =>
    readAndStore(job.briefcaseId === null ? null : relaySession(context), {
      filePath: job.filePath,
      map: job.map,
      dropColumns: job.dropColumns,
      asOf: job.asOf,
      briefcaseId: job.briefcaseId,
      report,
      sheet,
      onProgress: (phase, fraction) => context.progress(phase, fraction),
    });
  try {
    read = await readSheet(0);
    // Not on the first sheet: the template's headers may be on another visible one (after instructions).
    const visible = read.sheets?.visibleSheets.length ?? 0;
    if (read.mismatch && !job.map) {
      let near = read.nearMiss;
      for (let sheet = 1; sheet < Math.min(visible, HEADER_SEARCH_SHEETS); sheet++) {
        const probed = await sheetTemplateHeaders(job.filePath, sheet);
        if (probed === 'found') {
          read = await readSheet(sheet);
          break;
        }
        near ??= probed;
      }
      if (read.mismatch && near) read = { ...read, nearMiss: near };
    }
  } catch (error) {
    if (error instanceof XlsxError) return { kind: 'refused', message: error.message };
    throw error;
  }
  onRead(read);
  if (read.headers.length === 0) return { kind: 'refused', message: REGISTRY_MESSAGES.noHeaders };
  // The template with a required column missing or a header twice: nothing can be read from it as it is.
  if (read.mismatch && read.nearMiss) {
    const { missing, repeated } = read.nearMiss;
    return {
      kind: 'refused',
      message:
        missing.length > 0
          ? REGISTRY_MESSAGES.missingColumns(missing)
          : REGISTRY_MESSAGES.repeatedColumns(repeated),
    };
  }
  if (read.mismatch) {
    return {
      kind: 'mismatch',
      preview: {
        headers: read.headers,
        rows: read.preview,
        suggested: suggestColumnMatch(read.headers, read.preview),
      },
    };
  }
  if (read.errorCount > 0) {
    await report.finish();
    return { kind: 'invalid', errors: read.errors, errorCount: read.errorCount };
  }
  if (!read.columns || read.columns.count === 0)
    return { kind: 'refused', message: REGISTRY_MESSAGES.noRows };
  if (read.findings.length > 0 && !job.allowPersonalData) {
    return { kind: 'personal_data', findings: read.findings };
  }
  context.progress('lotting', 0);
  const params = defaultLotingParams(read.columns);
  const { drafts: _drafts, ...lotting } = applyLotting(read.columns, params, job.asOf);
  const totals = { ...read.analyticTotals!, startPrice: lotting.startPrice };
  const tooLarge = oversizedSum(totals, lotting.lots);
  if (tooLarge) return { kind: 'refused', message: tooLarge };
  return {
    kind: 'read',
    map: read.map ?? [],
    findings: read.findings,
    columns: read.columns,
    totals,
    params,
    lotting,
  };
}

export interface PreviewJob {
  filePath: string;
}

export type PreviewResult = { preview: RegistryPreviewJson; warnings: string[] } | { refused: string };

export const previewRegistryFile = (job: PreviewJob) => readRegistryPreview(job.filePath);
