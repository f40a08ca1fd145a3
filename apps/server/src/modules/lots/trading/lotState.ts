/** Builds the engine's LotState (packages/domain) from a lot row, its procedure and its leading bid. */
import { isPrivateAuction, type LotState, type LotWinner, type RankedBid } from '@etp/domain';
import type { briefcases } from '../../../db/schema/index.ts';
import type { BidRow } from '../../bids/bids.queries.ts';
import type { TradingLotRow } from '../lots.queries.ts';

/** A procedure as the server reads it: without its registry snapshot (briefcaseRowColumns). */
export type BriefcaseRow = Omit<typeof briefcases.$inferSelect, 'registryColumns' | 'lotAssignment'>;

export function rankedBid(bid: BidRow): RankedBid {
  return {
    bidId: bid.id,
    companyId: bid.companyId,
    userId: bid.userId,
    amount: bid.amount,
    at: bid.createdAt.getTime(),
  };
}

/** What a lot's state takes from its procedure. */
export type LotProcedure = Pick<
  BriefcaseRow,
  | 'auctionType'
  | 'endMode'
  | 'startDatetime'
  | 'endDatetime'
  | 'stepPrice'
  | 'maxBids'
  | 'stepsAfterFirstBid'
  | 'renewalAfterLastBidInMinutes'
  | 'lotRenewalMinutes'
>;

export function toLotState(
  lot: TradingLotRow,
  briefcase: LotProcedure,
  leader: BidRow | null,
  winner: BidRow | null = null,
): LotState {
  const start = lot.startDatetime ?? briefcase.startDatetime;
  const end = lot.endDatetime ?? briefcase.endDatetime;
  const winnerOf: LotWinner | null = winner
    ? { bidId: winner.id, companyId: winner.companyId, amount: winner.amount }
    : null;
  return {
    id: lot.id,
    auction_type: briefcase.auctionType,
    end_mode: briefcase.endMode,
    status: lot.status,
    start_ms: start?.getTime() ?? 0,
    end_ms: end?.getTime() ?? 0,
    start_price: lot.startPrice,
    step_price: lot.stepPrice ?? briefcase.stepPrice ?? 0,
    max_price: lot.maxPrice,
    min_price: lot.minPrice,
    step_count: lot.stepCount,
    current_price: lot.currentPrice,
    leader: leader ? rankedBid(leader) : null,
    bids_count: lot.bidsCount,
    max_bids: lot.maxBidsCnt ?? briefcase.maxBids,
    steps_after_first_bid: briefcase.stepsAfterFirstBid,
    renewals_count: lot.renewalsCount,
    renewal_after_last_bid_minutes: briefcase.renewalAfterLastBidInMinutes,
    lot_renewal_minutes: briefcase.lotRenewalMinutes,
    amount_bottomline: lot.amountBottomline,
    winner: winnerOf,
    is_without_winner: lot.isWithoutWinner,
  };
}

/** The columns of a lot row that the engine's state determines. */
export function lotRowChanges(state: LotState, bidders: number, at: Date) {
  return {
    status: state.status,
    // Sealed formats keep the best offer here; presenters reveal it to the seller only after the end.
    currentPrice: isPrivateAuction(state.auction_type) ? (state.leader?.amount ?? null) : state.current_price,
    leaderBidId: state.leader?.bidId ?? null,
    bidsCount: state.bids_count,
    biddersCount: bidders,
    endDatetime: new Date(state.end_ms),
    renewalsCount: state.renewals_count,
    updatedAt: at,
  };
}
