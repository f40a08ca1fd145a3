/**
 * Registry operations (one verb each): upload into a new or an existing procedure, column matching, the
 * personal-data decisions, reloting and deletion. Every upload runs the pipeline of ingest/ingest.ts in one
 * transaction; a refused upload leaves nothing behind but its check report.
 */
import type { PersonalDataFinding, RegistryUploadData } from '@etp/contracts';
import {
  ATTRIBUTE_VALUES,
  type AttributeValue,
  REGISTRY_ATTRIBUTES,
  REGISTRY_ERRORS_INLINE_LIMIT,
  REQUIRED_ATTRIBUTES,
} from '@etp/domain';
import { XLSX_ERROR_MESSAGES } from '@etp/xlsx';
import type { AppContext } from '../../appContext.ts';
import { FileJobRefusal } from '../../files/filePool.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { enforce } from '../../http/verdict.ts';
import { storageOf } from '../../storage/storageOf.ts';
import type { AuthContext } from '../auth/guards.ts';
import { CheckReport } from './ingest/checkReport.ts';
import { type IngestOptions, type IngestOutcome, ingestInto } from './ingest/ingest.ts';
import { progressBoardOf } from './ingest/progress.ts';
import { type RawSession, withRawTransaction } from './ingest/rawSession.ts';
import { REGISTRY_MESSAGES as M } from './registries.messages.ts';
import { canChangeRegistry, canCreateFor, canManageRegistry, isMemberOf } from './registries.policy.ts';
import {
  clearRegistryRaw,
  deleteBriefcaseRow,
  deleteReportsOf,
  findRegistryBriefcase,
  findReport,
  insertBriefcaseRaw,
  savePendingRegistryRaw,
  updateBriefcaseFlags,
} from './registries.queries.ts';
import { dropRegistryFile, keepRegistryFile, keptRegistryPath } from './upload/keptFiles.ts';
import { dropKeptFiles, keepOriginalAfterUpload } from './upload/originalFile.ts';
import { assertZipSignature } from './upload/receive.ts';

/** An upload answered with status error: the HTTP code, message, field errors and the reply's data. */
export class RegistryRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: Record<string, string[]>,
    readonly data: RegistryUploadData,
  ) {
    super(message);
  }
}

export interface UploadResult {
  message: string;
  data: RegistryUploadData;
}

export const emptyUploadData = (briefcaseId: number | null): RegistryUploadData => ({
  briefcase_id: briefcaseId,
  items_count: 0,
  lots_count: 0,
  excel_custom: false,
  personal_data_found: false,
  personal_data: [],
  report_id: null,
  errors_count: 0,
  preview: null,
  warnings: [],
});

export type RegistryBriefcase = NonNullable<Awaited<ReturnType<typeof findRegistryBriefcase>>>;

/** The procedure when its user may manage the registry; by default to change it (`canChangeRegistry`). */
export async function requireManagedBriefcase(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  options: { editable?: boolean; wholeProcedure?: boolean } = { editable: true },
): Promise<RegistryBriefcase> {
  const briefcase = await findRegistryBriefcase(ctx.db, id);
  if (!briefcase || !canManageRegistry(auth, briefcase)) throw notFound(M.notFound);
  if (options.editable !== false) enforce(canChangeRegistry(briefcase, options.wholeProcedure));
  return briefcase;
}

interface RunInput {
  auth: AuthContext;
  companyId: number;
  filePath: string;
  fileName: string | null;
  uploadId: string | null;
  /** Creates the procedure inside the transaction (POST /briefcases), or names an existing one. */
  target: { create: { auctionType: string } } | { briefcaseId: number };
  map?: (AttributeValue | null)[];
  allowPersonalData?: boolean;
  dropColumns?: number[];
  /** The upload is already a kept file (matching, personal-data decision): keep it until ingested. */
  keptKey?: string | null;
  /**
   * The seller's matching of a kept custom file (map_registry): once stored, the file and its preview stay, so
   * the matching can be reopened and checked again while the procedure is a draft (decisions/0201).
   */
  keepMatchingFile?: boolean;
  /** Rows per sheet of the check report (tests); default as many as a sheet holds. */
  reportSheetRows?: number;
}

const findingsOf = (outcome: IngestOutcome): PersonalDataFinding[] =>
  outcome.kind === 'stored' || outcome.kind === 'personal_data' ? outcome.findings : [];

