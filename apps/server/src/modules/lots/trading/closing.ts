/** Moves a procedure to the status its lots imply once the last of them is decided. */
import { nextProcedureStatusAfterLots } from '@etp/domain';
import type { Tx } from '../../../db/client.ts';
import { appendAudit } from '../../audit/audit.queries.ts';
import { recordStatusEvents } from '../../events/trading/tradingEvents.ts';
import { findLotOutcomes, setBriefcaseClosed } from '../lots.queries.ts';
import type { BriefcaseRow } from './lotState.ts';

/**
 * When every lot of a finished procedure is closed, the procedure is closed too: closed (some winner),
 * closed_without_winners or closed_without_bids. can_start_second_round is set for a convert procedure whose
 * seller fixed at least one start price. Returns the updated procedure, or null when nothing changed.
 */
export async function closeProcedureIfDone(
  tx: Tx,
  procedure: BriefcaseRow,
  at: Date,
  actorUserId: number | null,
): Promise<BriefcaseRow | null> {
  if (procedure.status !== 'finished' && procedure.status !== 'active') return null;
  const rows = await findLotOutcomes(tx, procedure.id);
  const next = nextProcedureStatusAfterLots(
    rows.map((r) => ({
      status: r.status,
      bids_count: r.bidsCount,
      winner: r.winnerBidId ? { bidId: r.winnerBidId, companyId: r.winnerCompanyId ?? 0, amount: 0 } : null,
    })),
  );
  if (next === null || next === procedure.status || next === 'active' || next === 'ready') return null;
  const canStartSecondRound =
    next !== 'finished' &&
    procedure.endMode === 'convert' &&
    rows.some((r) => r.secondRoundStartPrice !== null);
  const updated = await setBriefcaseClosed(tx, procedure.id, {
    status: next,
    canStartSecondRound,
    updatedAt: at,
  });
  await appendAudit(tx, {
    briefcaseId: procedure.id,
    action: 'briefcase_status',
    actorUserId,
    payload: { from: procedure.status, to: next },
    at,
  });
  if (updated) await recordStatusEvents(tx, updated, at);
  return updated ?? null;
}
