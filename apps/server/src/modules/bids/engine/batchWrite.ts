/**
 * The write of a committed batch of classic bids (decisions/0050): the accepted bids of every lot, the lots, the
 * outbid events and the audit entries, in one statement; each accepted bid is settled with the lot as it left it.
 */
import { applyClassicBid } from '@etp/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { type AuditEntryInput, appendAuditBatch, planAudit, settleAudit } from '../../audit/audit.queries.ts';
import type { NewEvent } from '../../events/events.queries.ts';
import { eventRows } from '../../events/events.service.ts';
import { lotRowChanges, toLotState } from '../../lots/trading/lotState.ts';
import type { BidRow } from '../bids.queries.ts';
import type { BatchLot, BatchOutcome, CommittedBatch } from './batch.ts';
import type { LotInBatch, Pending } from './batchDecide.ts';
import { writeBidBatch } from './batchWrite.queries.ts';
import { outbidEvent } from './notify.ts';

/** Runs the batch's write as the prepared BATCH_WRITE_STATEMENT on the batcher's own connection. */
export type BatchWrite = (values: unknown[]) => Promise<Record<string, unknown>[]>;

/** Writes the accepted bids of every lot: bids, lots, outbid events and audit entries, in one statement. */
export async function writeBatch(
  tx: DbOrTx,
  lots: Map<number, LotInBatch>,
  idOf: Map<Pending, number>,
  settled: Map<Pending, BatchOutcome>,
  prepared?: BatchWrite,
): Promise<CommittedBatch> {
  const changed = [...lots.values()].filter((l) => l.accepted.length > 0);
  if (changed.length === 0) return { lots: [], briefcaseIds: [] };
  const rows: BidRow[] = [];
  const audit: AuditEntryInput[] = [];
  const outbid: NewEvent[] = [];
  const result: BatchLot[] = [];
  const updates: { id: number; changes: ReturnType<typeof lotRowChanges> }[] = [];
  for (const l of changed) {
    const { lot, briefcase, leaderBid } = l.locked;
    let state = toLotState(lot, briefcase, leaderBid);
    let leader: BidRow | null = leaderBid;
    let leaderName: string | null = null;
    let last = lot.updatedAt;
    const placed: { pending: Pending; bid: BidRow }[] = [];
    for (const a of l.accepted) {
      const bid: BidRow = {
        id: idOf.get(a.pending)!,
        lotId: lot.id,
        briefcaseId: briefcase.id,
        userId: a.pending.auth.user.id,
        companyId: a.pending.auth.company?.id ?? 0,
        amount: a.amount,
        sourceType: 'hand',
        state: 'active',
        idempotencyKey: a.pending.idempotencyKey ?? null,
        createdAt: a.pending.at,
        updatedAt: a.pending.at,
      };
      rows.push(bid);
      const applied = applyClassicBid(
        state,
        { userId: bid.userId, companyId: bid.companyId, amount: bid.amount, bidId: bid.id },
        a.pending.at.getTime(),
      );
      state = applied.lot;
      leader = bid;
      leaderName = a.pending.auth.company?.name ?? null;
      last = a.pending.at;
      for (const { type, ...payload } of applied.events) {
        audit.push({
          briefcaseId: briefcase.id,
          action: type,
          actorUserId: bid.userId,
          payload,
          at: a.pending.at,
        });
      }
      if (a.previousLeaderUserId !== null && a.previousLeaderUserId !== bid.userId) {
        outbid.push(...eventRows([a.previousLeaderUserId], outbidEvent(briefcase, lot, a.pending.at)));
      }
      placed.push({ pending: a.pending, bid });
    }
    const changes = lotRowChanges(state, l.bidders, last);
    updates.push({ id: lot.id, changes });
    const after: BatchLot = {
      lot: { ...lot, ...changes, version: lot.version + 1 },
      briefcase,
      state,
      leaderBid: leader,
      leaderName,
    };
    for (const { pending, bid } of placed) settled.set(pending, { kind: 'placed', bid, lot: after });
    result.push(after);
  }
  const plan = await planAudit(tx, audit);
  const chains = await writeBidBatch(
    tx,
    { bids: rows, lots: updates, events: outbid, audit: plan.json },
    prepared,
  );
  // A chain whose remembered head was wrong got none of its entries: append them after the real head.
  await appendAuditBatch(tx, settleAudit(plan, chains));
  return { lots: result, briefcaseIds: [...new Set(result.map((l) => l.briefcase.id))] };
}
