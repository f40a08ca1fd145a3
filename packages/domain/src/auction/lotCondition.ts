/**
 * The lot's condition line (spec 2 §4): one text and colour for the seller and administrators, another for a
 * participant. Where the spec gives only a colour, the text is ours (LOT_CONDITION_TEXTS, documented in
 * docs/auctions.md). "Second round" wording applies to convert lots, whose choice is the 2nd round's start price.
 *
 * Invariant: a participant's line never depends on another company's sealed offer (the leader of a sealed lot is
 * not read), so it leaks nothing.
 */
import { isPrivateAuction } from '../auctionTypes.ts';
import { LOT_STATUS_LABELS } from '../statuses.ts';
import type { LotState } from './lotState.ts';
import { LOT_CONDITION_TEXTS as T } from './messages.ts';

type LotConditionColor = 'green' | 'red' | 'purple' | 'blue' | 'grey';

export interface LotCondition {
  text: string;
  color: LotConditionColor;
}

export type ConditionLot = Pick<
  LotState,
  'status' | 'auction_type' | 'end_mode' | 'bids_count' | 'leader' | 'winner'
>;

const is = (text: string, color: LotConditionColor): LotCondition => ({ text, color });

/** The seller's and administrators' line. */
export function ownerLotCondition(lot: ConditionLot): LotCondition {
  const convert = lot.end_mode === 'convert';
  switch (lot.status) {
    case 'closed':
      if (lot.winner) return is(convert ? T.startPriceChosen : T.winnerChosen, 'green');
      if (lot.bids_count === 0) return is(T.endedWithoutBids, 'red');
      return is(convert ? T.startPriceNotChosen : T.noWinner, 'grey');
    case 'finished':
      return lot.bids_count > 0 ? is(T.choosingWinner, 'purple') : is(T.endedWithoutBids, 'red');
    case 'active':
      return lot.bids_count > 0 ? is(T.hasBids, 'green') : is(T.noBids, 'grey');
    default:
      return is(LOT_STATUS_LABELS[lot.status], 'grey');
  }
}

export interface ConditionViewer {
  companyId: number;
  /** The company has a bid (classic), a standing order (dutch) or an offer (sealed) on the lot. */
  hasOwnBid: boolean;
  /** The company's autobid on the lot is enabled. */
  autobidEnabled: boolean;
}

/** A participant's line. */
export function participantLotCondition(lot: ConditionLot, viewer: ConditionViewer): LotCondition {
  const convert = lot.end_mode === 'convert';
  const sealed = isPrivateAuction(lot.auction_type);
  const leading = !sealed && lot.leader?.companyId === viewer.companyId;
  switch (lot.status) {
    case 'closed':
      if (lot.winner?.companyId === viewer.companyId)
        return is(convert ? T.yourOfferChosen : T.youWon, 'green');
      if (lot.bids_count === 0) return is(T.endedWithoutBids, 'red');
      if (!lot.winner) return is(convert ? T.startPriceNotChosen : T.noWinner, 'red');
      return is(convert ? T.otherOfferChosen : T.otherWon, viewer.hasOwnBid ? 'red' : 'grey');
    case 'finished':
      if (lot.bids_count === 0) return is(T.endedWithoutBids, 'red');
      if (!viewer.hasOwnBid) return is(T.noOwnBids, 'grey');
      if (sealed) return is(T.offerAccepted, 'purple');
      return is(leading ? T.leading : T.outbid, 'purple');
    case 'ready':
    case 'active':
      if (viewer.autobidEnabled) return is(T.autobidOn, 'blue');
      if (lot.status === 'ready') return is(LOT_STATUS_LABELS.ready, 'grey');
      if (!viewer.hasOwnBid) return is(T.noOwnBids, 'grey');
      if (sealed) return is(T.offerAccepted, 'green');
      return leading ? is(T.leading, 'green') : is(T.outbid, 'red');
    default:
      return is(LOT_STATUS_LABELS[lot.status], 'grey');
  }
}
