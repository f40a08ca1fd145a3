/**
 * The seller's choice at the end of a lot (spec 2 §4 "Winner selection"): the owner or an administrator, once both
 * the lot and the procedure are finished, picks one of the lot's bids (any bidder's, not only the leader's) or none.
 * The lot becomes closed with that winner, or without one. In convert mode the choice fixes the classic second
 * round's start price: the chosen offer's amount, or the lot's minimum price for none.
 */
import type { Kopecks } from '../money.ts';
import type { BriefcaseStatus } from '../statuses.ts';
import type { LotState, RankedBid, RuleResult } from './lotState.ts';
import { reject } from './lotState.ts';
import { WINNER_MESSAGES as M } from './messages.ts';
import { secondRoundStartPrice } from './sealed.ts';
import { type AwardableLot, canAwardLot } from './wholePortfolio.ts';

export interface WinnerChooser {
  isOwner: boolean;
  isAdmin: boolean;
}

/** Whether "Выбрать победителя" ("Выбрать ставку" in convert mode) applies. */
export function canChooseWinner(
  lot: Pick<LotState, 'status'>,
  procedureStatus: BriefcaseStatus,
  actor: WinnerChooser,
): RuleResult {
  if (!actor.isOwner && !actor.isAdmin) return reject('forbidden', M.notAllowed);
  if (lot.status !== 'finished' || procedureStatus !== 'finished') return reject('conflict', M.notFinished);
  return { ok: true };
}

export type WinnerChoice = RuleResult<{ lot: LotState; secondRoundStartPrice: Kopecks | null }>;

/**
 * Closes the lot with the chosen bid (`bidId` null: no winner / minimum price). `portfolio` is every lot of the
 * procedure when it has a whole-portfolio lot: a winner is refused where a lot with the same debts already has one
 * (wholePortfolio.ts); closing without a winner always stays possible. A convert round's choice is a start price,
 * not a sale: the rule holds in its second round.
 */
export function chooseWinner(
  lot: LotState,
  bids: readonly RankedBid[],
  bidId: number | null,
  procedureStatus: BriefcaseStatus,
  actor: WinnerChooser,
  portfolio: readonly AwardableLot[] = [],
): WinnerChoice {
  const allowed = canChooseWinner(lot, procedureStatus, actor);
  if (!allowed.ok) return allowed;
  const chosen = bidId === null ? null : bids.find((bid) => bid.bidId === bidId);
  if (chosen === undefined) return reject('invalid', M.unknownBid, 'bid_id');
  const self = portfolio.find((other) => other.id === lot.id);
  if (chosen !== null && lot.end_mode !== 'convert' && self) {
    const free = canAwardLot(self, portfolio);
    if (!free.ok) return free;
  }
  const winner = chosen && { bidId: chosen.bidId, companyId: chosen.companyId, amount: chosen.amount };
  return {
    ok: true,
    lot: { ...lot, status: 'closed', winner, is_without_winner: winner === null },
    secondRoundStartPrice: lot.end_mode === 'convert' ? secondRoundStartPrice(lot, bids, bidId) : null,
  };
}