function inlineErrors(outcome: Extract<IngestOutcome, { kind: 'invalid' }>): Record<string, string[]> {
  return {
    source: outcome.errors
      .slice(0, REGISTRY_ERRORS_INLINE_LIMIT)
      .map((e) => `Строка ${e.row}${e.column ? `, столбец ${e.column}` : ''}: ${e.message}`),
  };
}

class Rollback extends Error {
  constructor(readonly outcome: IngestOutcome) {
    super('rollback');
  }
}

/**
 * Runs the pipeline for a new or an existing procedure and turns its outcome into the reply: stored (ok),
 * headers not the template's (ok + matching preview), personal data (error, the procedure waits for the
 * seller's decision), invalid rows (error + check report) or a refused file (error). Refusals roll back.
 */
export async function runUpload(ctx: AppContext, input: RunInput): Promise<UploadResult> {
  const board = progressBoardOf(ctx);
  const userId = input.auth.user.id;
  board.set(input.uploadId, userId, 'checking', 0);
  let briefcaseId: number | null = 'briefcaseId' in input.target ? input.target.briefcaseId : null;
  let outcome: IngestOutcome;
  let keptKey: string | null = null;
  const report = new CheckReport(input.reportSheetRows);
  let reportId: string | null = null;
  try {
    if (!input.keptKey) await assertZipSignature(input.filePath);
    outcome = await withRawTransaction(
      ctx,
      async (session: RawSession) => {
        if ('create' in input.target) {
          briefcaseId = await insertBriefcaseRaw(session, {
            companyId: input.companyId,
            userId,
            auctionType: input.target.create.auctionType,
            creatorType: input.auth.user.role === 'admin' ? 'admin' : 'user',
          });
        }
        const options: IngestOptions = {
          briefcaseId: briefcaseId!,
          filePath: input.filePath,
          fileName: input.fileName,
          map: input.map,
          keepMatchingFile: Boolean(input.keepMatchingFile && input.keptKey),
          allowPersonalData: input.allowPersonalData,
          dropColumns: input.dropColumns,
          report,
          onQueued: (position) => {
            if (position > 0) board.set(input.uploadId, userId, 'queued', 0, position);
          },
          onProgress: (phase, fraction) =>
            board.set(
              input.uploadId,
              userId,
              phase,
              phase === 'checking' ? fraction * 90 : phase === 'storing' ? 92 : 95 + fraction * 4,
            ),
        };
        const result = await ingestInto(session, options);
        if (result.kind === 'invalid' || result.kind === 'refused') throw new Rollback(result);
        if (result.kind === 'mismatch' || result.kind === 'personal_data') {
          // The file waits for the seller: matching, or the personal-data decision. The old registry goes.
          await clearRegistryRaw(session, briefcaseId!);
          keptKey = input.keptKey ?? (await keepRegistryFile(ctx, input.filePath));
          await savePendingRegistryRaw(session, briefcaseId!, {
            fileName: input.fileName,
            registryKey: keptKey,
            preview: result.kind === 'mismatch' ? result.preview : null,
            excelCustom: result.kind === 'mismatch' || Boolean(input.map),
            sourceMap: input.map
              ? Object.fromEntries(input.map.flatMap((v, i) => (v ? [[String(i), v]] : [])))
              : null,
            findings: result.kind === 'personal_data' ? result.findings : null,
          });
        }
        return result;
      },
      { fileWork: true },
    );
  } catch (error) {
    if (keptKey && keptKey !== input.keptKey) await dropRegistryFile(ctx, keptKey);
    board.set(input.uploadId, userId, 'failed', 100);
    const createdNothing = 'create' in input.target ? null : briefcaseId;
    if (error instanceof FileJobRefusal) {
      throw new RegistryRefusal(
        error.reason === 'busy' ? 503 : 422,
        M.processingFailed,
        { source: [error.message] },
        emptyUploadData(createdNothing),
      );
    }
    if (!(error instanceof Rollback)) throw error;
    outcome = error.outcome;
    if (outcome.kind === 'invalid') {
      // The rows' errors are the answer even when their report cannot be kept (a full disk, the store down).
      reportId = await report
        .store(ctx, { briefcaseId: createdNothing, companyId: input.companyId, userId: input.auth.user.id })
        .catch(() => null);
      const many = outcome.errorCount > REGISTRY_ERRORS_INLINE_LIMIT;
      throw new RegistryRefusal(422, many ? M.manyErrors : M.processingFailed, inlineErrors(outcome), {
        ...emptyUploadData(createdNothing),
        warnings: outcome.warnings ?? [],
        report_id: reportId,
        errors_count: outcome.errorCount,
      });
    }
    const refused = outcome as Extract<IngestOutcome, { kind: 'refused' }>;
    const wrong = refused.message === M.wrongFormat || refused.message === XLSX_ERROR_MESSAGES.xls;
    throw new RegistryRefusal(
      422,
      wrong ? M.wrongFormat : M.processingFailed,
      { source: [refused.message] },
      { ...emptyUploadData(createdNothing), warnings: refused.warnings ?? [] },
    );
  } finally {
    // A report that was not stored (any outcome but invalid rows, or a failure) leaves no file.
    await report.discard();
    // The reports of the procedure's earlier uploads describe files that are gone: only the latest is kept.
    if ('briefcaseId' in input.target) await dropReports(ctx, input.target.briefcaseId, reportId);
  }
  board.set(input.uploadId, userId, 'done', 100);
  await keepOriginalAfterUpload(ctx, briefcaseId, input, outcome);
  const data: RegistryUploadData = {
    ...emptyUploadData(briefcaseId),
    personal_data: findingsOf(outcome),
    personal_data_found: findingsOf(outcome).length > 0,
    warnings: outcome.warnings ?? [],
  };
  switch (outcome.kind) {
    case 'stored':
      return {
        message: M.uploaded,
        data: {
          ...data,
          items_count: outcome.itemsCount,
          lots_count: outcome.lotsCount,
          excel_custom: Boolean(input.map),
        },
      };
    case 'mismatch':
      return { message: M.headersMismatch, data: { ...data, excel_custom: true, preview: outcome.preview } };
    case 'personal_data':
      throw new RegistryRefusal(
        422,
        M.personalData,
        { source: [M.personalData] },
        { ...data, personal_data_found: true },
      );
    default:
      throw new Error('unreachable');
  }
}

