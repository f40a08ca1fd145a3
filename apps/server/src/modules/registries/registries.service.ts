/**
 * A procedure's registry (one verb each): the procedure's guard for every registry call, creating a procedure with
 * its registry, replacing the registry, and deleting the procedure. The upload itself is upload/runUpload.ts; the
 * column matching is matching.service.ts, the personal-data decision personalData.service.ts.
 */
import type { AppContext } from '../../appContext.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { enforce } from '../../http/verdict.ts';
import { storageOf } from '../../storage/storageOf.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { findReport } from './ingest/checkReport.queries.ts';
import { dropReportsOf } from './ingest/checkReport.ts';
import { REGISTRY_MESSAGES as M } from './registries.messages.ts';
import { canChangeRegistry, canCreateFor, canManageRegistry, isMemberOf } from './registries.policy.ts';
import { deleteBriefcaseRow, findRegistryBriefcase } from './registries.queries.ts';
import type { UploadResult } from './upload/answer.ts';
import { dropRegistryFile } from './upload/keptFiles.ts';
import { dropKeptFiles } from './upload/originalFile.ts';
import { runUpload } from './upload/runUpload.ts';

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

/** DELETE /api/v1/briefcases/{id}: the procedure with its rows, lots, reports and kept file. */
export async function deleteBriefcase(
  ctx: AppContext,
  auth: AuthContext,
  briefcaseId: number,
): Promise<void> {
  const briefcase = await requireManagedBriefcase(ctx, auth, briefcaseId, { wholeProcedure: true });
  await dropReportsOf(ctx, briefcaseId);
  if (briefcase.registryReportId) {
    const report = await findReport(ctx.db, briefcase.registryReportId);
    if (report) await storageOf(ctx).delete(report.storageKey);
  }
  await dropKeptFiles(ctx, briefcase);
  await deleteBriefcaseRow(ctx.db, briefcaseId);
}
