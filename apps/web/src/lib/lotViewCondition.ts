/**
 * The lot's condition line as the viewer sees it, recomputed in the browser when a live update changes the price
 * or the leader: the same domain functions the server presents with (ownerLotCondition, participantLotCondition),
 * fed with what the viewer knows (the leader only as "us" or "someone else", by the opaque leader tags).
 */
import type { LotAttributes } from '@etp/contracts';
import {
  type AuctionType,
  type ConditionLot,
  type EndMode,
  type LotCondition,
  lotDealCondition,
  ownerLotCondition,
  participantLotCondition,
} from '@etp/domain';

const US = 1;
const OTHER = 2;
const bidOf = (companyId: number) => ({ bidId: 0, companyId, userId: 0, amount: 0, at: 0 });

export function lotViewCondition(
  lot: LotAttributes,
  procedure: { auction_type: AuctionType; end_mode: EndMode | null },
): LotCondition {
  const leading = lot.leader_tag !== null && lot.leader_tag === lot.my_tag;
  const hasWinner =
    lot.is_winner ||
    lot.winner_company !== null ||
    (lot.status === 'closed' && !lot.is_without_winner && lot.bids_count > 0);
  const state: ConditionLot = {
    status: lot.status,
    auction_type: procedure.auction_type,
    end_mode: procedure.end_mode,
    bids_count: lot.bids_count,
    leader: lot.leader_tag === null ? null : bidOf(leading ? US : OTHER),
    winner: hasWinner ? { bidId: 0, companyId: lot.is_winner ? US : OTHER, amount: 0 } : null,
  };
  if (lot.is_owner) return ownerLotCondition(state);
  // The second bidder's deal outranks "Победил другой участник", as on the server (decisions/0270).
  const deal = lotDealCondition(lot.deal);
  if (deal) return deal;
  return participantLotCondition(state, {
    companyId: US,
    hasOwnBid: lot.last_users_bid_cents !== null || leading,
    autobidEnabled: lot.autobid_status === 'enabled',
  });
}