/** POST /api/v1/briefcases: a new procedure (state created) of the company, with its registry. */
export async function createBriefcaseWithRegistry(
  ctx: AppContext,
  auth: AuthContext,
  input: {
    companyId: number;
    auctionType: string;
    filePath: string;
    fileName: string | null;
    uploadId: string | null;
  },
): Promise<UploadResult> {
  if (!canCreateFor(auth, input.companyId)) {
    throw forbidden(isMemberOf(auth, input.companyId) ? M.notASeller : M.companyForbidden);
  }
  return runUpload(ctx, { ...input, auth, target: { create: { auctionType: input.auctionType } } });
}

/** POST /api/v1/briefcases/{id}/source: replaces the registry of a created or pending procedure. */
export async function replaceRegistry(
  ctx: AppContext,
  auth: AuthContext,
  briefcaseId: number,
  input: { filePath: string; fileName: string | null; uploadId: string | null },
): Promise<UploadResult> {
  const briefcase = await requireManagedBriefcase(ctx, auth, briefcaseId);
  // The same rule as creating: a company that lost its seller flag or good standing changes no registry.
  if (!canCreateFor(auth, briefcase.companyId)) throw forbidden(M.notASeller);
  const previousKey = briefcase.registryKey;
  const result = await runUpload(ctx, {
    ...input,
    auth,
    companyId: briefcase.companyId,
    target: { briefcaseId },
  });
  if (previousKey) await dropRegistryFile(ctx, previousKey);
  return result;
}

/** Turns a `source_map` body into the column → attribute array, refusing unknown, repeated or missing ones. */
export function parseSourceMap(
  sourceMap: Record<string, string | null>,
  width: number,
): (AttributeValue | null)[] {
  const map: (AttributeValue | null)[] = Array.from({ length: width }, () => null);
  const seen = new Set<string>();
  for (const [column, value] of Object.entries(sourceMap)) {
    if (value === null || value === '') continue;
    const index = Number(column);
    if (!(ATTRIBUTE_VALUES as readonly string[]).includes(value) || index >= width) {
      throw new AppError(422, 'validation_failed', M.unknownAttribute, { source_map: [M.unknownAttribute] });
    }
    if (seen.has(value)) {
      throw new AppError(422, 'validation_failed', M.duplicateAttribute, {
        source_map: [M.duplicateAttribute],
      });
    }
    seen.add(value);
    map[index] = value as AttributeValue;
  }
  const missing = REQUIRED_ATTRIBUTES.filter((v) => !seen.has(v));
  if (missing.length > 0) {
    const names = missing.map((v) => REGISTRY_ATTRIBUTES.find((a) => a.value === v)?.text ?? v).join(', ');
    throw new AppError(422, 'validation_failed', M.requiredUnmatched(names), {
      source_map: [M.requiredUnmatched(names)],
    });
  }
  return map;
}

