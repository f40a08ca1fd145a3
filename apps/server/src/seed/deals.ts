/**
 * The demo's deals (decisions/0264): on the closed demo procedures' lots with a winner, a deal in each of the states a
 * user should see after `npm start`: awaiting signatures, awaiting payment, registry handed over (the buyer can
 * download it) and closed. Each is walked through the domain's rules from its opening, so its columns, deadlines and
 * audit entries are what the server would have written; the clocks run from about a day ago, so none is overdue.
 */
import {
  applyDealAction,
  DEFAULT_DEAL_DEADLINES,
  type Deal,
  type DealAction,
  type DealActor,
  type DealState,
  openDeal,
} from '@etp/domain';
import type { DbOrTx } from '../db/client.ts';
import { deals } from '../db/schema/index.ts';
import { type AuditEntryInput, appendAuditBatch } from '../modules/audit/audit.queries.ts';
import { columnsOf } from '../modules/deals/lifecycle/dealState.ts';
import type { AccountIds } from './accounts.ts';
import type { InsertedProcedure } from './insert.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The states shown, in the order the lots are taken, and the steps that lead to each. */
const TARGETS: readonly DealState[] = [
  'awaiting_signatures',
  'awaiting_payment',
  'registry_handed_over',
  'closed',
];
type Step = [DealAction, 'buyer' | 'seller' | 'system'];
const STEPS: readonly Step[] = [
  [{ type: 'sign', method: 'sms' }, 'buyer'],
  [{ type: 'sign', method: 'sms' }, 'seller'],
  [{ type: 'mark_paid' }, 'buyer'],
  [{ type: 'confirm_payment' }, 'seller'],
  [{ type: 'hand_over_registry' }, 'system'],
  [{ type: 'registry_downloaded' }, 'buyer'],
];

interface Won {
  procedure: InsertedProcedure;
  lotId: number;
  buyer: string;
  price: number;
  decidedAt: number;
}

/** The closed procedures' lots with a winner (not a convert round's: its choice is a start price, decision 0245). */
function wonLots(done: readonly InsertedProcedure[]): Won[] {
  const won: Won[] = [];
  for (const d of done) {
    if (d.model.spec.status !== 'closed' || d.model.spec.endMode === 'convert') continue;
    for (const [li, lot] of d.model.lots.entries()) {
      if (lot.status !== 'closed' || lot.winner === null) continue;
      const bid = lot.bids[lot.winner]!;
      won.push({
        procedure: d,
        lotId: d.lotIds[li]!,
        buyer: bid.company,
        price: bid.amount,
        decidedAt: d.model.end.getTime() + 30 * MINUTE,
      });
    }
  }
  return won;
}

export async function insertDemoDeals(
  tx: DbOrTx,
  done: readonly InsertedProcedure[],
  ids: AccountIds,
  now: Date,
): Promise<number> {
  const chosen = wonLots(done).slice(0, TARGETS.length);
  const audit: AuditEntryInput[] = [];
  for (const [i, won] of chosen.entries()) {
    const sellerCompany = ids.company[won.procedure.model.seller];
    const buyerCompany = ids.company[won.buyer as keyof typeof ids.company];
    const sellerUser = ids.user[won.procedure.model.seller];
    const buyerUser = ids.user[won.buyer as keyof typeof ids.user];
    // Opened a day ago (or at the choice, if later); each step an hour after the one before.
    let at = Math.max(won.decidedAt, now.getTime() - DAY) + MINUTE;
    const openedAt = at;
    const opened = openDeal(
      {
        seller_company_id: sellerCompany,
        buyer_company_id: buyerCompany,
        price_kopecks: won.price,
        deadlines: DEFAULT_DEAL_DEADLINES,
      },
      at,
    );
    if (!opened.ok) continue;
    const briefcaseId = won.procedure.id;
    const entry = (action: string, actorUserId: number | null, payload: object, ms: number) =>
      audit.push({
        briefcaseId,
        action,
        actorUserId,
        payload: { lotId: won.lotId, ...payload },
        at: new Date(ms),
      });
    entry('deal_opened', sellerUser, { to: opened.deal.state, buyerCompanyId: buyerCompany }, at);
    let deal: Deal = opened.deal;
    const signedBy = { buyer: null as number | null, seller: null as number | null };
    const step = Math.min(60 * MINUTE, Math.max(MINUTE, (now.getTime() - at) / (STEPS.length + 1)));
    for (const [action, who] of STEPS) {
      if (deal.state === TARGETS[i]) break;
      at += step;
      const actor: DealActor =
        who === 'system'
          ? { kind: 'system' }
          : { kind: 'member', company_id: who === 'buyer' ? buyerCompany : sellerCompany };
      const applied = applyDealAction(deal, action, actor, at);
      if (!applied.ok) break;
      const user = who === 'buyer' ? buyerUser : who === 'seller' ? sellerUser : null;
      if (action.type === 'sign' && who !== 'system') signedBy[who] = user;
      entry(`deal_${action.type}`, user, { from: deal.state, to: applied.deal.state, by: who }, at);
      deal = applied.deal;
    }
    const [row] = await tx
      .insert(deals)
      .values({
        ...columnsOf(deal, new Date(at)),
        lotId: won.lotId,
        briefcaseId,
        buyerSignedBy: signedBy.buyer,
        sellerSignedBy: signedBy.seller,
        createdAt: new Date(openedAt),
      })
      .returning({ id: deals.id });
    for (const e of audit) if (e.briefcaseId === briefcaseId) e.payload.dealId ??= row!.id;
  }
  // Each chain in time order (two deals of one procedure interleave).
  audit.sort((a, b) => a.at.getTime() - b.at.getTime());
  if (audit.length > 0) await appendAuditBatch(tx, audit);
  return chosen.length;
}
