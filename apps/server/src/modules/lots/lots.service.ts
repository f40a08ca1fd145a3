/** Reading lots for a viewer, and the seller's lot actions: rename, winner choice; the participant's renewal. */
import { liveMessage } from '@etp/contracts';
import { applyRenewal, canRenew, chooseWinner, LOT_NAME_MAX_LENGTH, lotsToRenew } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import { forbidden, validationFailed } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { findActiveBids, findBidsByIds } from '../bids/bids.queries.ts';
import { finish } from '../bids/engine/engine.ts';
import { checkLotAccess, lockTradingLot, rejected } from '../bids/engine/tradingContext.ts';
import { lockBriefcase } from '../briefcases/briefcases.queries.ts';
import { publishDealChanges } from '../deals/deals.live.ts';
import { openWinnerDeal, viewerOf } from '../deals/deals.service.ts';
import { recordWinnerEvents } from '../events/trading/tradingEvents.ts';
import { publishLotSnapshots, publishLots } from './lots.live.ts';
import { presentLot } from './lots.presenter.ts';
import {
  findLotIdsOfBriefcase,
  findPortfolioLots,
  findViewerFacts,
  hasLiveBidOfCompany,
  type LotRow,
  updateLot,
} from './lots.queries.ts';
import { closeProcedureIfDone } from './trading/closing.ts';
import type { LeaderTagger } from './trading/leaderTags.ts';
import { type BriefcaseRow, rankedBid, toLotState } from './trading/lotState.ts';

const LOT_TEXTS = {
  nameRequired: 'Введите название',
  nameTooLong: 'Не более 20 символов',
  renameForbidden: 'Переименовать лот может только организатор',
} as const;

export async function presentLots(
  ctx: AppContext,
  tag: LeaderTagger,
  auth: AuthContext,
  briefcase: BriefcaseRow,
  rows: LotRow[],
  master: boolean,
) {
  const companyId = auth.company?.id ?? null;
  const dealViewer = viewerOf(auth);
  const facts = await findViewerFacts(ctx.db, rows, {
    userId: auth.user.id,
    companyId,
    dealCompanyIds: dealViewer.companyIds,
    isAdmin: dealViewer.isAdmin,
  });
  const leaderIds = rows.map((l) => l.leaderBidId).filter((v): v is number => v !== null);
  const leaderBids = await findBidsByIds(ctx.db, leaderIds);
  return rows.map((lot) => {
    const leader = leaderBids.find((b) => b.id === lot.leaderBidId) ?? null;
    const state = toLotState(lot, briefcase, leader);
    if (lot.winnerBidId)
      state.winner = { bidId: lot.winnerBidId, companyId: lot.winnerCompanyId ?? 0, amount: 0 };
    return presentLot(lot, briefcase, state, facts.get(lot.id)!, { companyId, master, dealViewer }, tag);
  });
}

export async function renameLot(
  ctx: AppContext,
  auth: AuthContext,
  lotId: number,
  alias: string,
): Promise<LotRow> {
  const access = await checkLotAccess(ctx, auth, lotId);
  if (!access.master) throw forbidden(LOT_TEXTS.renameForbidden);
  const name = alias.trim();
  if (!name) throw validationFailed({ alias_number: [LOT_TEXTS.nameRequired] }, LOT_TEXTS.nameRequired);
  if (name.length > LOT_NAME_MAX_LENGTH) {
    throw validationFailed({ alias_number: [LOT_TEXTS.nameTooLong] }, LOT_TEXTS.nameTooLong);
  }
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockTradingLot(tx, lotId);
    const row = await updateLot(tx, lotId, { aliasNumber: name, updatedAt: at });
    await appendAudit(tx, {
      briefcaseId: locked.briefcase.id,
      action: 'lot_renamed',
      actorUserId: auth.user.id,
      payload: { lotId, from: locked.lot.aliasNumber ?? String(locked.lot.number), to: name },
      at,
    });
    return row;
  });
}

