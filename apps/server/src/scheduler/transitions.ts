/**
 * The timed transitions, each in its own short transaction under row locks, each conditional on the state it
 * changes (so running twice, or on two nodes, changes nothing the second time). Live updates go out after commit.
 */
import { liveMessage } from '@etp/contracts';
import { advanceDutch, dutchStepAt } from '@etp/domain';
import type { AppContext } from '../appContext.ts';
import { appendAudit } from '../modules/audit/audit.queries.ts';
import { findActiveBids } from '../modules/bids/bids.queries.ts';
import { finish, runAutobids } from '../modules/bids/engine/engine.ts';
import { lockTradingLot } from '../modules/bids/engine/tradingContext.ts';
import { expireDueDeals } from '../modules/deals/lifecycle/expiry.ts';
import { recordStatusEvents } from '../modules/events/trading/tradingEvents.ts';
import { publishLots } from '../modules/lots/lots.live.ts';
import { updateLot } from '../modules/lots/lots.queries.ts';
import { closeProcedureIfDone } from '../modules/lots/trading/closing.ts';
import type { LeaderTagger } from '../modules/lots/trading/leaderTags.ts';
import { type BriefcaseRow, rankedBid } from '../modules/lots/trading/lotState.ts';
import {
  activeDutchLots,
  dueLotEnds,
  dueStarts,
  lockProcedure,
  lotIdsOf,
  openReadyLots,
  proceduresWithoutTradingLots,
  setProcedureActive,
} from './transitions.queries.ts';

export interface TransitionReport {
  started: number[];
  dutchMoved: number[];
  lotsEnded: number[];
  proceduresEnded: number[];
  /** Deals whose clock ran out, now failed (decisions/0261). */
  dealsExpired: number[];
}

async function publishStatus(ctx: AppContext, row: BriefcaseRow): Promise<void> {
  const closed = row.status.startsWith('closed');
  await ctx.bus.publish({
    message: liveMessage[closed ? 'briefcase_closed' : 'briefcase_status_update'](
      row.id,
      {
        id: row.id,
        status: row.status,
        end_datetime: row.endDatetime?.toISOString() ?? null,
        can_start_second_round: row.canStartSecondRound,
      },
      ctx.now().getTime(),
    ),
    audience: { kind: 'all' },
  });
}

/** ready → active at the start; the lots open, and autobids set before the start answer at once. */
async function startProcedure(ctx: AppContext, id: number, at: Date) {
  return ctx.db.transaction(async (tx) => {
    const procedure = await lockProcedure(tx, id);
    if (procedure?.status !== 'ready' || !procedure.startDatetime || procedure.startDatetime > at)
      return null;
    const row = await setProcedureActive(tx, id, at);
    await appendAudit(tx, {
      briefcaseId: id,
      action: 'briefcase_status',
      actorUserId: null,
      payload: { from: 'ready', to: 'active' },
      at,
    });
    await recordStatusEvents(tx, row!, at);
    const opened = await openReadyLots(tx, id, at);
    for (const lotId of opened.sort((a, b) => a - b)) {
      const locked = await lockTradingLot(tx, lotId);
      if (locked.briefcase.auctionType !== 'classic') continue;
      const answer = await runAutobids(tx, locked.state, id, at);
      if (answer.placed.length) {
        await finish(
          tx,
          locked.lot,
          locked.briefcase,
          answer.state,
          answer.placed,
          answer.events,
          answer.maxedOut,
          at,
          null,
        );
      }
    }
    return row!;
  });
}

/** The dutch clock: a step down, or the end when it reaches the best order. */
async function moveDutchClock(ctx: AppContext, lotId: number, at: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockTradingLot(tx, lotId);
    if (locked.lot.status !== 'active') return false;
    const orders = (await findActiveBids(tx, lotId)).map(rankedBid);
    const result = advanceDutch(locked.state, orders, at.getTime());
    const step = dutchStepAt(locked.state, at.getTime());
    if (
      result.lot.status === locked.lot.status &&
      result.lot.current_price === locked.lot.currentPrice &&
      step === locked.lot.currentStep
    ) {
      return false;
    }
    // A clock that ran out without an order is the lot's end without a bid: endLot closes it in this pass.
    if (result.lot.status === 'finished' && orders.length > 0) {
      // The step that reached the order is the lot's last (finish writes the price and the leader, not the step).
      if (step !== locked.lot.currentStep) await updateLot(tx, lotId, { currentStep: step, updatedAt: at });
      await finish(tx, locked.lot, locked.briefcase, result.lot, [], result.events, [], at, null);
    } else {
      await updateLot(tx, lotId, {
        currentPrice: result.lot.current_price,
        currentStep: step,
        updatedAt: at,
      });
    }
    return true;
  });
}

/** active → finished at the end; a lot without a single bid is closed at once, without a winner. */
async function endLot(ctx: AppContext, lotId: number, at: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockTradingLot(tx, lotId);
    if (locked.lot.status !== 'active' || locked.state.end_ms > at.getTime()) return false;
    const noBids = locked.lot.bidsCount === 0;
    await updateLot(tx, lotId, {
      status: noBids ? 'closed' : 'finished',
      isWithoutWinner: noBids,
      updatedAt: at,
    });
    await appendAudit(tx, {
      briefcaseId: locked.briefcase.id,
      action: 'lot_finished',
      actorUserId: null,
      payload: { lotId, leaderBidId: locked.lot.leaderBidId, price: locked.lot.currentPrice, closed: noBids },
      at,
    });
    return true;
  });
}

/** active → finished (or straight to closed_without_bids) once no lot trades any more. */
async function endProcedure(ctx: AppContext, id: number, at: Date) {
  return ctx.db.transaction(async (tx) => {
    const procedure = await lockProcedure(tx, id);
    if (procedure?.status !== 'active') return null;
    return closeProcedureIfDone(tx, procedure, at, null);
  });
}

export async function runDueTransitions(
  ctx: AppContext,
  tag: LeaderTagger,
  at: Date,
): Promise<TransitionReport> {
  const report: TransitionReport = {
    started: [],
    dutchMoved: [],
    lotsEnded: [],
    proceduresEnded: [],
    dealsExpired: [],
  };
  for (const id of await dueStarts(ctx.db, at)) {
    const row = await startProcedure(ctx, id, at);
    if (!row) continue;
    report.started.push(id);
    await publishStatus(ctx, row);
    await publishLots(ctx, tag, await lotIdsOf(ctx.db, [id]));
  }
  for (const lotId of await activeDutchLots(ctx.db)) {
    if (await moveDutchClock(ctx, lotId, at)) report.dutchMoved.push(lotId);
  }
  for (const lotId of await dueLotEnds(ctx.db, at)) {
    if (await endLot(ctx, lotId, at)) report.lotsEnded.push(lotId);
  }
  await publishLots(ctx, tag, [...new Set([...report.dutchMoved, ...report.lotsEnded])]);
  for (const id of await proceduresWithoutTradingLots(ctx.db)) {
    const row = await endProcedure(ctx, id, at);
    if (!row) continue;
    report.proceduresEnded.push(id);
    await publishStatus(ctx, row);
  }
  report.dealsExpired = await expireDueDeals(ctx, at);
  return report;
}
