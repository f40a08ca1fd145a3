/** The procedure feed (GET /api/v1/briefcases) and the procedure card (GET /api/v1/briefcases/{id}). */
import {
  AUCTION_TYPES,
  BRIEFCASE_STATUSES,
  COMPANY_KINDS,
  END_MODES,
  PAYMENT_KINDS,
  PERCENT_MODES,
  USER_ROLES,
} from '@etp/domain';
import { z } from 'zod';
import { procedureDocumentSchema } from './documents.ts';
import { dbId } from './ids.ts';

/** The statuses of spec 3 §3, from `packages/domain` (one list for the browser, the server and the contract). */
export const briefcaseStatusSchema = z.enum(BRIEFCASE_STATUSES);

/** Filter values: every status plus the groups of spec 2 §4. */
const STATUS_FILTER_VALUES = [...BRIEFCASE_STATUSES, 'all_active', 'all_closed', 'all_archived'] as const;
const statusFilterSchema = z.enum(STATUS_FILTER_VALUES);

export const auctionTypeSchema = z.enum(AUCTION_TYPES);

export const companyKindSchema = z.enum(COMPANY_KINDS);

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** `company_ids[]` or `company_ids`: one id or several (at most 100), always read as a list. */
export const companyIdsParam = z
  .union([dbId, z.array(dbId).max(100)])
  .optional()
  .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Неверный формат даты');

export const briefcaseListQuery = z.object({
  participation: flag.optional(),
  owned: flag.optional(),
  favorites: flag.optional(),
  auction_type: auctionTypeSchema.optional(),
  status: statusFilterSchema.optional(),
  query: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
  order: z.enum(['active', 'start_datetime']).optional(),
  order_direction: z.enum(['asc', 'desc']).optional(),
  start_datetime: isoDate.optional(),
  end_datetime: isoDate.optional(),
  /** The spec's bracket form (`company_ids[]=1&company_ids[]=2`, as the web client sends arrays); merged with company_ids. */
  'company_ids[]': companyIdsParam,
  company_ids: companyIdsParam,
});
export type BriefcaseListQuery = z.input<typeof briefcaseListQuery>;

const briefcaseCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
  kind: companyKindSchema,
});

/** What a feed card shows (spec 2 §2 "Card content"). Money in kopecks. */
const briefcaseListAttributesSchema = z.object({
  id: z.number().int(),
  status: briefcaseStatusSchema,
  auction_type: auctionTypeSchema,
  kind: z.enum(PAYMENT_KINDS).nullable(),
  percent_mode: z.enum(PERCENT_MODES),
  end_mode: z.enum(END_MODES),
  company: briefcaseCompanySchema,
  start_datetime: z.string().nullable(),
  end_datetime: z.string().nullable(),
  created_at: z.string(),
  amount_total: z.number(),
  amount_bottomline: z.number(),
  start_price: z.number(),
  max_price: z.number().nullable(),
  currency: z.string(),
  lots_count: z.number().int(),
  bidders_count: z.number().int(),
  bids_count: z.number().int(),
  items_count: z.number().int(),
  filling_percent: z.number().nullable(),
  liability: z.string().nullable(),
  human_activity: z.string().nullable(),
  human_source_kind: z.string().nullable(),
  human_source_debtor_typed: z.string().nullable(),
  is_favorited: z.boolean(),
  can_show: z.boolean(),
  with_composite_lot: z.boolean(),
  ai_grid: z.boolean(),
  next_round_count: z.number().int(),
  analytics: z.object({
    bankruptcy: z.number().int(),
    dead: z.number().int(),
    dpd: z.number().nullable(),
    dplp: z.number().nullable(),
  }),
});
export type BriefcaseListAttributes = z.infer<typeof briefcaseListAttributesSchema>;

const statusesCountsSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  pending: z.number().int(),
  ready: z.number().int(),
  active: z.number().int(),
  finished: z.number().int(),
  closed: z.number().int(),
  rejected: z.number().int(),
  closed_without_winners: z.number().int(),
  closed_without_bids: z.number().int(),
  closed_with_next_round: z.number().int(),
  all_active: z.number().int(),
  all_closed: z.number().int(),
  all_archived: z.number().int(),
});
export type StatusesCounts = z.infer<typeof statusesCountsSchema>;

export const briefcaseListSchema = z.object({
  briefcases: z.array(z.object({ id: z.number().int(), attributes: briefcaseListAttributesSchema })),
  statuses_counts: statusesCountsSchema,
  total_pages: z.number().int(),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type BriefcaseList = z.infer<typeof briefcaseListSchema>;

export const briefcaseCountsSchema = z.object({
  total: z.number().int(),
  with_bids: z.number().int(),
  favourited: z.number().int(),
  my: z.number().int(),
});
export type BriefcaseCounts = z.infer<typeof briefcaseCountsSchema>;

/** PUT /api/v1/briefcases/{id}/toggle_favorite: whether the procedure is now among the user's favourites. */
export const favoriteToggleSchema = z.object({ favorite: z.boolean() });

const titledValueSchema = z.object({ title: z.string(), value: z.number() });

/** Feature counts of the portfolio analytics (spec 2 §3 Analytics): debts with the feature. */
export const ANALYTICS_FEATURE_KEYS = [
  'secured_liability',
  'presence_participants',
  'issuence_form',
  'e_form',
  'paper_form',
  'phones_amount',
  'empty_amount_total',
  'court_order',
  'enforcement_proceedings',
  'enforcement_proceedings_3_years',
  'dead',
  'impossibility_act',
  'bankruptcy',
  'fraud',
  'disability',
  'mls',
  'military_service',
  'interact_refusal',
] as const;
export type AnalyticsFeatureKey = (typeof ANALYTICS_FEATURE_KEYS)[number];

/**
 * The card's analytics (the Аналитика tab): the feed's four plus the sums, feature counts and lists computed once
 * at ingestion. Money in kopecks; `dead` is -1 when the registry did not say.
 */
const briefcaseAnalyticsSchema = briefcaseListAttributesSchema.shape.analytics.extend({
  paid_amount_cents: z.number(),
  last_payment_amount_cents: z.number(),
  amount_for_360_days_cents: z.number(),
  features: z.record(z.enum(ANALYTICS_FEATURE_KEYS), z.number().int()),
  /** Debts per ОСЗ bucket, in bucket order. */
  amount_bottomline_list: z.array(titledValueSchema),
  /** Region code ('01'–'95') to the number of debts. */
  regions_list: z.record(z.string(), z.number().int()),
  enforcement_order_placements_list: z.array(titledValueSchema),
  kinds_list: z.array(titledValueSchema),
  first_creditors_list: z.array(titledValueSchema),
});
export type BriefcaseAnalytics = z.infer<typeof briefcaseAnalyticsSchema>;

/** Debtors of an age bucket by sex; the last bucket, 'Отсутствуют', has no birth date. */
const birthDateBucketSchema = z.object({
  title: z.string(),
  total: z.number().int(),
  male: z.number().int(),
  female: z.number().int(),
  other: z.number().int(),
});
export type BirthDateBucket = z.infer<typeof birthDateBucketSchema>;

/** A company of a procedure's invited or non-admitted list (spec 2 §3: full_name, inn, kind_name). */
const listedCompanySchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  inn: z.string().nullable(),
  kind_name: z.string(),
});

