/**
 * Custom-template lotting without a procedure (/api/v1/lotings, docs/decisions/0047): the seller uploads a
 * registry of their own layout, matches its columns (with suggestions), and lots it; the draft holds the kept
 * file, the typed columns and the drafted lots. POST /api/v1/briefcases with `from_loting` turns it into a
 * procedure through the same pipeline.
 */
import type { LotingParamsInput } from '@etp/contracts';
import { LottingError, lottingPriceLimits, REGISTRY_ERRORS_INLINE_LIMIT } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import { FileJobRefusal } from '../../files/filePool.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { CheckReport, dropReport } from '../registries/ingest/checkReport.ts';
import { checkRegistryFile, readRegistryPreview } from '../registries/ingest/ingest.ts';
import { withRawTransaction } from '../registries/ingest/rawSession.ts';
import {
  loadRegistrySnapshot,
  saveLotingSnapshot,
  saveRegistryColumnsRaw,
} from '../registries/ingest/snapshot.queries.ts';
import { columnsPieces, decodeColumns, encodeAssignment } from '../registries/ingest/snapshot.ts';
import { parseSourceMap } from '../registries/matching.service.ts';
import { REGISTRY_MESSAGES as M } from '../registries/registries.messages.ts';
import { canCreateFor, isAdministrator, isMemberOf } from '../registries/registries.policy.ts';
import { emptyUploadData, RegistryRefusal, type UploadResult } from '../registries/upload/answer.ts';
import { dropRegistryFile, keepRegistryFile, keptRegistryPath } from '../registries/upload/keptFiles.ts';
import { assertZipSignature } from '../registries/upload/receive.ts';
import { runUpload } from '../registries/upload/runUpload.ts';
import { presentLotFigures } from './briefcaseLots.service.ts';
import { deleteLoting, findLoting, type LotingRow, replaceLoting, updateLoting } from './lotings.queries.ts';
import { applyLotting } from './lotting/applyLotting.ts';

const draftLot = (lot: ReturnType<typeof applyLotting>['lots'][number]) => ({
  ...presentLotFigures(lot),
  analytics: lot.analytics,
});

function presentLoting(row: LotingRow) {
  return {
    id: row.id,
    company_id: row.companyId,
    registry_file_name: row.registryFileName,
    preview: row.registryPreview,
    source_map: row.sourceMap ?? {},
    loting_params: row.lotingParams,
    registry_report_id: row.registryReportId,
    personal_data_found: row.personalDataFound,
    personal_data: row.personalDataFindings ?? [],
    lots: row.lots ?? [],
    totals: row.totals,
  };
}

/** A file job whose limit (memory, time, queue) was reached is the seller's refusal, naming the limit. */
async function readFileJob<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof FileJobRefusal)) throw error;
    throw new RegistryRefusal(
      error.reason === 'busy' ? 503 : 422,
      M.processingFailed,
      { source: [error.message] },
      emptyUploadData(null),
    );
  }
}

async function requireDraft(ctx: AppContext, auth: AuthContext): Promise<LotingRow> {
  const row = await findLoting(ctx.db, auth.user.id);
  if (!row) throw new AppError(404, 'not_found', M.lotingEmpty);
  return row;
}

/** Why a registry is refused: the caller's own company may not sell (told so), or the company is not theirs. */
function refusedSeller(auth: AuthContext, companyId: number | null) {
  const own = companyId === null || isMemberOf(auth, companyId);
  return forbidden(own ? M.notASeller : M.companyForbidden);
}

