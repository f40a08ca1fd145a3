/**
 * Rules of next and second rounds (spec 2 §4, decisions/0011). Next round (classic, dutch): after the end,
 * participants that bid apply for lots closed without a winner until the end of trading + round_request_ttl;
 * an administrator then creates the next round once the seller has decided every lot. Second round (convert):
 * the seller creates a classic round from the lots whose start price was chosen.
 */
import {
  AFTER_TRADING_STATUSES,
  type AwardableLot,
  DECIDED_STATUSES,
  type EndMode,
  hasNextRounds,
  soldElsewhere,
  statusIn,
} from '@etp/domain';
import type { AuctionTypeColumn, BriefcaseStatusColumn } from '../../db/schema/index.ts';
import { allow, refuse, type Verdict } from '../../http/verdict.ts';
import { ROUND_TEXTS as T } from './rounds.messages.ts';

export interface RoundActor {
  isAdmin: boolean;
  /** A user of the procedure's seller company. */
  isSellerMember: boolean;
}

/** Applications close this long after the end of trading (the latest lot end, anti-sniping included). */
export function roundRequestDeadline(endOfTrading: Date | null, ttlMs: number): Date | null {
  return endOfTrading === null ? null : new Date(endOfTrading.getTime() + ttlMs);
}

export interface ApplyFacts {
  auctionType: AuctionTypeColumn;
  status: BriefcaseStatusColumn;
  deadline: Date | null;
  /** The applicant's company placed at least one bid in the procedure. */
  hasBid: boolean;
}

export function canApplyForNextRound(actor: RoundActor, facts: ApplyFacts, now: Date): Verdict {
  if (actor.isAdmin) return refuse(403, T.adminCannotApply);
  if (actor.isSellerMember) return refuse(403, T.sellerCannotApply);
  if (!hasNextRounds(facts.auctionType)) return refuse(409, T.noNextRound);
  if (!statusIn(facts.status, AFTER_TRADING_STATUSES)) return refuse(409, T.notAccepting);
  if (facts.deadline === null || now >= facts.deadline) return refuse(409, T.expired);
  if (!facts.hasBid) return refuse(403, T.onlyBidders);
  return allow;
}

/** A lot goes to the next round only when it closed without a winner. */
export function isOpenForNextRound(lot: { status: string; winnerBidId: number | null }): boolean {
  return lot.status === 'closed' && lot.winnerBidId === null;
}

/**
 * A lot whose debts were sold in another lot of the procedure (the whole-portfolio lot, or one of its parts): it
 * goes to no next round, or the same debts would be sold twice (decisions/0245).
 */
export function soldInAnotherLot(lot: { id: number }, portfolio: readonly AwardableLot[]): boolean {
  const self = portfolio.find((other) => other.id === lot.id);
  return self !== undefined && soldElsewhere(self, portfolio);
}

export function canCreateNextRound(procedure: {
  auctionType: AuctionTypeColumn;
  status: BriefcaseStatusColumn;
}): Verdict {
  if (!hasNextRounds(procedure.auctionType)) return refuse(409, T.noNextRound);
  if (procedure.status === 'finished') return refuse(409, T.undecidedLots);
  if (!statusIn(procedure.status, DECIDED_STATUSES)) return refuse(409, T.notClosed);
  return allow;
}

export function canCreateSecondRound(
  actor: RoundActor,
  procedure: {
    endMode: EndMode;
    status: BriefcaseStatusColumn;
    canStartSecondRound: boolean;
    secondRoundId: number | null;
  },
): Verdict {
  if (actor.isAdmin || !actor.isSellerMember) return refuse(403, T.ownerOnly);
  if (procedure.endMode !== 'convert') return refuse(409, T.notConvert);
  if (procedure.secondRoundId !== null) return refuse(409, T.secondRoundExists);
  if (!procedure.canStartSecondRound || !statusIn(procedure.status, DECIDED_STATUSES)) {
    return refuse(409, T.secondRoundNotReady);
  }
  return allow;
}
