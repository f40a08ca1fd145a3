/**
 * The registry ingestion pipeline (docs/decisions/0045, 0046): one streaming read of the first sheet →
 * header match (or the seller's custom map) → per row: personal-data scan, validation, analytics, typed
 * columns, batched storing of the de-personalised row → default lotting → lots with statistics and per-lot
 * analytics → the procedure's totals. Runs in one transaction; every outcome that is not `stored` leaves the
 * registry as it was (rows rolled back to a savepoint).
 */
import {
  type AttributeValue,
  type Cell,
  createAnalytics,
  createDebtColumnsBuilder,
  createPersonalDataScanner,
  createRowValidator,
  type DebtColumns,
  matchTemplateHeaders,
  REGISTRY_ATTRIBUTES,
  REGISTRY_ERRORS_INLINE_LIMIT,
  type RegistryError,
  suggestColumnMatch,
} from '@etp/domain';
import { readFirstSheet, XlsxError } from '@etp/xlsx';
import type { AppContext } from '../../appContext.ts';
import type { PersonalDataFindingJson, RegistryPreviewJson } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { applyLotting, defaultLotingParams, type LotingParams } from './registries.lotting.ts';
import { REGISTRY_MESSAGES } from './registries.messages.ts';
import {
  clearRegistryRaw,
  insertLotsRaw,
  lockBriefcaseRaw,
  type RegistryTotals,
  saveRegistryColumnsRaw,
  saveRegistryRaw,
} from './registries.queries.ts';
import { type RawSession, withRawTransaction } from './registries.raw.ts';
import type { ErrorSink } from './registries.report.ts';
import { RegistryRowWriter } from './registries.rows.ts';
import { columnsPieces, encodeAssignment } from './registries.snapshot.ts';

/** First rows shown in the matching table (spec 1 §9). */
export const PREVIEW_ROWS = 5;
/** The widest registry we take: the template has ~35 columns; a custom one may carry some more. */
export const MAX_REGISTRY_COLUMNS = 512;

export type IngestPhase = 'checking' | 'storing' | 'lotting';

export interface IngestOptions {
  briefcaseId: number;
  filePath: string;
  fileName?: string | null;
  /** The seller's matching, column index → attribute (custom templates); absent: the platform template. */
  map?: (AttributeValue | null)[];
  /** Columns (0-based) dropped before validation: the personal-data columns after a skip or an agreement. */
  dropColumns?: readonly number[];
  /** Ingest even when personal data is found (skip_validation, personal_data_agree): its columns are dropped. */
  allowPersonalData?: boolean;
  onProgress?: (phase: IngestPhase, fraction: number) => void;
  /** Receives every error as it is found (the check report); the outcome keeps only the first ones. */
  report?: ErrorSink;
  /** The registry's date for ages; default today. */
  asOf?: string;
}

export type IngestOutcome =
  | { kind: 'stored'; itemsCount: number; lotsCount: number; findings: PersonalDataFindingJson[] }
  /** The headers are not the template's: the seller matches the columns (preview + suggestion). */
  | { kind: 'mismatch'; preview: RegistryPreviewJson }
  | { kind: 'personal_data'; findings: PersonalDataFindingJson[] }
  /** `errors`: the first REGISTRY_ERRORS_INLINE_LIMIT of the `errorCount` (all of them went to `report`). */
  | { kind: 'invalid'; errors: RegistryError[]; errorCount: number }
  /** The file itself is refused (not xlsx, bomb, empty...): a Russian message. */
  | { kind: 'refused'; message: string };

/** The matching as stored on the procedure: column index → attribute. */
export function mapToSourceMap(map: readonly (AttributeValue | null)[]): Record<string, string> {
  const out: Record<string, string> = {};
  map.forEach((value, i) => {
    if (value) out[String(i)] = value;
  });
  return out;
}

class Stop extends Error {}

const toText = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell));

interface ReadResult {
  headers: string[];
  preview: Cell[][];
  map: (AttributeValue | null)[] | null;
  mismatch: boolean;
  rows: number;
  errors: RegistryError[];
  errorCount: number;
  findings: PersonalDataFindingJson[];
  columns: DebtColumns | null;
  analyticTotals: RegistryTotals | null;
}