/** PUT /api/v1/briefcases/{id}/map_registry: ingests the kept custom file with the seller's matching. */
export async function mapBriefcaseRegistry(
  ctx: AppContext,
  auth: AuthContext,
  briefcaseId: number,
  sourceMap: Record<string, string | null>,
  uploadId: string | null = null,
): Promise<UploadResult> {
  const briefcase = await requireManagedBriefcase(ctx, auth, briefcaseId);
  if (!briefcase.registryKey || !briefcase.registryPreview) {
    throw new AppError(409, 'conflict', M.noPendingFile);
  }
  const map = parseSourceMap(sourceMap, briefcase.registryPreview.headers.length);
  return runUpload(ctx, {
    auth,
    companyId: briefcase.companyId,
    filePath: keptRegistryPath(ctx, briefcase.registryKey),
    fileName: briefcase.registryFileName,
    uploadId,
    target: { briefcaseId },
    map,
    keptKey: briefcase.registryKey,
    keepMatchingFile: true,
  });
}

/**
 * The personal-data decision (skip_validation and custom_skip_validation by an administrator,
 * personal_data_agree by the owner): the kept file is ingested with the columns holding personal data dropped.
 */
export async function ingestDespitePersonalData(
  ctx: AppContext,
  auth: AuthContext,
  briefcase: RegistryBriefcase,
  flag: 'personalDataSkipped' | 'personalDataAgreement',
): Promise<UploadResult> {
  if (!briefcase.registryKey || !briefcase.personalDataFound)
    throw new AppError(409, 'conflict', M.noPersonalData);
  const dropColumns = [...new Set((briefcase.personalDataFindings ?? []).map((f) => f.columnIndex))];
  const map = briefcase.excelCustom && briefcase.sourceMap ? sourceMapArray(briefcase.sourceMap) : undefined;
  const result = await runUpload(ctx, {
    auth,
    companyId: briefcase.companyId,
    filePath: keptRegistryPath(ctx, briefcase.registryKey),
    fileName: briefcase.registryFileName,
    uploadId: null,
    target: { briefcaseId: briefcase.id },
    map,
    allowPersonalData: true,
    dropColumns,
    keptKey: briefcase.registryKey,
  });
  await updateBriefcaseFlags(ctx.db, briefcase.id, { [flag]: true });
  return result;
}

function sourceMapArray(sourceMap: Record<string, string>): (AttributeValue | null)[] {
  const width = Math.max(0, ...Object.keys(sourceMap).map((k) => Number(k) + 1));
  const map: (AttributeValue | null)[] = Array.from({ length: width }, () => null);
  for (const [k, v] of Object.entries(sourceMap)) map[Number(k)] = v as AttributeValue;
  return map;
}

/** Deletes the procedure's check reports (rows and files), all or all but `except`. */
async function dropReports(
  ctx: AppContext,
  briefcaseId: number,
  except: string | null = null,
): Promise<void> {
  const reports = await deleteReportsOf(ctx.db, briefcaseId, except);
  for (const report of reports) await storageOf(ctx).delete(report.storageKey);
}

/** DELETE /api/v1/briefcases/{id}: the procedure with its rows, lots, reports and kept file. */
export async function deleteBriefcase(
  ctx: AppContext,
  auth: AuthContext,
  briefcaseId: number,
): Promise<void> {
  const briefcase = await requireManagedBriefcase(ctx, auth, briefcaseId, { wholeProcedure: true });
  await dropReports(ctx, briefcaseId);
  if (briefcase.registryReportId) {
    const report = await findReport(ctx.db, briefcase.registryReportId);
    if (report) await storageOf(ctx).delete(report.storageKey);
  }
  await dropKeptFiles(ctx, briefcase);
  await deleteBriefcaseRow(ctx.db, briefcaseId);
}
