/**
 * Events of trading (docs/decisions/0034-events.md): a procedure's status changes for its seller and participants,
 * and a lot's result for everyone who bid on it. Each is written in the transaction of the change it reports.
 */
import { briefcaseStatusLabel, isBriefcaseStatus } from '@etp/domain';
import type { Tx } from '../../db/client.ts';
import { recordEvents } from './events.service.ts';
import { lotBidderUserIds, procedureAudienceUserIds } from './trading.events.queries.ts';

/** The lot as events and documents name it: 'Лот №N', or the name the seller gave it (as the web shows it). */
export function lotTitle(lot: { number: number; aliasNumber: string | null }): string {
  const alias = lot.aliasNumber?.trim();
  return !alias || alias === String(lot.number) ? `Лот №${lot.number}` : alias;
}

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
    text: `ТП №${procedure.id}: статус «${label}»`,
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
  const title = `${lotTitle(lot)} ТП №${lot.briefcaseId}`;
  const common = { briefcaseId: lot.briefcaseId, lotId: lot.id, at };
  const winners = bidders.filter((b) => b.companyId === winnerCompanyId).map((b) => b.userId);
  const losers = bidders.filter((b) => b.companyId !== winnerCompanyId).map((b) => b.userId);
  await recordEvents(tx, winners, { ...common, kind: 'won', text: `${title}: вы победили` });
  await recordEvents(tx, losers, {
    ...common,
    kind: 'lost',
    text:
      winnerCompanyId === null
        ? `${title}: продавец завершил лот без победителя`
        : `${title}: победил другой участник`,
  });
}
