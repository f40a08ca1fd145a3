/** confirmBriefcase and rejectBriefcase: the moderation step pending → ready | rejected, audited and broadcast. */
import type { AppContext } from '../../appContext.ts';
import { notFound } from '../../http/errors.ts';
import { enforce } from '../../http/verdict.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { BRIEFCASE_NOT_FOUND, requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { publishBriefcaseStatus } from '../briefcases/briefcases.live.ts';
import { isMaster } from '../briefcases/briefcases.policy.ts';
import { lockBriefcase } from '../briefcases/briefcases.queries.ts';
import { recordProcedureInvitations, recordStatusEvents } from '../events/trading/tradingEvents.ts';
import type { BriefcaseRow } from '../lots/trading/lotState.ts';
import { canConfirm, canModerate, type Moderator } from './moderation.policy.ts';
import { markReady, markRejected } from './moderation.queries.ts';

async function moderatorOf(ctx: AppContext, auth: AuthContext, id: number): Promise<Moderator> {
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  return { isAdmin: auth.user.role === 'admin', isSellerMember: isMaster(auth, access.row.briefcase) };
}

/** pending → ready: the procedure is published (published_at) and its lots wait for the start. */
export async function confirmBriefcase(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<BriefcaseRow> {
  const moderator = await moderatorOf(ctx, auth, id);
  const at = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const procedure = await lockBriefcase(tx, id);
    if (!procedure) throw notFound(BRIEFCASE_NOT_FOUND);
    enforce(canConfirm(moderator, procedure, at));
    const updated = await markReady(tx, id, at);
    await appendAudit(tx, {
      briefcaseId: id,
      action: 'briefcase_status',
      actorUserId: auth.user.id,
      payload: { from: procedure.status, to: 'ready' },
      at,
    });
    await recordStatusEvents(tx, updated, at);
    await recordProcedureInvitations(tx, updated, at);
    return updated;
  });
  await publishBriefcaseStatus(ctx, row);
  return row;
}

/** pending → rejected, with the reason kept in rejection_note for the other side. */
export async function rejectBriefcase(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  note: string,
): Promise<{ row: BriefcaseRow; moderator: Moderator }> {
  const moderator = await moderatorOf(ctx, auth, id);
  const at = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const procedure = await lockBriefcase(tx, id);
    if (!procedure) throw notFound(BRIEFCASE_NOT_FOUND);
    enforce(canModerate(moderator, procedure));
    const updated = await markRejected(tx, id, note, at);
    await appendAudit(tx, {
      briefcaseId: id,
      action: 'briefcase_status',
      actorUserId: auth.user.id,
      payload: { from: procedure.status, to: 'rejected', note },
      at,
    });
    await recordStatusEvents(tx, updated, at);
    return updated;
  });
  await publishBriefcaseStatus(ctx, row);
  return { row, moderator };
}