/** POST /api/v1/lotings/create_custom: keeps the file and answers its headers, first rows and suggestions. */
export async function createCustom(
  ctx: AppContext,
  auth: AuthContext,
  input: { filePath: string; fileName: string | null; companyId: number | null },
): Promise<UploadResult> {
  // A custom template is a registry too (issue 20 part 5): only for a company that may create procedures, and
  // never without one but for an administrator, who names the company when the procedure is made (a user of no
  // company used to have the file kept).
  const companyId = input.companyId ?? auth.company?.id ?? null;
  const allowed = companyId === null ? isAdministrator(auth) : canCreateFor(auth, companyId);
  if (!allowed) throw refusedSeller(auth, companyId);
  await assertZipSignature(input.filePath);
  const read = await readFileJob(() => readRegistryPreview(input.filePath));
  if ('refused' in read) {
    const wrong = read.refused === M.wrongFormat;
    throw new RegistryRefusal(
      422,
      wrong ? M.wrongFormat : M.processingFailed,
      { source: [read.refused] },
      emptyUploadData(null),
    );
  }
  const { preview, warnings } = read;
  const previous = await findLoting(ctx.db, auth.user.id);
  const key = await keepRegistryFile(ctx, input.filePath);
  try {
    await replaceLoting(ctx.db, {
      userId: auth.user.id,
      companyId,
      registryKey: key,
      registryFileName: input.fileName,
      registryPreview: preview,
    });
  } catch (error) {
    // Nothing half-done: the kept file goes, the previous draft stays; the error is rethrown without the rows.
    await dropRegistryFile(ctx, key);
    throw new Error(`the custom-template draft of user ${auth.user.id} was not stored`, {
      cause: (error as { code?: string }).code,
    });
  }
  if (previous) {
    await dropRegistryFile(ctx, previous.registryKey);
    await dropReport(ctx, previous.registryReportId);
  }
  return { message: M.uploaded, data: { ...emptyUploadData(null), excel_custom: true, preview, warnings } };
}

/** PUT /api/v1/lotings/map_registry and remaped_registry: checks the kept file with the matching and lots it. */
export async function mapLoting(
  ctx: AppContext,
  auth: AuthContext,
  sourceMap: Record<string, string | null>,
): Promise<UploadResult> {
  const draft = await requireDraft(ctx, auth);
  if (!draft.registryKey || !draft.registryPreview) throw new AppError(409, 'conflict', M.noPendingFile);
  const map = parseSourceMap(sourceMap, draft.registryPreview.headers.length);
  const report = new CheckReport();
  try {
    return await checkAndLot(ctx, auth, draft, keptRegistryPath(ctx, draft.registryKey), map, report);
  } finally {
    await report.discard();
  }
}

async function checkAndLot(
  ctx: AppContext,
  auth: AuthContext,
  draft: LotingRow,
  filePath: string,
  map: ReturnType<typeof parseSourceMap>,
  report: CheckReport,
): Promise<UploadResult> {
  const stored = Object.fromEntries(map.flatMap((v, i) => (v ? [[String(i), v]] : [])));
  const outcome = await readFileJob(() => checkRegistryFile({ filePath, map, report }));
  switch (outcome.kind) {
    case 'invalid': {
      const id = await report.store(ctx, {
        briefcaseId: null,
        companyId: draft.companyId ?? auth.company?.id ?? null,
        userId: auth.user.id,
      });
      await updateLoting(ctx.db, auth.user.id, { registryReportId: id, sourceMap: stored });
      // A draft keeps the report of its latest check only.
      await dropReport(ctx, draft.registryReportId);
      const many = outcome.errorCount > REGISTRY_ERRORS_INLINE_LIMIT;
      throw new RegistryRefusal(
        422,
        many ? M.manyErrors : M.processingFailed,
        {
          source: outcome.errors
            .slice(0, REGISTRY_ERRORS_INLINE_LIMIT)
            .map((e) => `Строка ${e.row}, столбец ${e.column}: ${e.message}`),
        },
        { ...emptyUploadData(null), report_id: id, errors_count: outcome.errorCount, excel_custom: true },
      );
    }
    case 'refused':
      throw new RegistryRefusal(
        422,
        M.processingFailed,
        { source: [outcome.message] },
        emptyUploadData(null),
      );
    case 'personal_data':
      await updateLoting(ctx.db, auth.user.id, {
        personalDataFound: true,
        personalDataFindings: outcome.findings,
        sourceMap: stored,
        registryReportId: null,
      });
      await dropReport(ctx, draft.registryReportId);
      throw new RegistryRefusal(
        422,
        M.personalData,
        { source: [M.personalData] },
        {
          ...emptyUploadData(null),
          excel_custom: true,
          personal_data_found: true,
          personal_data: outcome.findings,
        },
      );
    case 'mismatch':
      throw new Error('a matched registry cannot mismatch');
    case 'checked': {
      const { params, lotting } = outcome;
      // In pieces, as an upload stores a procedure's (decisions/0051): no snapshot-sized parameter.
      await withRawTransaction(ctx, (session) =>
        saveRegistryColumnsRaw(session, 'lotings', draft.id, columnsPieces(outcome.columns)),
      );
      await saveLotingSnapshot(ctx.db, draft.id, { assignment: encodeAssignment(lotting.assignment) });
      await updateLoting(ctx.db, auth.user.id, {
        sourceMap: stored,
        registryReportId: null,
        personalDataFound: false,
        personalDataFindings: null,
        lotingParams: params,
        lots: lotting.lots.map(draftLot),
        totals: { ...outcome.totals },
      });
      await dropReport(ctx, draft.registryReportId);
      return {
        message: M.uploaded,
        data: {
          ...emptyUploadData(null),
          excel_custom: true,
          items_count: outcome.columns.count,
          lots_count: lotting.lots.length,
        },
      };
    }
  }
}

