/**
 * The registry ingestion pipeline (docs/decisions/0045, 0046, 0090). The file is read in a file worker
 * (ingest/read.ts): header match, per-row checks, analytics, typed columns, the rows encoded for COPY, lotting.
 * This thread only stores what the worker sends (COPY batches, the columns' snapshot in pieces, then the lots and
 * totals) in one transaction; every outcome that is not `stored` leaves the registry as it was (rows rolled back
 * to a savepoint).
 */
import type { AttributeValue, DebtColumns, RegistryError } from '@etp/domain';
import type { AppContext } from '../../../appContext.ts';
import type { PersonalDataFindingJson, RegistryPreviewJson } from '../../../db/schema/index.ts';
import { filePool } from '../../../files/filePool.ts';
import { pacedCopy } from '../../../files/ingestPacing.ts';
import { AppError } from '../../../http/errors.ts';
import type { LotingParams, LottingOutcome } from '../../lotings/lotting/applyLotting.ts';
import { insertLotsRaw } from '../../lotings/lotting/lotRows.queries.ts';
import { REGISTRY_MESSAGES } from '../registries.messages.ts';
import { CheckReport } from './checkReport.ts';
import {
  checkRowsAgain,
  clearRegistryRaw,
  copyRegistryRows,
  lockBriefcaseRaw,
  type RegistryTotals,
  rollbackToIngestSavepoint,
  savepointIngest,
  saveRegistryRaw,
  skipRowChecks,
} from './ingest.queries.ts';
import { type RawSession, withRawTransaction } from './rawSession.ts';
import type { IngestJobResult } from './read.ts';
import type { IngestPhase, PreviewResult } from './sheetReader.ts';
import { type SnapshotWriter, snapshotWriter } from './snapshot.queries.ts';
import { encodeAssignment } from './snapshot.ts';

export interface IngestOptions {
  briefcaseId: number;
  filePath: string;
  fileName?: string | null;
  /** The seller's matching, column index → attribute (custom templates); absent: the platform template. */
  map?: (AttributeValue | null)[];
  /** Columns (0-based) dropped before validation: the personal-data columns after a skip or an agreement. */
  dropColumns?: readonly number[];
  /** Stored: the kept custom file and its preview stay on the procedure, so its matching can be reopened. */
  keepMatchingFile?: boolean;
  /** Ingest even when personal data is found (skip_validation, personal_data_agree): its columns are dropped. */
  allowPersonalData?: boolean;
  onProgress?: (phase: IngestPhase, fraction: number) => void;
  /** Waiting for a file worker: the position in the queue (0 once reading starts). */
  onQueued?: (position: number) => void;
  /** Receives every error (the check report, written by the worker); the outcome keeps only the first ones. */
  report?: CheckReport;
  /** The registry's date for ages; default today. */
  asOf?: string;
}

export type IngestOutcome = (
  | {
      kind: 'stored';
      itemsCount: number;
      lotsCount: number;
      findings: PersonalDataFindingJson[];
      /** Where in the file the rows were read (decisions/0264: the kept original is cut by it). */
      source: { sheet: number; headerRow: number };
    }
  /** The headers are not the template's: the seller matches the columns (preview + suggestion). */
  | { kind: 'mismatch'; preview: RegistryPreviewJson }
  | { kind: 'personal_data'; findings: PersonalDataFindingJson[] }
  /** `errors`: the first REGISTRY_ERRORS_INLINE_LIMIT of the `errorCount` (all of them went to `report`). */
  | { kind: 'invalid'; errors: RegistryError[]; errorCount: number }
  /** The file itself is refused (not xlsx, bomb, empty...): a Russian message. */
  | { kind: 'refused'; message: string }
) & {
  /** Where the registry was read from, when the seller should know (hidden sheets, another sheet or row). */
  warnings?: string[];
};

/** The matching as stored on the procedure: column index → attribute. */
function mapToSourceMap(map: readonly (AttributeValue | null)[]): Record<string, string> {
  const out: Record<string, string> = {};
  map.forEach((value, i) => {
    if (value) out[String(i)] = value;
  });
  return out;
}

class Stop extends Error {}

/**
 * Reads the file in a file worker. With `session`, the rows it sends are stored there as they come (COPY); the
 * check report, when the worker wrote one, is left at `report.path` with `report.count` errors.
 */
