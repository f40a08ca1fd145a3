/** Publishes lot updates on the bus, after the transaction that changed the lots has committed. */
import { liveMessage } from '@etp/contracts';
import type { AppContext } from '../../appContext.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { BusEvent } from '../../realtime/bus.ts';
import { type BidRow, findBidsByIds } from '../bids/bids.queries.ts';
import { presentLotLive } from './lots.presenter.ts';
import {
  findBriefcaseOfLot,
  findCompanyName,
  findCompanyNames,
  findLotIdsOfBriefcases,
  findLotsByIds,
  type TradingLotRow,
} from './lots.queries.ts';
import type { LeaderTagger } from './trading/leaderTags.ts';
import { type BriefcaseRow, type LotProcedure, toLotState } from './trading/lotState.ts';

export interface LotSnapshot {
  lot: TradingLotRow;
  briefcase: LotProcedure & Pick<BriefcaseRow, 'id'>;
  leaderBid: BidRow | null;
  leaderName: string | null;
  /** The chosen winner's company name (for sellers); read when the lot has a winner and this is left out. */
  winnerName?: string | null;
}

export async function publishLotSnapshots(
  ctx: AppContext,
  tag: LeaderTagger,
  snapshots: LotSnapshot[],
): Promise<void> {
  const t = ctx.now().getTime();
  for (const snapshot of snapshots) {
    const { leaderBid, lot } = snapshot;
    let leaderName = snapshot.leaderName;
    if (leaderBid && leaderName === null) leaderName = await findCompanyName(ctx.db, leaderBid.companyId);
    let winnerName = snapshot.winnerName ?? null;
    if (lot.winnerCompanyId !== null && snapshot.winnerName === undefined)
      winnerName = await findCompanyName(ctx.db, lot.winnerCompanyId);
    for (const event of lotEvents(tag, { ...snapshot, leaderName, winnerName }, t))
      await ctx.bus.publish(event);
  }
}

/** A lot's live update, as its participants and its masters see it. */
function lotEvents(tag: LeaderTagger, snapshot: LotSnapshot, t: number): BusEvent[] {
  const { lot, briefcase, leaderBid, leaderName } = snapshot;
  const state = toLotState(lot, briefcase, leaderBid);
  const leader = leaderBid ? { companyId: leaderBid.companyId, name: leaderName ?? '' } : null;
  const payloads = presentLotLive(lot, briefcase, state, leader, tag, snapshot.winnerName ?? null);
  return [
    {
      message: liveMessage.lot_update(briefcase.id, payloads.participants, t),
      audience: { kind: 'participants' },
    },
    { message: liveMessage.lot_update(briefcase.id, payloads.masters, t), audience: { kind: 'masters' } },
  ];
}

/**
 * The current update of every lot of the procedures whose LotsStream a node's sockets follow, read from the
 * database (the live hub's snapshot after a gap in the bus).
 */
export async function lotStreamSnapshot(
  ctx: AppContext,
  tag: LeaderTagger,
  channels: { channel: string; briefcaseId: number | null }[],
): Promise<BusEvent[]> {
  const briefcaseIds = channels
    .filter((c) => c.channel === 'LotsStream' && c.briefcaseId !== null)
    .map((c) => c.briefcaseId as number);
  if (briefcaseIds.length === 0) return [];
  const ids = await findLotIdsOfBriefcases(ctx.db, briefcaseIds);
  const t = ctx.now().getTime();
  const snapshots = await loadLotSnapshots(ctx.db, ids);
  return snapshots.flatMap((snapshot) => lotEvents(tag, snapshot, t));
}

/** Reads lots with their procedures and leaders, as the live updates need them. */
export async function loadLotSnapshots(db: DbOrTx, lotIds: number[]): Promise<LotSnapshot[]> {
  if (lotIds.length === 0) return [];
  const rows = await findLotsByIds(db, lotIds);
  const leaderBids = await findBidsByIds(
    db,
    rows.map((l) => l.leaderBidId).filter((v): v is number => v !== null),
  );
  const companyIds = [
    ...new Set([
      ...leaderBids.map((b) => b.companyId),
      ...rows.map((l) => l.winnerCompanyId).filter((v): v is number => v !== null),
    ]),
  ];
  const names = await findCompanyNames(db, companyIds);
  const briefcases = new Map<number, BriefcaseRow>();
  const snapshots: LotSnapshot[] = [];
  for (const lot of rows) {
    let briefcase = briefcases.get(lot.briefcaseId);
    if (!briefcase) {
      briefcase = (await findBriefcaseOfLot(db, lot.briefcaseId))!;
      briefcases.set(lot.briefcaseId, briefcase);
    }
    const leaderBid = leaderBids.find((b) => b.id === lot.leaderBidId) ?? null;
    const nameOf = (id: number | null) =>
      id === null ? null : (names.find((n) => n.id === id)?.name ?? null);
    snapshots.push({
      lot,
      briefcase,
      leaderBid,
      leaderName: nameOf(leaderBid?.companyId ?? null),
      winnerName: nameOf(lot.winnerCompanyId),
    });
  }
  return snapshots;
}

export async function publishLots(ctx: AppContext, tag: LeaderTagger, lotIds: number[]): Promise<void> {
  await publishLotSnapshots(ctx, tag, await loadLotSnapshots(ctx.db, lotIds));
}
