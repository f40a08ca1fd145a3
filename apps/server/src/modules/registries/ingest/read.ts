/**
 * The reading half of registry ingestion, run in a file worker (docs/decisions/0045, 0090): the jobs the main
 * thread sends. An ingest reads the first visible sheet, or the one holding the template's headers, through
 * sheetReader.ts (header search → row pipeline → rows stored as COPY batches by the main thread),
 * writes every error to the check report here, and ends in the default lotting. The main thread gets compact
 * results only.
 */
import { rm } from 'node:fs/promises';
import { type AttributeValue, type DebtColumns, type RegistryError, suggestColumnMatch } from '@etp/domain';
import { SheetsWriter, XlsxError } from '@etp/xlsx';
import type { PersonalDataFindingJson, RegistryPreviewJson } from '../../../db/schema/index.ts';
import type { JobContext } from '../../../files/fileWorker.ts';
import {
  applyLotting,
  defaultLotingParams,
  type LotingParams,
  type LottingOutcome,
} from '../../lotings/lotting/applyLotting.ts';
import { REGISTRY_MESSAGES } from '../registries.messages.ts';
import { REPORT_HEADERS, REPORT_WIDTHS } from './checkReportLayout.ts';
import { HEADER_SEARCH_ROWS, HEADER_SEARCH_SHEETS } from './headerSearch.ts';
import type { RegistryTotals } from './ingest.queries.ts';
import type { RawSession } from './rawSession.ts';
import type { ErrorSink } from './rowPipeline.ts';
import { type ReadResult, readAndStore, readRegistryPreview, sheetTemplateHeaders } from './sheetReader.ts';
import { columnsPieces } from './snapshot.ts';

/**
 * A piece of the columns' snapshot sent to the main thread: on PGlite each is one statement on the thread that
 * answers bids, so it is kept small.
 */
const SNAPSHOT_PIECE_BYTES = 1 << 20;

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
      /** The debts' typed columns; null when the rows were stored: their snapshot was sent in pieces (`snapshot`). */
      columns: DebtColumns | null;
      /** The registry's debts. */
      count: number;
      totals: RegistryTotals;
      params: LotingParams;
      lotting: Omit<LottingOutcome, 'drafts'>;
      /** The sheet (readFirstSheet's `sheet`) and the row the headers were found in: the file's layout. */
      source: { sheet: number; headerRow: number };
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
  let sheetRead = 0;
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
          sheetRead = sheet;
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
  // Stored rows: the columns' snapshot goes to the main thread piece by piece, as the rows' batches went, and the
  // columns stay here (decisions/0273). A piece is copied out of its column, so no column is sent whole with it.
  const stored = job.briefcaseId !== null;
  if (stored)
    for (const piece of columnsPieces(read.columns, SNAPSHOT_PIECE_BYTES))
      await context.call<void>('snapshot', piece.slice());
  return {
    kind: 'read',
    map: read.map ?? [],
    findings: read.findings,
    columns: stored ? null : read.columns,
    count: read.columns.count,
    totals,
    params,
    lotting,
    source: { sheet: sheetRead, headerRow: read.headerRow },
  };
}

export interface PreviewJob {
  filePath: string;
}

export const previewRegistryFile = (job: PreviewJob) => readRegistryPreview(job.filePath);
