/**
 * createNextRound (an administrator, from the lots applied for) and createSecondRound (the seller of a convert
 * procedure, from the lots with a chosen start price). Each builds a new procedure in status created, linked to
 * the previous round, in one transaction with the audit entries of both procedures.
 */
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { enforce } from '../../http/verdict.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { BRIEFCASE_NOT_FOUND, requireOpenBriefcase } from '../briefcases/access/viewerAccess.ts';
import { publishBriefcaseStatus } from '../briefcases/briefcases.live.ts';
import { lockBriefcase } from '../briefcases/briefcases.queries.ts';
import { recordRoundInvitations, recordStatusEvents } from '../events/trading/tradingEvents.ts';
import { findPortfolioLots, type LotRow } from '../lots/lots.queries.ts';
import type { BriefcaseRow } from '../lots/trading/lotState.ts';
import { copyLot, copyProcedure, type NewBriefcase, type NewLot } from './copy/copyRound.ts';
import { ROUND_TEXTS as T } from './rounds.messages.ts';
import {
  canCreateNextRound,
  canCreateSecondRound,
  isOpenForNextRound,
  soldInAnotherLot,
} from './rounds.policy.ts';
import {
  copyCompanyLists,
  findAppliedLots,
  findLotsWithSecondRoundPrice,
  insertRound,
  updateBriefcase,
} from './rounds.queries.ts';
import { roundActorOf } from './rounds.service.ts';

/** Inserts the new round and writes its first audit entry; returns it. */
async function insertNewRound(
  tx: Tx,
  old: BriefcaseRow,
  source: LotRow[],
  copies: NewLot[],
  procedure: NewBriefcase,
  actorUserId: number,
  at: Date,
  round: 'next' | 'second',
): Promise<BriefcaseRow> {
  const created = await insertRound(tx, old.id, procedure, copies);
  await copyCompanyLists(tx, old.id, created.row.id);
  await appendAudit(tx, {
    briefcaseId: created.row.id,
    action: 'briefcase_created',
    actorUserId,
    payload: {
      round,
      convertedFrom: old.id,
      lots: created.lots.map((l) => ({ id: l.id, from: l.convertedFrom })),
    },
    at,
  });
  await appendAudit(tx, {
    briefcaseId: old.id,
    action: round === 'next' ? 'next_round_created' : 'second_round_created',
    actorUserId,
    payload: { id: created.row.id, lotIds: source.map((l) => l.id) },
    at,
  });
  return created.row;
}

/** A next round from the unsold lots somebody applied for; the old procedure becomes closed_with_next_round. */
export async function createNextRound(ctx: AppContext, auth: AuthContext, id: number): Promise<number> {
  const at = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const old = await lockBriefcase(tx, id);
    if (!old) throw notFound(BRIEFCASE_NOT_FOUND);
    enforce(canCreateNextRound(old));
    const portfolio = await findPortfolioLots(tx, id);
    const source = (await findAppliedLots(tx, id)).filter(
      (lot) => isOpenForNextRound(lot) && !soldInAnotherLot(lot, portfolio),
    );
    if (source.length === 0) throw conflict(T.noRequests);
    const round = old.nextRoundCount + 1;
    const copies = source.map((lot) => copyLot(lot, 0, at));
    const procedure = copyProcedure(old, copies, at, {
      creatorType: 'admin',
      createdByUserId: auth.user.id,
      convertedFrom: old.id,
      firstRoundId: old.firstRoundId ?? old.id,
      nextRoundCount: round,
    });
    const created = await insertNewRound(tx, old, source, copies, procedure, auth.user.id, at, 'next');
    const closed = await updateBriefcase(tx, id, {
      status: 'closed_with_next_round',
      nextRoundId: created.id,
      nextRoundCount: round,
      updatedAt: at,
    });
    await appendAudit(tx, {
      briefcaseId: id,
      action: 'briefcase_status',
      actorUserId: auth.user.id,
      payload: { from: old.status, to: 'closed_with_next_round' },
      at,
    });
    await recordStatusEvents(tx, closed, at);
    await recordRoundInvitations(tx, created, id, at);
    return { created, closed };
  });
  await publishBriefcaseStatus(ctx, result.closed, 'next_round');
  return result.created.id;
}

/** The classic second round of a convert procedure, each lot starting at the price the seller chose. */
export async function createSecondRound(ctx: AppContext, auth: AuthContext, id: number): Promise<number> {
  const access = await requireOpenBriefcase(ctx.db, auth, id);
  const actor = roundActorOf(auth, access.row.briefcase.companyId);
  const at = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const old = (await lockBriefcase(tx, id))!;
    enforce(canCreateSecondRound(actor, old));
    const source = await findLotsWithSecondRoundPrice(tx, id);
    if (source.length === 0) throw conflict(T.noStartPrices);
    const copies = source.map((lot) =>
      copyLot(lot, 0, at, {
        startPrice: lot.secondRoundStartPrice!,
        stepPrice: lot.stepPrice ?? old.stepPrice,
        maxPrice: null,
        minPrice: null,
        stepCount: null,
        maxBidsCnt: null,
      }),
    );
    const procedure = copyProcedure(old, copies, at, {
      auctionType: 'classic',
      endMode: 'ransom',
      creatorType: 'user',
      createdByUserId: auth.user.id,
      convertedFrom: old.id,
      firstRoundId: old.id,
      nextRoundCount: 0,
      maxPrice: null,
    });
    const created = await insertNewRound(tx, old, source, copies, procedure, auth.user.id, at, 'second');
    const updated = await updateBriefcase(tx, id, { secondRoundId: created.id, updatedAt: at });
    return { created, updated };
  });
  await publishBriefcaseStatus(ctx, result.updated, 'briefcase_status_update', {
    second_round_id: result.created.id,
  });
  return result.created.id;
}
