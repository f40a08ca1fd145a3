/** Lots and trading calls (spec 2 §3 Lot, §7): the trade tab, one lot, bids, autobids, winners. */
import { type BriefcaseStatus, COMPANY_KINDS, DEAL_STATES, LOT_STATUSES, SOURCE_TYPES } from '@etp/domain';
import { z } from 'zod';
import { briefcaseStatusSchema } from './briefcases.ts';
import { dbId, dbIdNumber } from './ids.ts';

const id = dbId;
/** Kopecks as a JSON number; a whole, positive amount is checked by the domain rules with the spec's texts. */
const kopecks = z.number().nullable().optional();

export const lotsQuery = z.object({
  briefcase_id: id,
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(48),
  type: z.enum(['favorite']).optional(),
});

export const lotIdBody = z.object({ lot_id: id });
/** DELETE /api/v1/bids: the lot whose offer is withdrawn, in the body (the web app's call) or the query (decisions/0236). */
export const withdrawBidBody = z.object({ lot_id: dbId.optional() }).nullish();
export const withdrawBidQuery = z.object({ lot_id: dbId.optional() });
export const placeBidBody = z.object({
  lot_id: id,
  amount: kopecks,
  /** The leader confirms raising its own leading bid (classic). */
  confirm: z.boolean().optional(),
  /** A retried submission with the same key is answered with the first outcome, never placed twice. */
  idempotency_key: z.string().min(8).max(100).optional(),
});
export const enableAutobidBody = z.object({
  lot_id: id,
  max_price: kopecks,
  steps: z.number().int().optional(),
  enabled: z.boolean().optional(),
});
export const renameLotBody = z.object({ alias_number: z.string() });
export const setWinnerBody = z.object({ bid_id: dbIdNumber.nullable() });
export const bidLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

const lotConditionSchema = z.object({
  text: z.string(),
  color: z.enum(['green', 'red', 'purple', 'blue', 'grey']),
});

/**
 * The viewer's deal of the lot (decisions/0270): the newest one the viewer may see, as GET /lots/:id/deal chooses it
 * (the first buyer keeps its failed deal, the second bidder its offer, the seller and administrators the newest).
 * Only the members of the deal's two companies and administrators get it; null for everyone else and for a lot
 * without a deal, so nobody else learns that a deal exists.
 */
const lotDealSummarySchema = z.object({
  id: z.number().int(),
  /** 1: the winner's deal; 2: the offer to the second-best bidder. */
  attempt: z.union([z.literal(1), z.literal(2)]),
  state: z.enum(DEAL_STATES),
  /** The domain's DEAL_STATE_LABELS: "Ожидает подписания". */
  state_label: z.string(),
  /** The viewer's side: the buying company, the selling company, or an administrator. */
  role: z.enum(['buyer', 'seller', 'admin']),
  /** The buying company's name: the winner's, or the second bidder's in the offer deal (both parties see it). */
  buyer_company: z.string(),
  /** The agreement's price in kopecks: the chosen bid's amount, which need not be the lot's highest bid. */
  price_kopecks: z.number().int(),
  /** The running clock's last instant (inclusive), ISO 8601 UTC; null when none runs. */
  deadline_at: z.string().nullable(),
});
export type LotDealSummary = z.infer<typeof lotDealSummarySchema>;

const lotAttributesSchema = z.object({
  id: z.number().int(),
  briefcase_id: z.number().int(),
  number: z.string(),
  number_original: z.number().int(),
  name: z.string().nullable(),
  status: z.enum(LOT_STATUSES),
  composite: z.boolean(),
  is_owner: z.boolean(),
  is_favorited: z.boolean(),
  amount_total: z.number().int(),
  amount_bottomline: z.number().int(),
  items_count: z.number().int(),
  dpd: z.number().int().nullable(),
  dplp: z.number().int().nullable(),
  start_price: z.number().int(),
  max_price: z.number().int().nullable(),
  min_price: z.number().int().nullable(),
  step_price: z.number().int(),
  step_count: z.number().int().nullable(),
  current_step: z.number().int().nullable(),
  current_price: z.number().int().nullable(),
  next_price: z.number().int(),
  bids_count: z.number().int(),
  max_bids_cnt: z.number().int().nullable(),
  bidders_count: z.number().int(),
  current_bidder_company: z.string().nullable(),
  winner_company: z.string().nullable(),
  is_current_bidder: z.boolean(),
  is_winner: z.boolean(),
  is_without_winner: z.boolean(),
  last_users_bid_cents: z.number().int().nullable(),
  autobid_status: z.enum(['enabled', 'disabled']),
  autobid_max_price: z.number().int().nullable(),
  autobid_steps_count: z.number().int().nullable(),
  has_enabled_autobids: z.boolean(),
  /**
   * The lot's registry (spec 2 §3), for the winning company once the seller confirmed the payment:
   * GET /api/v1/deals/:id/registry (decisions/0264); null for everyone else.
   */
  registry_url: z.string().nullable(),
  deal: lotDealSummarySchema.nullable(),
  renewals_count: z.number().int(),
  /** The three times: ISO 8601, UTC. */
  start_datetime: z.string().nullable(),
  end_datetime: z.string().nullable(),
  briefcase_end_datetime: z.string().nullable(),
  /**
   * Opaque tag of the leading company for this lot; equal to `my_tag` when the viewer's company leads. Null in
   * sealed formats, where `my_tag` still names the viewer (to recognise a live winner choice).
   */
  leader_tag: z.string().nullable(),
  my_tag: z.string().nullable(),
  condition: lotConditionSchema,
  version: z.number().int(),
  /** The lot's analytics figures by name (counts and shares), as the registry gave them. */
  features: z.record(z.string(), z.number()),
});
export type LotAttributes = z.infer<typeof lotAttributesSchema>;

