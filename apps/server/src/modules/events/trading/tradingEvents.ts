/**
 * Events of trading (docs/decisions/0034-events.md): a procedure's status changes for its seller and participants,
 * and a lot's result for everyone who bid on it. Each is written in the transaction of the change it reports.
 */
import { briefcaseStatusLabel, isBriefcaseStatus } from '@etp/domain';
import type { Tx } from '../../../db/client.ts';
import { EVENT_TEXTS } from '../events.messages.ts';
import { recordEvents } from '../events.service.ts';
import {
  applicantUserIds,
  invitedUserIds,
  lotBidderUserIds,
  procedureAudienceUserIds,
} from './trading.queries.ts';

/**
 * The procedure moved to `status`: its seller's users and everyone taking part (a bid, an autobid or a
 * favourite star on it) learn it.
 */
export async function recordStatusEvents(
  tx: Tx,
  procedure: { id: number; companyId: number; status: string; nextRoundCount: number },
  at: Date,
): Promise<void> {
  if (!isBriefcaseStatus(procedure.status)) return;
  const label = briefcaseStatusLabel(procedure.status, procedure.nextRoundCount);
  await recordEvents(tx, await procedureAudienceUserIds(tx, procedure.id, procedure.companyId), {
    kind: 'briefcase_status',
    text: EVENT_TEXTS.status(procedure.id, label),
    briefcaseId: procedure.id,
    payload: { status: procedure.status },
    at,
  });
}

/**
 * The seller decided a lot: the users of the winning company who bid on it won; every other bidder lost (with
 * the reason: another participant won, or the seller chose no winner).
 */
export async function recordWinnerEvents(
  tx: Tx,
  lot: { id: number; briefcaseId: number; number: number; aliasNumber: string | null },
  winnerCompanyId: number | null,
  at: Date,
): Promise<void> {
  const bidders = await lotBidderUserIds(tx, lot.id);
  const common = { briefcaseId: lot.briefcaseId, lotId: lot.id, at };
  const winners = bidders.filter((b) => b.companyId === winnerCompanyId).map((b) => b.userId);
  const losers = bidders.filter((b) => b.companyId !== winnerCompanyId).map((b) => b.userId);
  await recordEvents(tx, winners, { ...common, kind: 'won', text: EVENT_TEXTS.won(lot, lot.briefcaseId) });
  await recordEvents(tx, losers, {
    ...common,
    kind: 'lost',
    text:
      winnerCompanyId === null
        ? EVENT_TEXTS.lostNoWinner(lot, lot.briefcaseId)
        : EVENT_TEXTS.lostToOther(lot, lot.briefcaseId),
  });
}

/** A closed procedure was published: the users of every invited company learn they may take part. */
export async function recordProcedureInvitations(tx: Tx, procedure: { id: number }, at: Date): Promise<void> {
  await recordEvents(tx, await invitedUserIds(tx, procedure.id), {
    kind: 'procedure_invitation',
    text: EVENT_TEXTS.procedureInvitation(procedure.id),
    briefcaseId: procedure.id,
    at,
  });
}

/** A next round was made of the lots companies applied for: their users are invited to it. */
export async function recordRoundInvitations(
  tx: Tx,
  round: { id: number },
  fromBriefcaseId: number,
  at: Date,
): Promise<void> {
  await recordEvents(tx, await applicantUserIds(tx, fromBriefcaseId), {
    kind: 'round_invitation',
    text: EVENT_TEXTS.roundInvitation(round.id, fromBriefcaseId),
    briefcaseId: round.id,
    payload: { from: fromBriefcaseId },
    at,
  });
}
