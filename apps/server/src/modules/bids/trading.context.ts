/**
 * What every trading call needs about the caller and the lot: access to the procedure (checked before the
 * transaction), then, under the lot's row lock, the lot, its procedure, its leader and the caller's standing.
 */
import { type BidActor, type LotState, REJECTION_HTTP_STATUS, type Rejection } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound, notInGoodStanding } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards.ts';
import { resolveBriefcaseAccess } from '../briefcases/briefcases.access.ts';
import { isAdmitted } from '../briefcases/briefcases.policy.ts';
import { findBriefcaseOfLot, findLot, type LotRow, lockLot } from '../lots/lots.queries.ts';
import { type BriefcaseRow, toLotState } from '../lots/lots.state.ts';
import { type BidRow, findActiveBidOfCompany, findBidsByIds } from './bids.queries.ts';

export const LOT_NOT_FOUND = 'Лот не найден';

export interface LotAccess {
  lotId: number;
  briefcaseId: number;
  master: boolean;
}

/** Whether the caller may see the lot at all; 404 or 403 otherwise. */
export async function checkLotAccess(ctx: AppContext, auth: AuthContext, lotId: number): Promise<LotAccess> {
  const lot = await findLot(ctx.db, lotId);
  if (!lot) throw notFound(LOT_NOT_FOUND);
  const access = await resolveBriefcaseAccess(ctx.db, auth, lot.briefcaseId);
  if (access.kind === 'not_in_good_standing') throw notInGoodStanding();
  if (access.kind !== 'open') throw notFound(LOT_NOT_FOUND);
  return { lotId, briefcaseId: lot.briefcaseId, master: access.master };
}

export interface LockedLot {
  lot: LotRow;
  briefcase: BriefcaseRow;
  leaderBid: BidRow | null;
  state: LotState;
}

export async function lockTradingLot(tx: Tx, lotId: number): Promise<LockedLot> {
  const lot = await lockLot(tx, lotId);
  if (!lot) throw notFound(LOT_NOT_FOUND);
  const briefcase = (await findBriefcaseOfLot(tx, lot.briefcaseId))!;
  const [leaderBid] = lot.leaderBidId ? await findBidsByIds(tx, [lot.leaderBidId]) : [];
  return {
    lot,
    briefcase,
    leaderBid: leaderBid ?? null,
    state: toLotState(lot, briefcase, leaderBid ?? null),
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
