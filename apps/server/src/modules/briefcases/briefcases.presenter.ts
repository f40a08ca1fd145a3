/** Turns feed rows into the spec's procedure JSON (spec 2 §3 "Trading procedure"). */
import {
  ANALYTICS_FEATURE_KEYS,
  type AnalyticsFeatureKey,
  type BirthDateBucket,
  type BriefcaseAnalytics,
  type BriefcaseCardAttributes,
  type BriefcaseListAttributes,
} from '@etp/contracts';
import {
  COMPANY_KIND_LABELS,
  PORTFOLIO_ADVANTAGE_FLAGS,
  PORTFOLIO_PERCENT_FIELDS,
  statusIn,
  TRADED_STATUSES,
} from '@etp/domain';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { canManageRegistry } from '../registries/registries.policy.ts';
import { dictionaryText } from '../system/catalog/dictionaries.ts';
import { canOpen, canViewBidsInfo, isAdmitted, isMaster } from './briefcases.policy.ts';
import type { FeedRow } from './briefcases.queries.ts';
import type { CardMasterFacts, CardViewerFacts } from './card/cardFacts.queries.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const num = (v: string | number | null) => (v === null ? null : Number(v));

function featureCount(analytics: Record<string, unknown> | null, key: string, absent: number): number {
  const value = analytics?.[key];
  return typeof value === 'number' ? value : absent;
}

/**
 * When the procedure's trading ends: the planned end, or the latest end of its lots once they trade, since
 * anti-sniping and "+N мин" move a lot's end past it and the procedure ends with its last lot (DESIGN §5).
 */
function tradingEnd(row: FeedRow): Date | null {
  const planned = row.briefcase.endDatetime;
  const lotsEnd = row.lotsEndAt;
  if (!statusIn(row.briefcase.status, TRADED_STATUSES) || lotsEnd === null) return planned;
  return planned === null || lotsEnd > planned ? lotsEnd : planned;
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
    end_datetime: iso(tradingEnd(row)),
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

type TitledValue = { title: string; value: number };

function titledList(value: unknown): TitledValue[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is TitledValue => typeof v?.title === 'string' && typeof v?.value === 'number');
}

function countsByCode(value: unknown): Record<string, number> {
  if (value === null || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number'),
  );
}

/** The stored analytics (jsonb written at ingestion or by the demo seed) as the card's full analytics. */
function presentAnalytics(
  b: FeedRow['briefcase'],
  list: BriefcaseListAttributes['analytics'],
): BriefcaseAnalytics {
  const a = b.analytics;
  const features = Object.fromEntries(
    ANALYTICS_FEATURE_KEYS.map((key) => [key, featureCount(a, key, 0)]),
  ) as Record<AnalyticsFeatureKey, number>;
  return {
    ...list,
    paid_amount_cents: featureCount(a, 'paid_amount_cents', 0),
    last_payment_amount_cents: featureCount(a, 'last_payment_amount_cents', 0),
    amount_for_360_days_cents: featureCount(a, 'amount_for_360_days_cents', 0),
    features,
    amount_bottomline_list: titledList(a?.amount_bottomline_list),
    regions_list: countsByCode(a?.regions_list),
    enforcement_order_placements_list: titledList(a?.enforcement_order_placements_list),
    kinds_list: titledList(a?.kinds_list),
    first_creditors_list: titledList(a?.first_creditors_list),
  };
}

function birthDates(value: unknown): BirthDateBucket[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (v): v is BirthDateBucket => typeof v?.title === 'string' && typeof v?.total === 'number',
  );
}

const PERCENT_COLUMNS = {
  paper_dossiers: 'paperDossiers',
  digital_dossiers: 'digitalDossiers',
  cases_dossiers: 'casesDossiers',
  contact_details_dossiers: 'contactDetailsDossiers',
  last_year_payments: 'lastYearPayments',
  deal_dossiers: 'dealDossiers',
} as const;
const FLAG_COLUMNS = {
  fast_documents_transfer: 'fastDocumentsTransfer',
  litigation_information: 'litigationInformation',
  fast_signing: 'fastSigning',
  debts_information: 'debtsInformation',
  regions_lotable: 'regionsLotable',
} as const;

/** The advantages that are on and the completeness percentages that are filled in (spec 2 §3 advantages). */
function advantages(b: FeedRow['briefcase']): BriefcaseCardAttributes['advantages'] {
  const out: BriefcaseCardAttributes['advantages'] = [];
  for (const key of PORTFOLIO_ADVANTAGE_FLAGS) if (b[FLAG_COLUMNS[key]]) out.push({ key, value: null });
  for (const key of PORTFOLIO_PERCENT_FIELDS) {
    const value = num(b[PERCENT_COLUMNS[key]]);
    if (value !== null && value > 0) out.push({ key, value });
  }
  return out;
}

const listed = (c: CardMasterFacts['invited'][number]) => ({
  id: c.id,
  full_name: c.full_name,
  inn: c.inn,
  kind_name: COMPANY_KIND_LABELS[c.kind],
});

export function presentCard(
  auth: AuthContext,
  row: FeedRow,
  facts: CardViewerFacts,
  master: CardMasterFacts | null,
  documents: BriefcaseCardAttributes['documents'],
): BriefcaseCardAttributes {
  const b = row.briefcase;
  const item = presentListItem(auth, row);
  return {
    ...item,
    analytics: presentAnalytics(b, item.analytics),
    birth_dates: birthDates(b.analytics?.birth_dates),
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
    advantages: advantages(b),
    allowed_kinds_map: b.allowedKindsMap,
    fssp_only: b.fsspOnly,
    okved_82_91_only: b.okved8291Only,
    fssp_bank_only: b.fsspBankOnly,
    fssp_mfo_only: b.fsspMfoOnly,
    viewer_admitted: auth.company ? isAdmitted(auth.company, b) : null,
    invited_companies: master ? master.invited.map(listed) : null,
    rejected_companies: master ? master.rejected.map(listed) : null,
    winners: master ? master.winners : null,
    documents,
    // The wizard's fields for those who may edit the procedure only (spec 1 §7 "Load a procedure"; decisions/0253).
    ...(canManageRegistry(auth, b)
      ? { step_price: b.stepPrice, activity: b.activity, loting_params: b.lotingParams }
      : {}),
  };
}
