/** Next-round applications: a participant applies for unsold lots; the seller and administrators read them. */
import type { RoundRequests } from '@etp/contracts';
import type { AppContext } from '../../appContext.ts';
import { validationFailed } from '../../http/errors.ts';
import { enforce } from '../../http/verdict.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { publishBriefcaseStatus } from '../briefcases/briefcases.live.ts';
import { isMaster } from '../briefcases/briefcases.policy.ts';
import { lockBriefcase } from '../briefcases/briefcases.queries.ts';
import { findPortfolioLots } from '../lots/lots.queries.ts';
import { lotName, ROUND_TEXTS as T } from './rounds.messages.ts';
import {
  canApplyForNextRound,
  isOpenForNextRound,
  type RoundActor,
  roundRequestDeadline,
  soldInAnotherLot,
} from './rounds.policy.ts';
import {
  companyHasBid,
  countRoundRequests,
  endOfTrading,
  findLotsOf,
  findRoundRequests,
  insertRoundRequests,
} from './rounds.queries.ts';

export const roundActorOf = (auth: AuthContext, companyId: number): RoundActor => ({
  isAdmin: auth.user.role === 'admin',
  isSellerMember: isMaster(auth, { companyId }),
});

/**
 * Applies the caller's company for the given lots of the next round. All or nothing: every lot must belong to the
 * procedure and have closed without a winner. Applying again for a lot changes nothing.
 */
export async function applyForNextRound(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  lotIds: number[],
): Promise<void> {
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  const actor = roundActorOf(auth, access.row.briefcase.companyId);
  const companyId = auth.company?.id ?? 0;
  const at = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const procedure = (await lockBriefcase(tx, id))!;
    const facts = {
      auctionType: procedure.auctionType,
      status: procedure.status,
      deadline: roundRequestDeadline(await endOfTrading(tx, id), procedure.roundRequestTtl),
      hasBid: await companyHasBid(tx, id, companyId),
    };
    enforce(canApplyForNextRound(actor, facts, at));
    const found = new Map((await findLotsOf(tx, id, lotIds)).map((l) => [l.id, l]));
    const portfolio = await findPortfolioLots(tx, id);
    const errors = lotIds.flatMap((lotId) => {
      const lot = found.get(lotId);
      if (!lot) return [T.lotNotFound(lotId)];
      if (!isOpenForNextRound(lot)) return [T.lotNotOpen(lotName(lot))];
      // Its debts were sold in the whole-portfolio lot, or in a part of it (decisions/0245).
      return soldInAnotherLot(lot, portfolio) ? [T.lotSoldElsewhere(lotName(lot))] : [];
    });
    if (errors.length) throw validationFailed({ lots: errors }, T.applyFailed);
    const rows = lotIds.map((lotId) => ({
      briefcaseId: id,
      lotId,
      companyId,
      userId: auth.user.id,
      createdAt: at,
    }));
    const added = await insertRoundRequests(tx, rows);
    if (added > 0) {
      await appendAudit(tx, {
        briefcaseId: id,
        action: 'round_request',
        actorUserId: auth.user.id,
        payload: { companyId, lotIds: [...lotIds].sort((a, b) => a - b) },
        at,
      });
    }
    return { procedure, requests: await countRoundRequests(tx, id) };
  });
  // The seller's card learns that applications exist (spec 2 §4: a next-round message sets next_round_requests).
  await publishBriefcaseStatus(
    ctx,
    result.procedure,
    'next_round',
    { next_round_requests: result.requests },
    { kind: 'masters' },
  );
}

/** The applications per lot: all of them for the seller and administrators, a participant's own otherwise. */
export async function listRoundRequests(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<RoundRequests> {
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  const procedure = access.row.briefcase;
  const rows = await findRoundRequests(ctx.db, id, access.master ? undefined : (auth.company?.id ?? 0));
  const byLot = new Map<number, RoundRequests['round_requests'][number]>();
  for (const r of rows) {
    let entry = byLot.get(r.lotId);
    if (!entry) {
      entry = { lot_id: r.lotId, lot_number: r.number, lot_name: lotName(r), companies: [] };
      byLot.set(r.lotId, entry);
    }
    entry.companies.push({ id: r.companyId, name: r.companyName, applied_at: r.createdAt.toISOString() });
  }
  const deadline = roundRequestDeadline(await endOfTrading(ctx.db, id), procedure.roundRequestTtl);
  return { round_requests: [...byLot.values()], deadline: deadline?.toISOString() ?? null };
}
