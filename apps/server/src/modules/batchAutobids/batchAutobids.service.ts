/**
 * Uploading a batch of autobids (all or nothing, once per company and procedure) and removing the company's
 * autobids, both before the start. Each runs under the procedure's row lock, then the lots' locks in id order, as
 * the scheduler's start does, so a batch can never land on lots that have already opened.
 */
import { type BidActor, validateAutobid } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import { enforce } from '../../http/verdict.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { isAdmitted } from '../briefcases/briefcases.policy.ts';
import { lockBriefcase } from '../briefcases/briefcases.queries.ts';
import type { LotRow } from '../lots/lots.queries.ts';
import { type BriefcaseRow, toLotState } from '../lots/trading/lotState.ts';
import { BATCH_TEXTS as T } from './batchAutobids.messages.ts';
import { canChangeBatchAutobids, canUploadBatch } from './batchAutobids.policy.ts';
import {
  disableCompanyAutobids,
  findCompanyAutobids,
  hasUploadedBatch,
  lockLotsOf,
  recordBatch,
  upsertBatchAutobids,
} from './batchAutobids.queries.ts';
import { type BatchEntry, capErrors, parseBatchRows } from './file/rows.ts';
import { readBatchSheet } from './file/sheet.ts';

function actorOf(auth: AuthContext, master: boolean, procedure: BriefcaseRow): BidActor {
  const company = auth.company;
  return {
    isOwner: master && auth.user.role !== 'admin',
    isAdmin: auth.user.role === 'admin',
    goodStanding: Boolean(company?.goodStanding),
    allowedKind: company !== null && isAdmitted(company, procedure),
  };
}

const fileErrors = (errors: string[]) => validationFailed({ file: capErrors(errors) }, T.hasErrors);

/** Checks every autobid by the engine's rule against its locked lot and stores them; throws on any error. */
async function storeBatch(
  tx: Tx,
  procedure: BriefcaseRow,
  lotRows: LotRow[],
  entries: BatchEntry[],
  actor: BidActor,
  owner: { userId: number; companyId: number },
  at: Date,
): Promise<void> {
  const lots = new Map(lotRows.map((l) => [l.id, l]));
  const current = await findCompanyAutobids(tx, [...lots.keys()], owner.companyId);
  const errors: string[] = [];
  for (const entry of entries) {
    const state = toLotState(lots.get(entry.lotId)!, procedure, null);
    const enabled = current.find((a) => a.lotId === entry.lotId && a.enabled);
    const check = validateAutobid(
      state,
      entry.maxPrice,
      { ...actor, currentAutobidMax: enabled?.maxPrice ?? null },
      at.getTime(),
    );
    if (!check.ok) errors.push(T.cell(entry.cell, check.message));
  }
  if (errors.length) throw fileErrors(errors);
  await upsertBatchAutobids(tx, entries, owner, at);
}

export async function uploadBatchAutobids(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  file: UploadedFile | undefined,
): Promise<{ count: number }> {
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  const actor = actorOf(auth, access.master, access.row.briefcase);
  const owner = { userId: auth.user.id, companyId: auth.company?.id ?? 0 };
  const uploaded = await hasUploadedBatch(ctx.db, id, owner.companyId);
  enforce(canUploadBatch(actor, access.row.briefcase, uploaded, ctx.now()));
  if (!file) throw validationFailed({ file: [T.fileRequired] }, T.fileRequired);
  const rows = await readBatchSheet(file.bytes);
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const procedure = (await lockBriefcase(tx, id))!;
    enforce(canUploadBatch(actor, procedure, false, at));
    const lotRows = await lockLotsOf(tx, id);
    const { entries, errors } = parseBatchRows(rows, new Set(lotRows.map((l) => l.id)));
    if (errors.length) throw fileErrors(errors);
    if (entries.length === 0) throw validationFailed({ file: [T.empty] }, T.empty);
    await storeBatch(tx, procedure, lotRows, entries, actor, owner, at);
    if (
      !(await recordBatch(tx, { ...owner, briefcaseId: id, autobidsCount: entries.length, createdAt: at }))
    ) {
      throw conflict(T.alreadyUploaded);
    }
    await appendAudit(tx, {
      briefcaseId: id,
      action: 'autobid_batch_enabled',
      actorUserId: auth.user.id,
      payload: {
        companyId: owner.companyId,
        autobids: entries.map((e) => ({ lotId: e.lotId, maxPrice: e.maxPrice })),
      },
      at,
    });
    return { count: entries.length };
  });
}

/** Switches off all of the company's autobids on the procedure (DELETE destroy_autobids), before the start. */
export async function destroyAutobids(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<{ count: number }> {
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  const actor = actorOf(auth, access.master, access.row.briefcase);
  const companyId = auth.company?.id ?? 0;
  const at = ctx.now();
  enforce(canChangeBatchAutobids(actor, access.row.briefcase, at));
  return ctx.db.transaction(async (tx) => {
    const procedure = (await lockBriefcase(tx, id))!;
    enforce(canChangeBatchAutobids(actor, procedure, at));
    const lotIds = await disableCompanyAutobids(tx, id, companyId, at);
    if (lotIds.length > 0) {
      await appendAudit(tx, {
        briefcaseId: id,
        action: 'autobids_destroyed',
        actorUserId: auth.user.id,
        payload: { companyId, lotIds },
        at,
      });
    }
    return { count: lotIds.length };
  });
}
