/**
 * Enabling and disabling an autobid (a proxy maximum). Enabling during trading lets the autobids answer at once,
 * in the same transaction; before the start the autobid waits and answers from the first tick.
 */
import { AUTOBID_MESSAGES, type LotState, validateAutobid } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { publishLotSnapshots } from '../lots/lots.live.ts';
import type { LeaderTagger } from '../lots/trading/leaderTags.ts';
import { insertAutobid, lockOwnAutobid, updateAutobid } from './autobids.queries.ts';
import { type EngineOutcome, finish, runAutobids } from './engine/engine.ts';
import { notifyAfterBid } from './engine/notify.ts';
import {
  bidActor,
  checkLotAccess,
  type LockedLot,
  lockTradingLot,
  rejected,
} from './engine/tradingContext.ts';

export const AUTOBID_TEXTS = {
  enabled: 'Автоставка включена',
  updated: 'Автоставка принята',
  disabled: 'Автоставка отключена',
  none: 'Автоставка не включена',
} as const;

/** Lets the autobids answer now when the lot trades; returns the outcome to publish, or null. */
async function answerNow(tx: Tx, locked: LockedLot, at: Date, actor: number): Promise<EngineOutcome | null> {
  const trading: LotState = locked.state;
  if (trading.status !== 'active') return null;
  const answer = await runAutobids(tx, trading, locked.briefcase.id, at);
  if (answer.placed.length === 0 && answer.maxedOut.length === 0) return null;
  return finish(
    tx,
    locked.lot,
    locked.briefcase,
    answer.state,
    answer.placed,
    answer.events,
    answer.maxedOut,
    at,
    actor,
  );
}

export async function enableAutobid(
  ctx: AppContext,
  tag: LeaderTagger,
  auth: AuthContext,
  input: { lot_id: number; max_price?: number | null },
): Promise<{ status: 'enabled'; message: string; max_price: number }> {
  const access = await checkLotAccess(ctx, auth, input.lot_id);
  const at = ctx.now();
  const companyId = auth.company?.id ?? 0;
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockTradingLot(tx, input.lot_id);
    const actor = await bidActor(tx, auth, locked, access);
    const existing = await lockOwnAutobid(tx, locked.lot.id, companyId);
    const current = existing?.enabled ? existing.maxPrice : null;
    const check = validateAutobid(
      locked.state,
      input.max_price,
      { ...actor, currentAutobidMax: current },
      at.getTime(),
    );
    if (!check.ok) throw rejected(check);
    if (existing) {
      await updateAutobid(tx, existing.id, {
        maxPrice: check.maxPrice,
        enabled: true,
        userId: auth.user.id,
        disabledAt: null,
        updatedAt: at,
      });
    } else {
      await insertAutobid(tx, {
        lotId: locked.lot.id,
        userId: auth.user.id,
        companyId,
        maxPrice: check.maxPrice,
        createdAt: at,
        updatedAt: at,
      });
    }
    await appendAudit(tx, {
      briefcaseId: locked.briefcase.id,
      action: 'autobid_enabled',
      actorUserId: auth.user.id,
      payload: { lotId: locked.lot.id, companyId, maxPrice: check.maxPrice },
      at,
    });
    const outcome = await answerNow(tx, locked, at, auth.user.id);
    return { outcome, locked, wasEnabled: current !== null, maxPrice: check.maxPrice };
  });
  if (result.outcome) {
    await publishLotSnapshots(ctx, tag, [
      {
        lot: result.outcome.lot,
        briefcase: result.locked.briefcase,
        leaderBid: result.outcome.leaderBid,
        leaderName: null,
      },
    ]);
    await notifyAfterBid(
      ctx,
      result.locked.briefcase,
      result.outcome.lot,
      result.outcome.leaderBid,
      result.locked.leaderBid?.userId ?? null,
      result.outcome.maxedOutCompanies,
    );
  }
  return {
    status: 'enabled',
    message: result.wasEnabled ? AUTOBID_TEXTS.updated : AUTOBID_TEXTS.enabled,
    max_price: result.maxPrice,
  };
}

export async function disableAutobid(ctx: AppContext, auth: AuthContext, lotId: number): Promise<void> {
  const access = await checkLotAccess(ctx, auth, lotId);
  // The seller and administrators never set autobids here: refused, like enabling one.
  if (access.master)
    throw forbidden(
      auth.user.role === 'admin' ? AUTOBID_MESSAGES.adminCannotBid : AUTOBID_MESSAGES.ownerCannotBid,
    );
  const at = ctx.now();
  const companyId = auth.company?.id ?? 0;
  await ctx.db.transaction(async (tx) => {
    const locked = await lockTradingLot(tx, lotId);
    const existing = await lockOwnAutobid(tx, lotId, companyId);
    if (!existing?.enabled) throw conflict(AUTOBID_TEXTS.none);
    await updateAutobid(tx, existing.id, { enabled: false, disabledAt: at, updatedAt: at });
    await appendAudit(tx, {
      briefcaseId: locked.briefcase.id,
      action: 'autobid_disabled',
      actorUserId: auth.user.id,
      payload: { lotId, companyId },
      at,
    });
  });
}
