/**
 * The deal's events (and so its e-mails, events/mail/mailQueue.ts): each move is told to the members of the side that
 * did not make it; a move of the platform or an administrator to both sides. Written in the move's transaction.
 * The payload names the action, so the mail policy tells a step (deal_mailer.steps) from a failure (decisions/0261).
 */
import type { DealActionType, DealParty } from '@etp/domain';
import type { Tx } from '../../../db/client.ts';
import type { DealRow } from '../../../db/schema/index.ts';
import { lotTitle } from '../../events/events.messages.ts';
import { companyUserIds } from '../../events/events.queries.ts';
import { recordEvents } from '../../events/events.service.ts';
import { dealEventText } from '../deals.messages.ts';
import { findDealFacts } from '../deals.queries.ts';

export async function recordDealEvent(
  tx: Tx,
  row: DealRow,
  by: DealParty,
  action: DealActionType,
  at: Date,
): Promise<void> {
  const companies =
    by === 'buyer'
      ? [row.sellerCompanyId]
      : by === 'seller'
        ? [row.buyerCompanyId]
        : [row.buyerCompanyId, row.sellerCompanyId];
  const facts = await findDealFacts(tx, [row]);
  const lot = facts.lots.get(row.lotId);
  const userIds: number[] = [];
  for (const id of companies) userIds.push(...(await companyUserIds(tx, id)));
  await recordEvents(tx, userIds, {
    kind: 'deal',
    text: dealEventText(lot ? lotTitle(lot) : `Лот ${row.lotId}`, row.briefcaseId, row.state),
    briefcaseId: row.briefcaseId,
    lotId: row.lotId,
    payload: { deal_id: row.id, state: row.state, action },
    at,
  });
}