/** The procedure card; later issues add the tabs' data. */
const briefcaseCardAttributesSchema = briefcaseListAttributesSchema.extend({
  analytics: briefcaseAnalyticsSchema,
  birth_dates: z.array(birthDateBucketSchema),
  is_master: z.boolean(),
  can_view_bids_info: z.boolean(),
  creator_type: z.enum(USER_ROLES),
  published_at: z.string().nullable(),
  amount_mean: z.number(),
  bottomline_mean: z.number(),
  renewal_after_last_bid_in_minutes: z.number().int(),
  lot_renewal_minutes: z.number().int(),
  round_request_ttl: z.number(),
  source_description: z.string().nullable(),
  description: z.string().nullable(),
  commission_percent: z.number().nullable(),
  partner_operated: z.boolean(),
  /** Sent by the seller for approval (the Edit button's "not yet sent"). */
  sent: z.boolean(),
  /** The seller chose to show ОСЗ (the ОСЗ/ОД switch and the DPD and step columns depend on it). */
  is_amount_bottomline_visible: z.boolean(),
  max_bids: z.number().int().nullable(),
  steps_after_first_bid: z.number().int().nullable(),
  converted_from: z.number().int().nullable(),
  next_round_id: z.number().int().nullable(),
  second_round_id: z.number().int().nullable(),
  can_start_second_round: z.boolean(),
  /** The sum of the viewer's company's standing bids in this procedure (kopecks); null without any. */
  bids_total_amount_cents: z.number().nullable(),
  /** The viewer's company has an enabled autobid on some lot of the procedure. */
  has_enabled_autobids: z.boolean(),
  min_lot_id: z.number().int().nullable(),
  max_lot_id: z.number().int().nullable(),
  /**
   * The seller's advantages of the portfolio (spec 2 §3 "advantages (key and value)"): the flags that are on (value
   * null) and the completeness percentages that are filled in (value in percent), in the wizard's order.
   */
  advantages: z.array(z.object({ key: z.string(), value: z.number().nullable() })),
  /** Who may take part (spec 2 §3): the allowed company kinds and the narrowing flags. */
  allowed_kinds_map: z.record(companyKindSchema, z.boolean()),
  fssp_only: z.boolean(),
  okved_82_91_only: z.boolean(),
  fssp_bank_only: z.boolean(),
  fssp_mfo_only: z.boolean(),
  /**
   * Whether the viewer's company may bid in this procedure: the rule the bid path checks (its kind among the allowed
   * ones, and the narrowing flags). Null for a viewer without a company.
   */
  viewer_admitted: z.boolean().nullable(),
  /** Invited and non-admitted companies: for the seller and administrators only, null for others. */
  invited_companies: z.array(listedCompanySchema).nullable(),
  rejected_companies: z.array(listedCompanySchema).nullable(),
  /**
   * The winner information (spec 2 §2, Портфель): for the seller and administrators once trading is over
   * (finished or closed statuses), each lot with a decision; null for others and before.
   */
  winners: z
    .array(
      z.object({
        lot_id: z.number().int(),
        lot_number: z.string(),
        company_name: z.string().nullable(),
        amount: z.number().nullable(),
      }),
    )
    .nullable(),
  /**
   * The procedure's documents this viewer may download (spec 2 §3 "documents (title, name, extension, bytes_size,
   * link)"): the same as GET /api/v1/briefcases/:id/documents gives them (documentation, protocol, main report), each
   * by the rules of its kind; the seller's other documents only for the seller and administrators (decisions/0250).
   */
  documents: z.array(procedureDocumentSchema),
  /**
   * The wizard's fields (spec 1 §3, §7 "Load a procedure"), as GET /api/v1/briefcases/{id}/edit gives them: only for
   * those who may edit the procedure (its company's members, administrators); absent for everyone else (decisions/0253).
   */
  step_price: z.number().int().nullable().optional(),
  activity: z.string().nullable().optional(),
  loting_params: z
    .object({
      loting_type: z.string(),
      sort_type: z.string().optional(),
      price: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type BriefcaseCardAttributes = z.infer<typeof briefcaseCardAttributesSchema>;

export const briefcaseCardSchema = z.object({
  id: z.number().int(),
  hidden: z.boolean(),
  attributes: briefcaseCardAttributesSchema.nullable(),
});
export type BriefcaseCard = z.infer<typeof briefcaseCardSchema>;
