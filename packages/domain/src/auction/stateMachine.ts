/**
 * Status transitions of procedures and lots, and the procedure status the lots imply.
 *
 * Procedure: created → pending → ready | rejected (moderation: an administrator approves what a seller sent, the
 * seller confirms what an administrator made for it); ready → active at the start; active → finished when its last
 * lot ends; finished → closed | closed_without_bids | closed_without_winners | closed_with_next_round; a closed
 * procedure (closed, closed_without_bids, closed_without_winners) → closed_with_next_round when an administrator
 * creates the next round from its unsold lots.
 * Lot: created → pending → ready → active → finished → closed. Every other move is refused; nothing moves back.
 */
import type { BriefcaseStatus, LotStatus } from '../statuses.ts';
import type { LotState } from './lotState.ts';

const PROCEDURE_TRANSITIONS: Readonly<Record<BriefcaseStatus, readonly BriefcaseStatus[]>> = {
  created: ['pending'],
  pending: ['ready', 'rejected'],
  rejected: [],
  ready: ['active'],
  active: ['finished'],
  finished: ['closed', 'closed_without_bids', 'closed_without_winners', 'closed_with_next_round'],
  // Unsold lots may go to a next round once the seller has decided every lot (decisions/0011).
  closed: ['closed_with_next_round'],
  closed_without_bids: ['closed_with_next_round'],
  closed_without_winners: ['closed_with_next_round'],
  closed_with_next_round: [],
};

const LOT_TRANSITIONS: Readonly<Record<LotStatus, readonly LotStatus[]>> = {
  created: ['pending'],
  pending: ['ready'],
  ready: ['active'],
  active: ['finished'],
  finished: ['closed'],
  closed: [],
};

/** One step of a procedure's status. */
export function canTransition(from: BriefcaseStatus, to: BriefcaseStatus): boolean {
  return PROCEDURE_TRANSITIONS[from].includes(to);
}

/** One step of a lot's status. */
export function canLotTransition(from: LotStatus, to: LotStatus): boolean {
  return LOT_TRANSITIONS[from].includes(to);
}

/**
 * A lot's status by the clock: ready becomes active at start_ms, active becomes finished at end_ms (a ready lot
 * whose whole window passed is finished: two steps). Dutch lots also finish earlier when the clock reaches an
 * order: see dutch.ts. Other statuses do not move with time.
 */
export function lotStatusAt(lot: Pick<LotState, 'status' | 'start_ms' | 'end_ms'>, nowMs: number): LotStatus {
  if (lot.status !== 'ready' && lot.status !== 'active') return lot.status;
  if (nowMs >= lot.end_ms) return 'finished';
  if (nowMs >= lot.start_ms) return 'active';
  return lot.status;
}

export type LotSummary = Pick<LotState, 'status' | 'bids_count' | 'winner'>;

/**
 * The procedure status its lots imply, or null when they imply none (no lots, or lots not yet approved):
 * - every lot ready → ready; any lot ready or active → active;
 * - else any lot finished → finished (the seller still has to choose);
 * - every lot closed → closed_with_next_round when a next round was created from it, closed_without_bids when no
 *   lot had a bid, closed_without_winners when lots had bids but none got a winner, else closed.
 */
export function nextProcedureStatusAfterLots(
  lots: readonly LotSummary[],
  options: { nextRoundCreated?: boolean } = {},
): BriefcaseStatus | null {
  if (lots.length === 0) return null;
  const has = (status: LotStatus) => lots.some((lot) => lot.status === status);
  if (has('created') || has('pending')) return null;
  if (lots.every((lot) => lot.status === 'ready')) return 'ready';
  if (has('ready') || has('active')) return 'active';
  if (has('finished')) return 'finished';
  if (options.nextRoundCreated) return 'closed_with_next_round';
  if (lots.every((lot) => lot.bids_count === 0)) return 'closed_without_bids';
  if (lots.every((lot) => lot.winner === null)) return 'closed_without_winners';
  return 'closed';
}