/** "+N мин": once per lot, by a participant with a bid, in the last 5 minutes; all lots with a composite one. */
export async function renewLot(ctx: AppContext, tag: LeaderTagger, auth: AuthContext, lotId: number) {
  const access = await checkLotAccess(ctx, auth, lotId);
  const at = ctx.now();
  const companyId = auth.company?.id ?? 0;
  const result = await ctx.db.transaction(async (tx) => {
    const pressed = await lockTradingLot(tx, lotId);
    const hasBid = await hasLiveBidOfCompany(tx, lotId, companyId);
    const allowed = canRenew(
      pressed.state,
      {
        isOwner: access.master && auth.user.role !== 'admin',
        isAdmin: auth.user.role === 'admin',
        hasBid,
      },
      at.getTime(),
    );
    if (!allowed.ok) throw rejected(allowed);
    const siblings = await findLotIdsOfBriefcase(tx, pressed.briefcase.id);
    const ids = lotsToRenew(pressed.briefcase.withCompositeLot, lotId, siblings).sort((a, b) => a - b);
    const changed = [];
    for (const id of ids) {
      const locked = id === lotId ? pressed : await lockTradingLot(tx, id);
      if (locked.state.status !== 'active' || locked.state.end_ms <= at.getTime()) continue;
      const renewed = applyRenewal(locked.state, at.getTime());
      changed.push(
        await finish(tx, locked.lot, locked.briefcase, renewed.lot, [], renewed.events, [], at, auth.user.id),
      );
    }
    return {
      changed,
      briefcase: pressed.briefcase,
      minutes: pressed.briefcase.lotRenewalMinutes,
      lot: pressed.lot,
    };
  });
  await publishLotSnapshots(
    ctx,
    tag,
    result.changed.map((o) => ({
      lot: o.lot,
      briefcase: result.briefcase,
      leaderBid: o.leaderBid,
      leaderName: null,
    })),
  );
  return { minutes: result.minutes, lot: result.lot };
}

/** The seller picks the winner (or none); in convert mode this fixes the second round's start price. */
export async function setWinner(
  ctx: AppContext,
  tag: LeaderTagger,
  auth: AuthContext,
  lotId: number,
  bidId: number | null,
) {
  const access = await checkLotAccess(ctx, auth, lotId);
  const at = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockTradingLot(tx, lotId);
    const procedure = await lockBriefcase(tx, locked.briefcase.id);
    const standing = (await findActiveBids(tx, lotId)).map(rankedBid);
    // The whole-portfolio lot and the part lots hold the same debts: one of them sold, the other can only close
    // without a winner (decisions/0245). The procedure's row is locked above: no two choices pass each other.
    const portfolio = await findPortfolioLots(tx, procedure!.id);
    const choice = chooseWinner(
      locked.state,
      standing,
      bidId,
      procedure!.status,
      { isOwner: access.master && auth.user.role !== 'admin', isAdmin: auth.user.role === 'admin' },
      portfolio,
    );
    if (!choice.ok) throw rejected(choice);
    const winner = choice.lot.winner;
    const lot = await updateLot(tx, lotId, {
      status: 'closed',
      winnerBidId: winner?.bidId ?? null,
      winnerCompanyId: winner?.companyId ?? null,
      isWithoutWinner: winner === null,
      secondRoundStartPrice: choice.secondRoundStartPrice,
      updatedAt: at,
    });
    const event = {
      lotId,
      bidId,
      companyId: winner?.companyId ?? null,
      secondRoundStartPrice: choice.secondRoundStartPrice,
    };
    await appendAudit(tx, {
      briefcaseId: procedure!.id,
      action: 'winner_chosen',
      actorUserId: auth.user.id,
      payload: event,
      at,
    });
    await recordWinnerEvents(tx, lot, winner?.companyId ?? null, at);
    // The deal of the won lot opens with the choice (decisions/0261).
    const deal = winner ? await openWinnerDeal(tx, lot, winner, auth.user.id, at) : null;
    const closed = await closeProcedureIfDone(tx, procedure!, at, auth.user.id);
    return { lot, closed, winnerCompanyId: winner?.companyId ?? null, deal };
  });
  await publishLots(ctx, tag, [lotId]);
  if (result.deal) await publishDealChanges(ctx, [result.deal]);
  if (result.closed) {
    await ctx.bus.publish({
      message: liveMessage.briefcase_closed(
        result.closed.id,
        {
          id: result.closed.id,
          status: result.closed.status,
          can_start_second_round: result.closed.canStartSecondRound,
        },
        at.getTime(),
      ),
      audience: { kind: 'all' },
    });
  }
  return { lot: result.lot, closed: result.closed, winnerCompanyId: result.winnerCompanyId };
}