async function readInWorker(
  session: RawSession | null,
  briefcaseId: number | null,
  options: Omit<IngestOptions, 'briefcaseId'>,
  /** Before the first piece of the snapshot is stored: the rows are all copied by then. */
  rowsCopied?: () => Promise<void>,
): Promise<IngestJobResult> {
  const report = options.report ?? new CheckReport();
  let snapshot: SnapshotWriter | null = null;
  try {
    const result = await filePool().run(
      {
        kind: 'ingest',
        filePath: options.filePath,
        map: options.map,
        dropColumns: options.dropColumns ? [...options.dropColumns] : undefined,
        allowPersonalData: options.allowPersonalData,
        asOf: options.asOf,
        briefcaseId: session ? briefcaseId : null,
        reportPath: report.path,
        reportSheetRows: report.maxRowsPerSheet,
      },
      {
        onQueued: options.onQueued,
        onProgress: (phase, fraction) => options.onProgress?.(phase as IngestPhase, fraction),
        onCall: async (name, payload) => {
          if ((name !== 'copy' && name !== 'snapshot') || !session || !(payload instanceof Uint8Array)) {
            throw new Error(`unexpected call ${name} from the file worker`);
          }
          if (name === 'snapshot') {
            // The columns' snapshot, piece by piece, once the rows are read (decisions/0273).
            if (!snapshot) {
              await rowsCopied?.();
              snapshot = await snapshotWriter(session, 'briefcases', briefcaseId!);
            }
            await snapshot.add(payload);
            return;
          }
          // Bids first (decisions 0151, 0220): while bids arrive, the batch goes in short slices, spaced out.
          await pacedCopy(payload, (slice) => copyRegistryRows(session, slice));
        },
      },
    );
    if (result.kind === 'invalid') report.count = result.errorCount;
    return result;
  } finally {
    if (!options.report) await report.discard();
  }
}

/**
 * Ingests inside the caller's transaction. Returns what happened; only `stored` changed the procedure's
 * registry (rows, lots, totals). The caller commits, or rolls back for `invalid` and `refused`.
 * A limit of the file workers (memory, time, queue) is thrown as FileJobRefusal.
 */
export async function ingestInto(session: RawSession, options: IngestOptions): Promise<IngestOutcome> {
  const locked = await lockBriefcaseRaw(session, options.briefcaseId);
  if (!locked) throw new Error(`briefcase ${options.briefcaseId} not found`);
  // Checked again under the row lock: the procedure may have been sent on while the file was uploading.
  if (locked.status !== 'created' && locked.status !== 'pending') {
    throw new AppError(409, 'conflict', REGISTRY_MESSAGES.notEditable);
  }
  await savepointIngest(session);
  await clearRegistryRaw(session, options.briefcaseId);
  let skipped = await skipRowChecks(session);
  // The per-row checks come back once the rows are copied, before anything else is stored.
  const checkAgain = async () => {
    if (skipped) await checkRowsAgain(session);
    skipped = false;
  };
  let read: IngestJobResult;
  try {
    read = await readInWorker(session, options.briefcaseId, options, checkAgain);
  } catch (error) {
    await rollbackToIngestSavepoint(session);
    throw error;
  }
  if (read.kind !== 'read') {
    await rollbackToIngestSavepoint(session);
    return read;
  }
  await checkAgain();
  options.onProgress?.('lotting', 0.5);
  await storeRead(session, options, read);
  options.onProgress?.('lotting', 1);
  return {
    kind: 'stored',
    itemsCount: read.count,
    lotsCount: read.lotting.lots.length,
    findings: read.findings,
    source: read.source,
    warnings: read.warnings,
  };
}

async function storeRead(
  session: RawSession,
  options: IngestOptions,
  read: Extract<IngestJobResult, { kind: 'read' }>,
): Promise<void> {
  await insertLotsRaw(session, options.briefcaseId, read.lotting.lots);
  await saveRegistryRaw(session, options.briefcaseId, {
    ...read.totals,
    fileName: options.fileName ?? null,
    sourceMap: mapToSourceMap(read.map),
    excelCustom: Boolean(options.map),
    lotingParams: read.params,
    assignment: encodeAssignment(read.lotting.assignment),
    personalDataFound: read.findings.length > 0,
    findings: read.findings.length > 0 ? read.findings : null,
    keepMatchingFile: Boolean(options.keepMatchingFile),
  });
  // The columns' snapshot was stored as the worker sent it (readInWorker).
}

export type CheckOutcome =
  | {
      kind: 'checked';
      columns: DebtColumns;
      totals: RegistryTotals;
      findings: PersonalDataFindingJson[];
      params: LotingParams;
      lotting: Omit<LottingOutcome, 'drafts'>;
    }
  | Exclude<IngestOutcome, { kind: 'stored' }>;

/** The pipeline without storing rows (custom-template drafts of /api/v1/lotings): checks, analytics, lotting. */
export async function checkRegistryFile(options: Omit<IngestOptions, 'briefcaseId'>): Promise<CheckOutcome> {
  const read = await readInWorker(null, null, options);
  if (read.kind !== 'read') return read;
  if (!read.columns) throw new Error('a checked registry comes with its columns');
  return {
    kind: 'checked',
    columns: read.columns,
    totals: read.totals,
    findings: read.findings,
    params: read.params,
    lotting: read.lotting,
  };
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
    await withRawTransaction(
      ctx,
      async (session) => {
        outcome = await ingestInto(session, options);
        if (outcome.kind !== 'stored') throw new Stop();
      },
      { fileWork: true },
    );
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return outcome!;
}

/** Headers, the first rows and the suggested matching of a file, reading no further (custom-template upload). */
export async function readRegistryPreview(
  filePath: string,
  onQueued?: (position: number) => void,
): Promise<PreviewResult> {
  return filePool().run({ kind: 'preview', filePath }, { onQueued });
}