/** Reads, checks and stores the sheet's rows into the session (savepoint held by the caller). */
async function readAndStore(
  session: RawSession | null,
  options: Omit<IngestOptions, 'briefcaseId'> & { briefcaseId: number | null },
): Promise<ReadResult> {
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

  const onRow = (raw: Cell[], rowNumber: number) => {
    if (headers === null) {
      headers = raw.map(toText);
      while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
      if (options.map) {
        map = options.map.slice();
      } else {
        const match = matchTemplateHeaders(raw);
        map = match.map;
        mismatch = match.mismatch;
      }
      for (const i of drop) if (map[i] !== undefined) map[i] = null;
      validator = createRowValidator(map, headers, { onError });
      scanner = createPersonalDataScanner(raw.slice(0, headers.length));
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

/**
 * Ingests inside the caller's transaction. Returns what happened; only `stored` changed the procedure's
 * registry (rows, lots, totals). The caller commits, or rolls back for `invalid` and `refused`.
 */
export async function ingestInto(session: RawSession, options: IngestOptions): Promise<IngestOutcome> {
  const locked = await lockBriefcaseRaw(session, options.briefcaseId);
  if (!locked) throw new Error(`briefcase ${options.briefcaseId} not found`);
  // Checked again under the row lock: the procedure may have been sent on while the file was uploading.
  if (locked.status !== 'created' && locked.status !== 'pending') {
    throw new AppError(409, 'conflict', REGISTRY_MESSAGES.notEditable);
  }
  await session.query('savepoint registry_ingest');
  await clearRegistryRaw(session, options.briefcaseId);
  let read: ReadResult;
  try {
    read = await readAndStore(session, options);
  } catch (error) {
    await session.query('rollback to savepoint registry_ingest');
    if (error instanceof XlsxError) return { kind: 'refused', message: error.message };
    throw error;
  }
  const undo = () => session.query('rollback to savepoint registry_ingest');
  if (read.headers.length === 0) {
    await undo();
    return { kind: 'refused', message: REGISTRY_MESSAGES.noHeaders };
  }
  if (read.mismatch) {
    await undo();
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
    await undo();
    return { kind: 'invalid', errors: read.errors, errorCount: read.errorCount };
  }
  if (!read.columns || read.columns.count === 0) {
    await undo();
    return { kind: 'refused', message: REGISTRY_MESSAGES.noRows };
  }
  if (read.findings.length > 0 && !options.allowPersonalData) {
    await undo();
    return { kind: 'personal_data', findings: read.findings };
  }
  options.onProgress?.('lotting', 0);
  const params = defaultLotingParams(read.columns);
  const lotting = applyLotting(read.columns, params, options.asOf);
  await insertLotsRaw(session, options.briefcaseId, lotting.lots);
  await saveRegistryRaw(session, options.briefcaseId, {
    ...read.analyticTotals!,
    startPrice: lotting.startPrice,
    fileName: options.fileName ?? null,
    sourceMap: mapToSourceMap(read.map ?? []),
    excelCustom: Boolean(options.map),
    lotingParams: params,
    assignment: encodeAssignment(lotting.assignment),
    personalDataFound: read.findings.length > 0,
    findings: read.findings.length > 0 ? read.findings : null,
  });
  await saveRegistryColumnsRaw(session, 'briefcases', options.briefcaseId, columnsPieces(read.columns));
  options.onProgress?.('lotting', 1);
  return {
    kind: 'stored',
    itemsCount: read.columns.count,
    lotsCount: lotting.lots.length,
    findings: read.findings,
  };
}

export type CheckOutcome =
  | { kind: 'checked'; columns: DebtColumns; totals: RegistryTotals; findings: PersonalDataFindingJson[] }
  | Exclude<IngestOutcome, { kind: 'stored' }>;

/** The pipeline without storing rows (custom-template drafts of /api/v1/lotings): checks, analytics, columns. */
export async function checkRegistryFile(options: Omit<IngestOptions, 'briefcaseId'>): Promise<CheckOutcome> {
  let read: ReadResult;
  try {
    read = await readAndStore(null, { ...options, briefcaseId: null });
  } catch (error) {
    if (error instanceof XlsxError) return { kind: 'refused', message: error.message };
    throw error;
  }
  if (read.headers.length === 0) return { kind: 'refused', message: REGISTRY_MESSAGES.noHeaders };
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
  if (read.errorCount > 0) return { kind: 'invalid', errors: read.errors, errorCount: read.errorCount };
  if (!read.columns || read.columns.count === 0)
    return { kind: 'refused', message: REGISTRY_MESSAGES.noRows };
  if (read.findings.length > 0 && !options.allowPersonalData)
    return { kind: 'personal_data', findings: read.findings };
  return { kind: 'checked', columns: read.columns, totals: read.analyticTotals!, findings: read.findings };
}

/**
 * The whole pipeline in its own transaction, for callers without one (the benchmark, re-ingestion after the
 * personal-data decision). Outcomes other than `stored` are rolled back.
 */
export async function ingestRegistry(
  ctx: Pick<AppContext, 'db' | 'database'>,
  options: IngestOptions,
): Promise<IngestOutcome> {
  let outcome: IngestOutcome | null = null;
  try {
    await withRawTransaction(ctx, async (session) => {
      outcome = await ingestInto(session, options);
      if (outcome.kind !== 'stored') throw new Stop();
    });
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return outcome!;
}

export type { LotingParams };

/** Headers, the first rows and the suggested matching of a file, reading no further (custom-template upload). */
export async function readRegistryPreview(
  filePath: string,
): Promise<RegistryPreviewJson | { refused: string }> {
  let headers: string[] | null = null;
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
      { maxColumns: MAX_REGISTRY_COLUMNS, signal: abort.signal },
    );
  } catch (error) {
    if (error instanceof XlsxError) return { refused: error.message };
    if (!(abort.signal.aborted && abort.signal.reason instanceof Stop)) throw error;
  }
  const found = headers as string[] | null;
  if (!found || found.length === 0) return { refused: REGISTRY_MESSAGES.noHeaders };
  if (rows.length === 0) return { refused: REGISTRY_MESSAGES.noRows };
  return { headers: found, rows, suggested: suggestColumnMatch(found, rows) };
}
