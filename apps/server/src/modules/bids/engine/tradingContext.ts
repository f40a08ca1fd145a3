/**
 * What every trading call needs about the caller and the lot: access to the procedure (checked before the
 * transaction), then, under the lot's row lock, the lot, its procedure, its leader and the caller's standing.
 */

import { performance } from 'node:perf_hooks';
import { type BidActor, type LotState, REJECTION_HTTP_STATUS, type Rejection } from '@etp/domain';
import type { AppContext } from '../../../appContext.ts';
import type { Tx } from '../../../db/client.ts';
import { AppError, notFound, notInGoodStanding } from '../../../http/errors.ts';
import { sessionStillValid } from '../../auth/guards/guards.queries.ts';
import type { AuthContext } from '../../auth/guards/routeGuards.ts';
import { decideAccess, resolveLotAccess } from '../../briefcases/access/viewerAccess.ts';
import { isAdmitted } from '../../briefcases/briefcases.policy.ts';
import type { TradingLotRow } from '../../lots/lots.queries.ts';
import { toLotState } from '../../lots/trading/lotState.ts';
import { type BidRow, findActiveBidOfCompany } from '../bids.queries.ts';
import { type BidProcedure, lockLotWithContext } from './lotLock.queries.ts';

const LOT_NOT_FOUND = 'Лот не найден';

export interface LotAccess {
  lotId: number;
  briefcaseId: number;
  master: boolean;
}

/** Whether the caller may see the lot at all; 404 or 403 otherwise. */
export async function checkLotAccess(ctx: AppContext, auth: AuthContext, lotId: number): Promise<LotAccess> {
  const access = await resolveLotAccess(ctx.db, auth, lotId);
  if (access.kind === 'not_in_good_standing') throw notInGoodStanding();
  if (access.kind !== 'open') throw notFound(LOT_NOT_FOUND);
  return { lotId, briefcaseId: access.briefcaseId!, master: access.master };
}

/**
 * checkLotAccess, remembered for a context that came from the trading guard's cache (for as long as that cache
 * keeps contexts, decisions/0017). Only refusals rely on it: a bid that goes to the lot's lock has its access
 * decided again there from the rows read with the lock (freshAccess).
 */
export async function checkLotAccessCached(
  ctx: AppContext,
  auth: AuthContext,
  lotId: number,
): Promise<LotAccess> {
  if (auth.cachedFingerprint === undefined || ctx.config.sessionCacheMs <= 0) {
    return checkLotAccess(ctx, auth, lotId);
  }
  const cache = ctx.node.lotAccess;
  const key = lotAccessKey(auth, lotId);
  const hit = cache.get(key);
  if (hit && performance.now() < hit.until) return hit.access;
  const access = await checkLotAccess(ctx, auth, lotId);
  if (cache.size >= 50_000) cache.clear();
  cache.set(key, { access, until: performance.now() + ctx.config.sessionCacheMs });
  return access;
}

const lotAccessKey = (auth: AuthContext, lotId: number) =>
  `${auth.sessionId}|${auth.user.id}|${auth.company?.id ?? 0}|${lotId}`;

/**
 * Whether checkLotAccessCached would answer from memory that the caller may see the lot, without a promise: a
 * stale bid is then refused in the same turn of the event loop it was read in (decisions/0267).
 */
export function lotAccessRemembered(ctx: AppContext, auth: AuthContext, lotId: number): boolean {
  if (auth.cachedFingerprint === undefined || ctx.config.sessionCacheMs <= 0) return false;
  const hit = ctx.node.lotAccess.get(lotAccessKey(auth, lotId));
  return hit !== undefined && performance.now() < hit.until;
}

/** The caller's context changed since it was cached (or the session closed): reload it and start again. */
export class StaleContext extends Error {}

/** Access decided again from the rows read with the lock; the errors of checkLotAccess. */
export function freshAccess(auth: AuthContext, locked: LockedLot): LotAccess {
  if (!locked.sessionValid) throw new StaleContext();
  const { briefcase } = locked;
  const verdict = decideAccess(auth, {
    status: briefcase.status,
    companyId: briefcase.companyId,
    hidden: briefcase.hidden,
    blacklisted: locked.blacklisted,
    notInvited: locked.notInvited,
  });
  if (verdict.kind === 'not_in_good_standing') throw notInGoodStanding();
  if (verdict.kind !== 'open') throw notFound(LOT_NOT_FOUND);
  return { lotId: locked.lot.id, briefcaseId: briefcase.id, master: verdict.master };
}

export interface LockedLot {
  lot: TradingLotRow;
  briefcase: BidProcedure;
  leaderBid: BidRow | null;
  state: LotState;
  /** Whether any autobid of the lot is enabled (read with the lock). */
  autobidsEnabled: boolean;
  /** Whether the company asked about already has a standing bid on the lot (read with the lock). */
  companyHasBid: boolean;
  /** The company on the procedure's blacklist / left out of its invitation list (read with the lock). */
  blacklisted: boolean;
  notInvited: boolean;
  /** False when the caller's cached context no longer matches the database (see sessionStillValid). */
  sessionValid: boolean;
}

/**
 * Locks the lot row and reads, in the same statement, its procedure, its leading bid and, for the caller (`auth`),
 * whether its company has bid on it before, its place on the procedure's lists and whether a cached context still
 * holds: one round trip under the lock.
 */
export async function lockTradingLot(tx: Tx, lotId: number, auth?: AuthContext): Promise<LockedLot> {
  const row = await lockLotWithContext(
    tx,
    lotId,
    auth?.company?.id ?? 0,
    auth ? sessionStillValid(auth) : undefined,
  );
  if (!row) throw notFound(LOT_NOT_FOUND);
  const { lot, briefcase, leader } = row;
  return {
    lot,
    briefcase,
    leaderBid: leader,
    state: toLotState(lot, briefcase, leader),
    autobidsEnabled: row.autobidsEnabled,
    companyHasBid: row.companyHasBid,
    blacklisted: row.blacklisted,
    notInvited: row.notInvited,
    sessionValid: row.sessionValid,
  };
}

export async function bidActor(
  tx: Tx,
  auth: AuthContext,
  locked: LockedLot,
  access: LotAccess,
): Promise<BidActor> {
  const company = auth.company;
  // A classic lot has no standing order or offer to read (standingAmount is null there).
  const standing =
    company && locked.briefcase.auctionType !== 'classic'
      ? await findActiveBidOfCompany(tx, locked.lot.id, company.id)
      : null;
  return {
    isOwner: access.master && auth.user.role !== 'admin',
    isAdmin: auth.user.role === 'admin',
    goodStanding: Boolean(company?.goodStanding),
    allowedKind: company !== null && isAdmitted(company, locked.briefcase),
    standingAmount: locked.briefcase.auctionType === 'classic' ? null : (standing?.amount ?? null),
  };
}

const CODE_OF = {
  forbidden: 'forbidden',
  invalid: 'validation_failed',
  conflict: 'conflict',
  confirm_required: 'confirm_required',
} as const;

/** A domain rule's refusal as an HTTP error with the rule's Russian text on its field. */
export function rejected(rejection: Rejection): AppError {
  const errors = rejection.field ? { [rejection.field]: [rejection.message] } : {};
  return new AppError(
    REJECTION_HTTP_STATUS[rejection.code],
    CODE_OF[rejection.code],
    rejection.message,
    errors,
  );
}