/** The lot fields a live `lot_update` carries: what changes while trading, the same for every participant. */
export interface LotLivePayload {
  id: number;
  briefcase_id: number;
  status: LotAttributes['status'];
  current_price: number | null;
  next_price: number;
  current_step: number | null;
  bids_count: number;
  bidders_count: number;
  end_datetime: string | null;
  renewals_count: number;
  leader_tag: string | null;
  /**
   * Opaque tag of the company the seller chose as the winner (equal to the viewer's `my_tag` when it won); null
   * while none is chosen.
   */
  winner_tag: string | null;
  is_without_winner: boolean;
  version: number;
  /** Sellers and administrators only. */
  current_bidder_company?: string | null;
  /** Sellers and administrators only. */
  winner_company?: string | null;
}

/** GET /api/v1/lots/{id}. */
export const lotReplySchema = z.object({ id: z.number().int(), attributes: lotAttributesSchema });
export type LotReply = z.infer<typeof lotReplySchema>;

/** GET /api/v1/lots: one page of a procedure's lots. */
export const lotListSchema = z.object({
  lots: z.array(lotReplySchema),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  /** The procedure's status. */
  bids_status: briefcaseStatusSchema,
});
export type LotList = z.infer<typeof lotListSchema>;

/** One entry of a lot's bid log (GET /api/v1/lots/{id}/bids). */
const bidLogEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  source_type: z.enum(SOURCE_TYPES),
  /** Kopecks. */
  amount: z.number().int(),
  is_own: z.boolean(),
  /** The bidder's company; a participant reads the others as "Участник N". */
  company_name: z.string(),
});

export const bidLogSchema = z.object({ total_pages: z.number().int(), bids: z.array(bidLogEntrySchema) });

/** GET /api/v1/lots/{id}/bidders (the seller): each company's best bid, highest first. */
const bidderSchema = z.object({
  /** The bid's id (what set_winner takes). */
  id: z.number().int(),
  userId: z.number().int(),
  userCompanyName: z.string(),
  userCompanyKind: z.enum(COMPANY_KINDS),
  /** Kopecks. */
  amount: z.number().int(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export const biddersSchema = z.array(bidderSchema);

/** GET /api/v1/briefcases/{id}/lots_info: a procedure's lots in brief (for pickers). */
export const lotsInfoSchema = z.object({
  lots: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      alias_number: z.string().nullable(),
      composite: z.boolean(),
    }),
  ),
});

/** PUT /api/v1/lots/{id}/toggle_favorite: whether the lot is now among the viewer's favourites. */
export const lotFavouriteSchema = z.object({ favorite: z.boolean() });

/** PUT /api/v1/lots/{id}/rename: the lot's new name. */
export const renamedLotSchema = z.object({ id: z.number().int(), alias_number: z.string() });

/** POST /api/v1/lots/{id}/renewal: by how many minutes trading was extended. */
export const lotRenewalSchema = z.object({ minutes: z.number().int() });

/** POST /api/v1/lots/{id}/set_winner: the winning company (null: closed without a winner). */
export const lotWinnerSchema = z.object({
  company_name: z.string().nullable(),
  can_start_second_round: z.boolean(),
});

/** POST /api/v1/bids: the bid placed (or, for a repeated idempotency key, the one placed first). */
export const bidReceiptSchema = z.object({
  bid_id: z.number().int(),
  lot_id: z.number().int(),
  /** Kopecks. */
  amount: z.number().int(),
  /** The idempotency key was seen before: this is the first submission's bid. */
  duplicate: z.boolean(),
});

/** POST /api/v1/autobid/enable: the autobid on, up to this price (kopecks). */
export const autobidEnabledSchema = z.object({
  attributes: z.object({ status: z.literal('enabled'), max_price: z.number().int() }),
});
/** POST /api/v1/autobid/disable. */
export const autobidDisabledSchema = z.object({ attributes: z.object({ status: z.literal('disabled') }) });

/**
 * The payload of a `briefcase_status_update`, `briefcase_closed` or `next_round` message on BriefcaseStatus: the
 * procedure's new status and whichever of the card's round fields changed with it (an absent field is unchanged).
 */
export interface BriefcaseStatusPayload {
  id: number;
  status: BriefcaseStatus;
  /** ISO 8601 (UTC), or null when the procedure has no end. */
  end_datetime?: string | null;
  can_start_second_round?: boolean;
  next_round_id?: number | null;
  next_round_count?: number;
  /** The convert procedure's second round, once the seller created it. */
  second_round_id?: number | null;
  /** The number of participants' applications for a next round (to the seller and administrators only). */
  next_round_requests?: number;
}

/** The payload of `autobid_maxed_out` (sent to the company whose autobid stopped). */
export interface AutobidMaxedOutPayload {
  lot_id: number;
  has_enabled_autobids: boolean;
}
