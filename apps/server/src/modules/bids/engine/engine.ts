/**
 * The engine's write path for one lot, inside the transaction that holds the lot's row lock: it applies the domain
 * rules, stores the bids, updates the lot and appends the audit entries. Every accepted bid is committed before
 * it is acknowledged or broadcast (the caller publishes after commit).
 */
import {
  type AuctionEvent,
  applyClassicBid,
  type LotState,
  placeDutchOrder,
  placeSealedOffer,
  resolveAutobids,
} from '@etp/domain';
import type { Tx } from '../../../db/client.ts';
import { appendAudit } from '../../audit/audit.queries.ts';
import type { AutobidRow, TradingLotRow } from '../../lots/lots.queries.ts';
import { updateLot } from '../../lots/lots.queries.ts';
import { lotRowChanges, rankedBid } from '../../lots/trading/lotState.ts';
import { disableAutobids, findEnabledAutobids } from '../autobids.queries.ts';
import {
  type BidRow,
  countBidders,
  findActiveBids,
  findBidById,
  insertBids,
  setBidState,
} from '../bids.queries.ts';
import type { BidProcedure } from './lotLock.queries.ts';

export interface EngineOutcome {
  lot: TradingLotRow;
  leaderBid: BidRow | null;
  placed: BidRow[];
  events: AuctionEvent[];
  /** Companies whose autobid can no longer bid (for the autobid_maxed_out message). */
  maxedOutCompanies: number[];
}

interface Placement {
  userId: number;
  companyId: number;
  amount: number;
  idempotencyKey?: string;
}

const toAutobid = (a: AutobidRow) => ({
  id: a.id,
  companyId: a.companyId,
  userId: a.userId,
  maxPrice: a.maxPrice,
  createdAt: a.createdAt.getTime(),
  enabled: a.enabled,
});

/** Lets the enabled autobids answer, in one pass, and stores what they bid. */
export async function runAutobids(
  tx: Tx,
  state: LotState,
  briefcaseId: number,
  at: Date,
  /** False when the lock's read found no enabled autobid: nothing to read then. */
  anyEnabled = true,
): Promise<{ state: LotState; placed: BidRow[]; events: AuctionEvent[]; maxedOut: number[] }> {
  if (!anyEnabled) return { state, placed: [], events: [], maxedOut: [] };
  const rows = await findEnabledAutobids(tx, state.id);
  const resolution = resolveAutobids(state, rows.map(toAutobid), at.getTime());
  const placed: BidRow[] = [];
  const events: AuctionEvent[] = [];
  let current = state;
  for (const bid of resolution.bids) {
    const [row] = await insertBids(tx, [
      {
        lotId: state.id,
        briefcaseId,
        userId: bid.userId,
        companyId: bid.companyId,
        amount: bid.amount,
        sourceType: 'auto',
        createdAt: at,
      },
    ]);
    const applied = applyClassicBid(current, { ...bid, bidId: row!.id, source: 'auto' }, at.getTime());
    current = applied.lot;
    placed.push(row!);
    events.push(...applied.events);
  }
  const maxedIds = resolution.maxedOut.map((a) => a.id);
  if (maxedIds.length) {
    await disableAutobids(tx, maxedIds, at);
    for (const a of resolution.maxedOut) {
      events.push({ type: 'autobid_maxed_out', lotId: state.id, autobidId: a.id, companyId: a.companyId });
    }
  }
  return { state: current, placed, events, maxedOut: resolution.maxedOut.map((a) => a.companyId) };
}

/** What the lock's read already told about the lot (see lockTradingLot). */
export interface LockFacts {
  autobidsEnabled: boolean;
  /** The bidding company had a standing bid on the lot before this one. */
  companyHasBid: boolean;
}

/** Stores a validated bid (see validateBid) in the lot's format, then lets autobids answer a classic one. */
export async function placeValidatedBid(
  tx: Tx,
  lot: TradingLotRow,
  briefcase: BidProcedure,
  state: LotState,
  bid: Placement,
  at: Date,
  facts: LockFacts = { autobidsEnabled: true, companyHasBid: true },
): Promise<EngineOutcome> {
  const now = at.getTime();
  const base = {
    lotId: lot.id,
    briefcaseId: briefcase.id,
    userId: bid.userId,
    companyId: bid.companyId,
    amount: bid.amount,
    createdAt: at,
    idempotencyKey: bid.idempotencyKey,
  };
  let next: LotState;
  let events: AuctionEvent[];
  let placed: BidRow[];
  let maxedOut: number[] = [];
  let bidders: number | undefined;
  if (briefcase.auctionType === 'classic') {
    const [row] = await insertBids(tx, [base]);
    const applied = applyClassicBid(state, { ...bid, bidId: row!.id }, now);
    const answer = await runAutobids(tx, applied.lot, briefcase.id, at, facts.autobidsEnabled);
    next = answer.state;
    events = [...applied.events, ...answer.events];
    placed = [row!, ...answer.placed];
    maxedOut = answer.maxedOut;
    // Classic bids are final: the bidders only grow, by one when this company bids for the first time. When
    // autobids answered (other companies may have joined) they are counted again.
    if (answer.placed.length === 0) bidders = lot.biddersCount + (facts.companyHasBid ? 0 : 1);
  } else {
    // Dutch orders and sealed offers: one standing bid per company, replaced by a new one.
    const standing = await findActiveBids(tx, lot.id);
    const own = standing.find((b) => b.companyId === bid.companyId);
    if (own) await setBidState(tx, own.id, 'replaced', at);
    const [row] = await insertBids(tx, [base]);
    const others = standing.filter((b) => b.id !== own?.id).map(rankedBid);
    const result =
      briefcase.auctionType === 'dutch'
        ? placeDutchOrder(state, others, rankedBid(row!), now)
        : placeSealedOffer(state, others, rankedBid(row!), now);
    next = result.lot;
    events = result.events;
    placed = [row!];
  }
  return finish(tx, lot, briefcase, next, placed, events, maxedOut, at, bid.userId, bidders);
}

/** Writes the new state of the lot and the audit entries of its events. */
export async function finish(
  tx: Tx,
  lot: TradingLotRow,
  briefcase: BidProcedure,
  next: LotState,
  placed: BidRow[],
  events: AuctionEvent[],
  maxedOut: number[],
  at: Date,
  actorUserId: number | null,
  /** The lot's bidders when the caller knows them; counted otherwise. */
  knownBidders?: number,
): Promise<EngineOutcome> {
  const bidders = knownBidders ?? (await countBidders(tx, lot.id));
  const updated = await updateLot(tx, lot.id, lotRowChanges(next, bidders, at));
  for (const event of events) {
    const { type, ...payload } = event;
    await appendAudit(tx, { briefcaseId: briefcase.id, action: type, actorUserId, payload, at });
  }
  const leaderBid =
    next.leader === null
      ? null
      : (placed.find((b) => b.id === next.leader!.bidId) ??
        (await findBidById(tx, next.leader!.bidId)) ??
        null);
  return { lot: updated, leaderBid, placed, events, maxedOutCompanies: maxedOut };
}
