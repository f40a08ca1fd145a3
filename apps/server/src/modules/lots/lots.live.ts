/** Publishes lot updates on the bus, after the transaction that changed the lots has committed. */
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../appContext.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { type BidRow, findBidsByIds } from '../bids/bids.queries.ts';
import { presentLotLive } from './lots.presenter.ts';
import { findBriefcaseOfLot, findLotsByIds, type LotRow } from './lots.queries.ts';
import { type BriefcaseRow, toLotState } from './lots.state.ts';
import type { LeaderTagger } from './lots.tags.ts';

export interface LotSnapshot {
  lot: LotRow;
  briefcase: BriefcaseRow;
  leaderBid: BidRow | null;
  leaderName: string | null;
}

export async function publishLotSnapshots(
  ctx: AppContext,
  tag: LeaderTagger,
  snapshots: LotSnapshot[],
): Promise<void> {
  const t = ctx.now().getTime();
  for (const snapshot of snapshots) {
    const { lot, briefcase, leaderBid } = snapshot;
    let leaderName = snapshot.leaderName;
    if (leaderBid && leaderName === null) {
      const [row] = await ctx.db
        .select({ name: companies.name })
        .from(companies)
        .where(inArray(companies.id, [leaderBid.companyId]));
      leaderName = row?.name ?? null;
    }
    const state = toLotState(lot, briefcase, leaderBid);
    const leader = leaderBid ? { companyId: leaderBid.companyId, name: leaderName ?? '' } : null;
    const payloads = presentLotLive(lot, briefcase, state, leader, tag);
    const message = (payload: unknown) => ({
      channel: 'LotsStream' as const,
      briefcase_id: briefcase.id,
      action: 'lot_update' as const,
      payload,
      t,
    });
    await ctx.bus.publish({ message: message(payloads.participants), audience: { kind: 'participants' } });
    await ctx.bus.publish({ message: message(payloads.masters), audience: { kind: 'masters' } });
  }
}

/** Reads lots with their procedures and leaders, as the live updates need them. */
export async function loadLotSnapshots(db: DbOrTx, lotIds: number[]): Promise<LotSnapshot[]> {
  if (lotIds.length === 0) return [];
  const rows = await findLotsByIds(db, lotIds);
  const leaderBids = await findBidsByIds(
    db,
    rows.map((l) => l.leaderBidId).filter((v): v is number => v !== null),
  );
  const companyIds = [...new Set(leaderBids.map((b) => b.companyId))];
  const names = companyIds.length
    ? await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, companyIds))
    : [];
  const briefcases = new Map<number, BriefcaseRow>();
  const snapshots: LotSnapshot[] = [];
  for (const lot of rows) {
    let briefcase = briefcases.get(lot.briefcaseId);
    if (!briefcase) {
      briefcase = (await findBriefcaseOfLot(db, lot.briefcaseId))!;
      briefcases.set(lot.briefcaseId, briefcase);
    }
    const leaderBid = leaderBids.find((b) => b.id === lot.leaderBidId) ?? null;
    const leaderName = leaderBid ? (names.find((n) => n.id === leaderBid.companyId)?.name ?? null) : null;
    snapshots.push({ lot, briefcase, leaderBid, leaderName });
  }
  return snapshots;
}

export async function publishLots(ctx: AppContext, tag: LeaderTagger, lotIds: number[]): Promise<void> {
  await publishLotSnapshots(ctx, tag, await loadLotSnapshots(ctx.db, lotIds));
}
