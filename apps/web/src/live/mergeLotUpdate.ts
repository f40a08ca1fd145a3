/**
 * A live `lot_update` applied to the viewer's copy of a lot. The update carries what changed for everyone; what
 * is the viewer's own (leading, won, own last bid, autobid steps, condition line) is derived here from the leader
 * and winner tags.
 * An update older than the copy (lower version) changes nothing.
 */
import type { LotAttributes, LotLivePayload } from '@etp/contracts';
import type { AuctionType, EndMode } from '@etp/domain';
import { lotViewCondition } from '../lib/lotViewCondition.ts';

export function mergeLotUpdate(
  lot: LotAttributes,
  update: LotLivePayload,
  procedure: { auction_type: AuctionType; end_mode: EndMode | null } | null,
): LotAttributes {
  if (update.id !== lot.id || update.version < lot.version) return lot;
  const leading = update.leader_tag !== null && update.leader_tag === lot.my_tag;
  const next: LotAttributes = {
    ...lot,
    status: update.status,
    current_price: update.current_price,
    next_price: update.next_price,
    current_step: update.current_step,
    bids_count: update.bids_count,
    bidders_count: update.bidders_count,
    end_datetime: update.end_datetime,
    renewals_count: update.renewals_count,
    leader_tag: update.leader_tag,
    version: update.version,
    is_current_bidder: leading,
    // A classic leader's standing bid is the current price (an autobid may have raised it on our behalf).
    last_users_bid_cents:
      leading && update.current_price !== null ? update.current_price : lot.last_users_bid_cents,
  };
  if (update.current_bidder_company !== undefined)
    next.current_bidder_company = update.current_bidder_company;
  // The seller's winner choice: the viewer learns only whether it won (by tag); sellers get the company.
  if (update.winner_tag !== undefined) {
    next.is_winner = update.winner_tag !== null && update.winner_tag === lot.my_tag;
    next.is_without_winner = update.is_without_winner;
  }
  if (update.winner_company !== undefined) next.winner_company = update.winner_company;
  if (next.autobid_status === 'enabled' && next.autobid_max_price !== null && next.step_price > 0) {
    next.autobid_steps_count = Math.max(
      0,
      Math.floor((next.autobid_max_price - next.next_price) / next.step_price) + 1,
    );
  }
  if (procedure) next.condition = lotViewCondition(next, procedure);
  return next;
}
