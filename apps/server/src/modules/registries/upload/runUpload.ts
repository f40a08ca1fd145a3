/**
 * One registry upload, run for a new or an existing procedure (creating, replacing, matching, the personal-data
 * decision, the custom-template lotting): the pipeline of ingest/ingest.ts in one transaction, its progress on the
 * board, its outcome as the reply. A refused upload leaves nothing behind but its check report.
 */
import type { PersonalDataFinding, RegistryUploadData } from '@etp/contracts';
import { type AttributeValue, REGISTRY_ERRORS_INLINE_LIMIT } from '@etp/domain';
import { XLSX_ERROR_MESSAGES } from '@etp/xlsx';
import type { AppContext } from '../../../appContext.ts';
import { FileJobRefusal } from '../../../files/filePool.ts';
import type { AuthContext } from '../../auth/guards/routeGuards.ts';
import { CheckReport, dropReportsOf } from '../ingest/checkReport.ts';
import { clearRegistryRaw, insertBriefcaseRaw, savePendingRegistryRaw } from '../ingest/ingest.queries.ts';
import { type IngestOptions, type IngestOutcome, ingestInto } from '../ingest/ingest.ts';
import { progressBoardOf } from '../ingest/progress.ts';
import { type RawSession, withRawTransaction } from '../ingest/rawSession.ts';
import { REGISTRY_MESSAGES as M } from '../registries.messages.ts';
import { emptyUploadData, RegistryRefusal, type UploadResult } from './answer.ts';
import { dropRegistryFile, keepRegistryFile } from './keptFiles.ts';
import { keepOriginalAfterUpload } from './originalFile.ts';
import { assertZipSignature } from './receive.ts';

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
    if ('briefcaseId' in input.target) await dropReportsOf(ctx, input.target.briefcaseId, reportId);
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