export async function lotingState(ctx: AppContext, auth: AuthContext) {
  return presentLoting(await requireDraft(ctx, auth));
}

export async function lotingRelotingInfo(ctx: AppContext, auth: AuthContext) {
  const draft = await requireDraft(ctx, auth);
  const snapshot = await loadRegistrySnapshot(ctx.db, 'lotings', draft.id);
  if (!snapshot.columns) throw new AppError(409, 'conflict', M.noRegistry);
  const limits = lottingPriceLimits(decodeColumns(snapshot.columns));
  return { loting_params: draft.lotingParams, ...limits, lots_count: draft.lots?.length ?? 0 };
}

export async function lotingReloting(ctx: AppContext, auth: AuthContext, params: LotingParamsInput) {
  const draft = await requireDraft(ctx, auth);
  const snapshot = await loadRegistrySnapshot(ctx.db, 'lotings', draft.id);
  if (!snapshot.columns) throw new AppError(409, 'conflict', M.noRegistry);
  const lotingParams = {
    loting_type: params.loting_type,
    sort_type: params.sort_type,
    price: params.price ?? null,
  };
  try {
    const lotting = applyLotting(decodeColumns(snapshot.columns), lotingParams);
    await saveLotingSnapshot(ctx.db, draft.id, { assignment: encodeAssignment(lotting.assignment) });
    const row = await updateLoting(ctx.db, auth.user.id, {
      lotingParams,
      lots: lotting.lots.map(draftLot),
      totals: { ...(draft.totals ?? {}), startPrice: lotting.startPrice },
    });
    return presentLoting(row);
  } catch (error) {
    if (error instanceof LottingError) {
      throw new AppError(422, 'validation_failed', error.message, { [error.field]: [error.message] });
    }
    throw error;
  }
}

export async function clearLoting(ctx: AppContext, auth: AuthContext): Promise<void> {
  const draft = await findLoting(ctx.db, auth.user.id);
  if (!draft) return;
  await dropRegistryFile(ctx, draft.registryKey);
  await dropReport(ctx, draft.registryReportId);
  await deleteLoting(ctx.db, auth.user.id);
}

/** POST /api/v1/briefcases with `from_loting`: the draft's file and matching become a new procedure. */
export async function createBriefcaseFromLoting(
  ctx: AppContext,
  auth: AuthContext,
  input: { companyId: number; auctionType: string; uploadId: string | null },
): Promise<UploadResult> {
  if (!canCreateFor(auth, input.companyId)) throw refusedSeller(auth, input.companyId);
  const draft = await requireDraft(ctx, auth);
  if (!draft.registryKey || !draft.hasColumns || !draft.sourceMap)
    throw new AppError(409, 'conflict', M.noPendingFile);
  const width = draft.registryPreview?.headers.length ?? 0;
  const map = parseSourceMap(draft.sourceMap, width);
  const result = await runUpload(ctx, {
    auth,
    companyId: input.companyId,
    filePath: keptRegistryPath(ctx, draft.registryKey),
    fileName: draft.registryFileName,
    uploadId: input.uploadId,
    target: { create: { auctionType: input.auctionType } },
    map,
    keptKey: draft.registryKey,
  });
  await dropReport(ctx, draft.registryReportId);
  await deleteLoting(ctx.db, auth.user.id);
  return result;
}
