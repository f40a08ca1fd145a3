/** Turns lot rows into the spec's lot JSON for one viewer, and into the live update every viewer shares. */
import type { LotAttributes, LotDealSummary, LotLivePayload } from '@etp/contracts';
import {
  DEAL_STATE_LABELS,
  isPrivateAuction,
  type LotState,
  lotDealCondition,
  nextPrice,
  ownerLotCondition,
  participantLotCondition,
  sealedAmountsRevealed,
} from '@etp/domain';
import { dealRoleOf } from '../deals/deals.policy.ts';
import { dealRegistryUrl } from '../deals/registry/dealRegistry.policy.ts';
import type { LotDealRow, LotRow, LotViewerFacts, TradingLotRow } from './lots.queries.ts';
import type { LeaderTagger } from './trading/leaderTags.ts';
import type { BriefcaseRow } from './trading/lotState.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export interface LotViewer {
  companyId: number | null;
  /** The viewer is the procedure's seller or an administrator. */
  master: boolean;
  /** Whom a deal shows to: the user's companies and whether it is an administrator (decisions/0261). */
  dealViewer: { isAdmin: boolean; companyIds: readonly number[] };
}

/** The viewer's deal of the lot for its card (decisions/0270); null for a stranger to the deal. */
function presentLotDeal(deal: LotDealRow | null, viewer: LotViewer['dealViewer']): LotDealSummary | null {
  const role = deal && dealRoleOf(viewer, deal);
  if (!deal || !role) return null;
  return {
    id: deal.id,
    attempt: deal.attempt,
    state: deal.state,
    state_label: DEAL_STATE_LABELS[deal.state],
    role,
    buyer_company: deal.buyerCompanyName,
    price_kopecks: deal.priceKopecks,
    deadline_at: iso(deal.deadlineAt),
  };
}

/** What the seller sees of prices and leaders; participants of sealed formats never see others' amounts. */
function showsPrice(briefcase: BriefcaseRow, lot: LotRow, master: boolean): boolean {
  if (!isPrivateAuction(briefcase.auctionType)) return true;
  return master && sealedAmountsRevealed(lot.status);
}

function featureCounts(lot: LotRow): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(lot.analytics ?? {}))
    if (typeof value === 'number') out[key] = value;
  return out;
}

export function presentLot(
  lot: LotRow,
  briefcase: BriefcaseRow,
  state: LotState,
  facts: LotViewerFacts,
  viewer: LotViewer,
  tag: LeaderTagger,
): LotAttributes {
  const sealed = isPrivateAuction(briefcase.auctionType);
  const visible = showsPrice(briefcase, lot, viewer.master);
  const mine = viewer.companyId;
  const leaderCompany = facts.leaderCompanyId;
  const autobidEnabled = facts.ownAutobid?.enabled ?? false;
  const deal = presentLotDeal(facts.deal, viewer.dealViewer);
  // The second bidder's deal outranks the trading's "Победил другой участник" (decisions/0270).
  const condition = viewer.master
    ? ownerLotCondition(state)
    : (lotDealCondition(deal) ??
      participantLotCondition(state, {
        companyId: mine ?? 0,
        hasOwnBid: facts.ownLastBid !== null,
        autobidEnabled,
      }));
  return {
    id: lot.id,
    briefcase_id: lot.briefcaseId,
    number: lot.aliasNumber ?? String(lot.number),
    number_original: lot.number,
    name: lot.name,
    status: lot.status,
    composite: lot.composite,
    is_owner: viewer.master,
    is_favorited: facts.isFavorited,
    amount_total: lot.amountTotal,
    amount_bottomline: lot.amountBottomline,
    items_count: lot.itemsCount,
    dpd: lot.dpd,
    dplp: lot.dplp,
    start_price: lot.startPrice,
    max_price: lot.maxPrice,
    min_price: lot.minPrice,
    step_price: state.step_price,
    step_count: lot.stepCount,
    current_step: lot.currentStep,
    current_price: visible ? lot.currentPrice : null,
    next_price: nextPrice(state),
    bids_count: lot.bidsCount,
    max_bids_cnt: state.max_bids,
    bidders_count: lot.biddersCount,
    current_bidder_company: viewer.master && visible ? facts.leaderCompanyName : null,
    winner_company: viewer.master ? facts.winnerCompanyName : null,
    is_current_bidder: !sealed && mine !== null && leaderCompany === mine,
    is_winner: mine !== null && lot.winnerCompanyId === mine,
    is_without_winner: lot.isWithoutWinner,
    last_users_bid_cents: facts.ownLastBid,
    autobid_status: autobidEnabled ? 'enabled' : 'disabled',
    autobid_max_price: autobidEnabled ? (facts.ownAutobid?.maxPrice ?? null) : null,
    autobid_steps_count:
      autobidEnabled && state.step_price > 0
        ? Math.max(
            0,
            Math.floor(((facts.ownAutobid?.maxPrice ?? 0) - nextPrice(state)) / state.step_price) + 1,
          )
        : null,
    has_enabled_autobids: facts.hasEnabledAutobids,
    registry_url: facts.registryDealId === null ? null : dealRegistryUrl(facts.registryDealId),
    deal,
    renewals_count: lot.renewalsCount,
    start_datetime: iso(lot.startDatetime ?? briefcase.startDatetime),
    end_datetime: iso(lot.endDatetime ?? briefcase.endDatetime),
    briefcase_end_datetime: iso(briefcase.endDatetime),
    leader_tag: sealed ? null : tag(lot.id, leaderCompany),
    my_tag: tag(lot.id, mine),
    condition,
    version: lot.version,
    features: featureCounts(lot),
  };
}

/** The live update of a lot: one payload for participants, one (with the leader's name) for masters. */
export function presentLotLive(
  lot: TradingLotRow,
  briefcase: Pick<BriefcaseRow, 'auctionType' | 'endDatetime'>,
  state: LotState,
  leader: { companyId: number; name: string } | null,
  tag: LeaderTagger,
  winnerName: string | null = null,
): { participants: LotLivePayload; masters: LotLivePayload } {
  const sealed = isPrivateAuction(briefcase.auctionType);
  const base: LotLivePayload = {
    id: lot.id,
    briefcase_id: lot.briefcaseId,
    status: lot.status,
    current_price: sealed ? null : lot.currentPrice,
    next_price: nextPrice(state),
    current_step: lot.currentStep,
    bids_count: lot.bidsCount,
    bidders_count: lot.biddersCount,
    end_datetime: iso(lot.endDatetime ?? briefcase.endDatetime),
    renewals_count: lot.renewalsCount,
    leader_tag: sealed ? null : tag(lot.id, leader?.companyId ?? null),
    winner_tag: tag(lot.id, lot.winnerCompanyId),
    is_without_winner: lot.isWithoutWinner,
    version: lot.version,
  };
  const revealed = !sealed || sealedAmountsRevealed(lot.status);
  return {
    participants: base,
    masters: {
      ...base,
      current_price: revealed ? lot.currentPrice : null,
      current_bidder_company: revealed ? (leader?.name ?? null) : null,
      winner_company: winnerName,
    },
  };
}
