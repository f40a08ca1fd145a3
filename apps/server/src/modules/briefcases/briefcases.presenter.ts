/** Turns feed rows into the spec's procedure JSON (spec 2 §3 "Trading procedure"). */
import type { BriefcaseCardAttributes, BriefcaseListAttributes } from '@etp/contracts';
import type { AuthContext } from '../auth/guards.ts';
import { dictionaryText } from '../system/dictionaries.data.ts';
import type { CardViewerFacts } from './briefcases.cardFacts.ts';
import { canOpen, canViewBidsInfo, isMaster } from './briefcases.policy.ts';
import type { FeedRow } from './briefcases.queries.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const num = (v: string | number | null) => (v === null ? null : Number(v));

function featureCount(analytics: Record<string, unknown> | null, key: string, absent: number): number {
  const value = analytics?.[key];
  return typeof value === 'number' ? value : absent;
}

export function presentListItem(auth: AuthContext, row: FeedRow): BriefcaseListAttributes {
  const b = row.briefcase;
  const facts = { ...b, blacklisted: row.blacklisted, notInvited: row.notInvited };
  return {
    id: b.id,
    status: b.status,
    auction_type: b.auctionType,
    kind: b.kind,
    percent_mode: b.percentMode,
    end_mode: b.endMode,
    company: {
      id: row.company.id,
      name: row.company.name,
      kind: row.company.kind,
      logo_url: row.company.logoKey ? `/api/v1/files/company_logos/${row.company.id}` : null,
    },
    start_datetime: iso(b.startDatetime),
    end_datetime: iso(b.endDatetime),
    created_at: b.createdAt.toISOString(),
    amount_total: b.amountTotal,
    amount_bottomline: b.amountBottomline,
    start_price: b.startPrice,
    max_price: b.maxPrice,
    currency: b.currency,
    lots_count: row.lotsCount,
    bidders_count: row.biddersCount,
    bids_count: row.bidsCount,
    items_count: b.itemsCount,
    filling_percent: b.fillingPercent,
    liability: b.liability,
    human_activity: dictionaryText('activities', b.activity),
    human_source_kind: dictionaryText('source_kinds', b.sourceKind),
    human_source_debtor_typed: dictionaryText('source_debtor_types', b.sourceDebtorType),
    is_favorited: row.isFavorited,
    can_show: canOpen(auth, facts),
    with_composite_lot: b.withCompositeLot,
    ai_grid: b.aiGrid,
    next_round_count: b.nextRoundCount,
    analytics: {
      bankruptcy: featureCount(b.analytics, 'bankruptcy', 0),
      // The spec's convention: -1 when the registry did not say.
      dead: featureCount(b.analytics, 'dead', -1),
      dpd: b.dpd,
      dplp: b.dplp,
    },
  };
}

export function presentCard(
  auth: AuthContext,
  row: FeedRow,
  facts: CardViewerFacts,
): BriefcaseCardAttributes {
  const b = row.briefcase;
  return {
    ...presentListItem(auth, row),
    is_master: isMaster(auth, b),
    can_view_bids_info: canViewBidsInfo(auth, b),
    creator_type: b.creatorType,
    published_at: iso(b.publishedAt),
    amount_mean: b.amountMean,
    bottomline_mean: b.bottomlineMean,
    renewal_after_last_bid_in_minutes: b.renewalAfterLastBidInMinutes,
    lot_renewal_minutes: b.lotRenewalMinutes,
    round_request_ttl: b.roundRequestTtl,
    source_description: b.sourceDescription,
    description: b.description,
    commission_percent: num(b.commissionPercent),
    partner_operated: b.partnerOperated,
    sent: b.sentForApprovalAt !== null,
    is_amount_bottomline_visible: b.isAmountBottomlineVisible,
    max_bids: b.maxBids,
    steps_after_first_bid: b.stepsAfterFirstBid,
    converted_from: b.convertedFrom,
    next_round_id: b.nextRoundId,
    second_round_id: b.secondRoundId,
    can_start_second_round: b.canStartSecondRound,
    bids_total_amount_cents: facts.bidsTotalAmountCents,
    has_enabled_autobids: facts.hasEnabledAutobids,
    min_lot_id: facts.minLotId,
    max_lot_id: facts.maxLotId,
  };
}
