/**
 * The registry's hand-over (decisions/0264): once the seller confirms the payment, the platform hands the lot's
 * registry to the buyer in the same transaction (`hand_over_registry` by the system: paid → registry_handed_over),
 * so "payment confirmed" and "the registry can be downloaded" are one moment. Audit entry and event as every step.
 */
import { applyDealAction } from '@etp/domain';
import type { Tx } from '../../../db/client.ts';
import type { DealRow } from '../../../db/schema/index.ts';
import { appendAudit } from '../../audit/audit.queries.ts';
import { updateDeal } from '../deals.queries.ts';
import { columnsOf, toDeal } from './dealState.ts';
import { recordDealEvent } from './notify.ts';

/** The paid deal, locked by the caller, handed over; a deal in another state is returned as it is. */
export async function handOverRegistry(tx: Tx, row: DealRow, at: Date): Promise<DealRow> {
  if (row.state !== 'paid') return row;
  const applied = applyDealAction(
    toDeal(row),
    { type: 'hand_over_registry' },
    { kind: 'system' },
    at.getTime(),
  );
  if (!applied.ok) return row;
  const updated = await updateDeal(tx, row.id, columnsOf(applied.deal, at));
  await appendAudit(tx, {
    briefcaseId: updated.briefcaseId,
    action: 'deal_hand_over_registry',
    actorUserId: null,
    payload: {
      dealId: updated.id,
      lotId: updated.lotId,
      attempt: updated.attempt,
      buyerCompanyId: updated.buyerCompanyId,
      from: row.state,
      to: updated.state,
      by: 'system',
      events: applied.events,
    },
    at,
  });
  await recordDealEvent(tx, updated, 'system', 'hand_over_registry', at);
  return updated;
}
