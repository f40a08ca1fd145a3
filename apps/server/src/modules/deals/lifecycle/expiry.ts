/**
 * The scheduler's part of deals: a deal whose clock ran out fails, exactly once. The leader calls it each tick;
 * each deal is re-decided under its row lock by the domain's `expire`, which refuses a deal no longer in a timed
 * state, so a second node, a second pass or a restart changes nothing (the deadlines are in the database).
 */
import { applyDealAction } from '@etp/domain';
import type { AppContext } from '../../../appContext.ts';
import type { DealRow } from '../../../db/schema/index.ts';
import { appendAudit } from '../../audit/audit.queries.ts';
import { publishDealChanges } from '../deals.live.ts';
import { dueDealIds, lockDeal, updateDeal } from '../deals.queries.ts';
import { columnsOf, toDeal } from './dealState.ts';
import { recordDealEvent } from './notify.ts';

export async function expireDueDeals(ctx: AppContext, at: Date): Promise<number[]> {
  const expired: DealRow[] = [];
  for (const id of await dueDealIds(ctx.db, at)) {
    const row = await ctx.db.transaction(async (tx) => {
      const locked = await lockDeal(tx, id);
      if (!locked) return null;
      const applied = applyDealAction(toDeal(locked), { type: 'expire' }, { kind: 'system' }, at.getTime());
      if (!applied.ok) return null;
      const updated = await updateDeal(tx, id, columnsOf(applied.deal, at));
      await appendAudit(tx, {
        briefcaseId: updated.briefcaseId,
        action: 'deal_expire',
        actorUserId: null,
        payload: {
          dealId: id,
          lotId: updated.lotId,
          attempt: updated.attempt,
          from: locked.state,
          to: updated.state,
          failure: updated.failure,
          deadline: locked.deadlineAt?.toISOString() ?? null,
        },
        at,
      });
      await recordDealEvent(tx, updated, 'system', 'expire', at);
      return updated;
    });
    if (row) expired.push(row);
  }
  await publishDealChanges(ctx, expired);
  return expired.map((r) => r.id);
}
