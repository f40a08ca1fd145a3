/**
 * What every trading call needs about the caller and the lot: access to the procedure (checked before the
 * transaction), then, under the lot's row lock, the lot, its procedure, its leader and the caller's standing.
 */
import { type BidActor, type LotState, REJECTION_HTTP_STATUS, type Rejection } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound, notInGoodStanding } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards.ts';
import { resolveLotAccess } from '../briefcases/briefcases.access.ts';
import { isAdmitted } from '../briefcases/briefcases.policy.ts';
import type { LotRow } from '../lots/lots.queries.ts';
import { type BriefcaseRow, toLotState } from '../lots/lots.state.ts';
import { type BidRow, findActiveBidOfCompany, lockLotWithContext } from './bids.queries.ts';

export const LOT_NOT_FOUND = 'Лот не найден';

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

export interface LockedLot {
  lot: LotRow;
  briefcase: BriefcaseRow;
  leaderBid: BidRow | null;
  state: LotState;
  /** Whether any autobid of the lot is enabled (read with the lock). */
  autobidsEnabled: boolean;
  /** Whether the company asked about already has a standing bid on the lot (read with the lock). */
  companyHasBid: boolean;
}

/**
 * Locks the lot row and reads, in the same statement, its procedure, its leading bid and (for `companyId`)
 * whether that company has bid on it before: one round trip under the lock.
 */
export async function lockTradingLot(tx: Tx, lotId: number, companyId = 0): Promise<LockedLot> {
  const row = await lockLotWithContext(tx, lotId, companyId);
  if (!row) throw notFound(LOT_NOT_FOUND);
  const { lot, briefcase, leader } = row;
  return {
    lot,
    briefcase,
    leaderBid: leader,
    state: toLotState(lot, briefcase, leader),
    autobidsEnabled: row.autobidsEnabled,
    companyHasBid: row.companyHasBid,
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
