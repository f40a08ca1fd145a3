/**
 * How a batch of classic bids decides (decisions/0050): each locked lot as the batch starts, then each bid in arrival
 * order against the lot as the earlier bids of the batch left it, with the domain rules. The batcher is
 * batch.ts; the write of what was accepted, batchWrite.ts.
 */
import { applyClassicBid, type BidActor, type LotState, validateBid } from '@etp/domain';
import { isAdmitted } from '../../briefcases/briefcases.policy.ts';
import { toLotState } from '../../lots/trading/lotState.ts';
import type { BatchBid, BatchOutcome } from './batch.ts';
import type { BatchBidderFacts, BatchLockRow } from './lotLock.queries.ts';
import { freshAccess, type LockedLot, rejected } from './tradingContext.ts';

/** A bid waiting in the batcher's queue, with the way to answer it. */
export interface Pending extends BatchBid {
  settle(outcome: BatchOutcome): void;
  /** When a batch first found the bid's lot held by another transaction (performance.now()). */
  heldSince?: number;
}

/** A lot of the batch: as locked, and as the bids accepted so far have made it. */
export interface LotInBatch {
  locked: LockedLot;
  state: LotState;
  /** Companies that had a standing bid on the lot, as the lock read them, plus those that bid in this batch. */
  bidders: number;
  leaderUserId: number | null;
  accepted: { pending: Pending; amount: number; previousLeaderUserId: number | null }[];
}

/** A locked lot as a batch starts deciding its bids. */
export function lotInBatch(row: BatchLockRow): LotInBatch {
  const state = toLotState(row.lot, row.briefcase, row.leader);
  const locked: LockedLot = {
    lot: row.lot,
    briefcase: row.briefcase,
    leaderBid: row.leader,
    state,
    // The per-caller facts come with each bid (BatchBidderFacts); these are not read for a batch.
    autobidsEnabled: false,
    companyHasBid: false,
    blacklisted: false,
    notInvited: false,
    sessionValid: true,
  };
  return {
    locked,
    state,
    bidders: row.lot.biddersCount,
    leaderUserId: row.leader?.userId ?? null,
    accepted: [],
  };
}

/** Decides one bid against the lot as the batch has it so far; null when accepted (settled after the write). */
export function decide(lot: LotInBatch, pending: Pending, fact: BatchBidderFacts): BatchOutcome | null {
  const { auth } = pending;
  const company = auth.company;
  let access: ReturnType<typeof freshAccess>;
  try {
    access = freshAccess(auth, {
      ...lot.locked,
      blacklisted: fact.blacklisted,
      notInvited: fact.notInvited,
      sessionValid: fact.sessionValid,
    });
  } catch (error) {
    return { kind: 'refused', error };
  }
  const actor: BidActor = {
    isOwner: access.master && auth.user.role !== 'admin',
    isAdmin: auth.user.role === 'admin',
    goodStanding: Boolean(company?.goodStanding),
    allowedKind: company !== null && isAdmitted(company, lot.locked.briefcase),
    standingAmount: null,
  };
  const companyId = company?.id ?? 0;
  const at = pending.at.getTime();
  const check = validateBid(
    lot.state,
    { amount: pending.amount, companyId, userId: auth.user.id, confirmRaise: pending.confirm },
    actor,
    at,
  );
  if (!check.ok) return { kind: 'refused', error: rejected(check) };
  const firstOfCompany =
    !fact.companyHasBid && !lot.accepted.some((a) => (a.pending.auth.company?.id ?? 0) === companyId);
  if (firstOfCompany) lot.bidders += 1;
  lot.accepted.push({ pending, amount: check.amount, previousLeaderUserId: lot.leaderUserId });
  // The bid's id is not known before the insert; the state is recomputed with it in write().
  lot.state = applyClassicBid(
    lot.state,
    { userId: auth.user.id, companyId, amount: check.amount, bidId: 0 },
    at,
  ).lot;
  lot.leaderUserId = auth.user.id;
  return null;
}
