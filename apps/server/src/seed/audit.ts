/**
 * The audit chain of each seeded procedure, as trading would have written it: the start, every bid, each lot's end,
 * the procedure's end, the seller's winners and the closing. So `npm run audit:verify` holds for the demo and a demo
 * protocol names a real chain head (decisions/0120).
 */
import { statusIn, TRADED_STATUSES } from '@etp/domain';
import type { DbOrTx } from '../db/client.ts';
import { type AuditEntryInput, appendAuditBatch } from '../modules/audit/audit.queries.ts';
import type { AccountIds } from './accounts.ts';
import type { InsertedProcedure } from './insert.ts';

/** Traded and over: the winners' choices are in the log too. */
const AFTER_TRADING = TRADED_STATUSES.filter((s) => s !== 'active');
/** The seller chose the winners this long after the end. */
const DECIDED_AFTER_MS = 30 * 60_000;

function entriesOf(d: InsertedProcedure, ids: AccountIds): AuditEntryInput[] {
  const p = d.model;
  const status = p.spec.status;
  if (!statusIn(status, TRADED_STATUSES)) return [];
  const briefcaseId = d.id;
  const seller = ids.user[p.seller];
  const entries: AuditEntryInput[] = [
    {
      briefcaseId,
      action: 'briefcase_status',
      actorUserId: null,
      payload: { from: 'ready', to: 'active' },
      at: p.start,
    },
  ];
  for (const [li, lot] of p.lots.entries()) {
    const lotId = d.lotIds[li]!;
    for (const [bi, bid] of lot.bids.entries()) {
      const userId = ids.user[bid.company];
      entries.push({
        briefcaseId,
        action: 'bid_placed',
        actorUserId: userId,
        payload: {
          lotId,
          source: bid.source,
          bidId: d.bidIds[li]![bi]!,
          companyId: ids.company[bid.company],
          userId,
          amount: bid.amount,
          at: bid.at.getTime(),
        },
        at: bid.at,
      });
    }
    if (lot.status === 'finished' || lot.status === 'closed') {
      const leader = lot.leader === null ? null : d.bidIds[li]![lot.leader]!;
      entries.push({
        briefcaseId,
        action: 'lot_finished',
        actorUserId: null,
        payload: { lotId, leaderBidId: leader, price: lot.currentPrice, closed: lot.bids.length === 0 },
        at: lot.end,
      });
    }
  }
  if (!statusIn(status, AFTER_TRADING)) return entries;
  entries.push({
    briefcaseId,
    action: 'briefcase_status',
    actorUserId: null,
    payload: { from: 'active', to: 'finished' },
    at: p.end,
  });
  if (status === 'finished') return entries;
  const decided = new Date(p.end.getTime() + DECIDED_AFTER_MS);
  for (const [li, lot] of p.lots.entries()) {
    if (lot.status !== 'closed' || lot.bids.length === 0) continue;
    const winner = lot.winner === null ? null : lot.bids[lot.winner]!;
    entries.push({
      briefcaseId,
      action: 'winner_chosen',
      actorUserId: seller,
      payload: {
        lotId: d.lotIds[li]!,
        bidId: lot.winner === null ? null : d.bidIds[li]![lot.winner]!,
        companyId: winner ? ids.company[winner.company] : null,
        secondRoundStartPrice: null,
      },
      at: decided,
    });
  }
  entries.push({
    briefcaseId,
    action: 'briefcase_status',
    actorUserId: seller,
    payload: { from: 'finished', to: status },
    at: decided,
  });
  return entries;
}

/** Appends each traded procedure's chain, in time order (the chain's order is its seq). */
export async function insertAuditChains(
  tx: DbOrTx,
  done: readonly InsertedProcedure[],
  ids: AccountIds,
): Promise<number> {
  let count = 0;
  for (const d of done) {
    const entries = entriesOf(d, ids).sort((a, b) => a.at.getTime() - b.at.getTime());
    if (entries.length === 0) continue;
    await appendAuditBatch(tx, entries);
    count += entries.length;
  }
  return count;
}
