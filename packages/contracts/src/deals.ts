/**
 * The deal of a won lot as the API gives it (decisions/0258, 0261): its state, parties, price, deadlines,
 * signatures and payment, and the actions the caller may take now. Money in kopecks, times ISO 8601 UTC.
 */
import { DEAL_CANCEL_REASON_MAX_LENGTH, DEAL_STATES } from '@etp/domain';
import { z } from 'zod';
import { smsCodeField } from './accountFields.ts';
import { pageQuery } from './formFields.ts';
import { dbId } from './ids.ts';

const DEAL_ACTION_TYPES = [
  'sign',
  'mark_paid',
  'confirm_payment',
  'hand_over_registry',
  'registry_downloaded',
  'close',
  'expire',
  'cancel',
  'offer_to_second',
  'accept_offer',
  'decline_offer',
] as const;

/** The caller's side in a deal: the buying company, the selling company, or an administrator. */
const DEAL_ROLES = ['buyer', 'seller', 'admin'] as const;
export type DealRole = (typeof DEAL_ROLES)[number];

const dealCompanySchema = z.object({ id: z.number().int(), name: z.string() });
const signatureSchema = z
  .object({
    at: z.string(),
    method: z.enum(['sms', 'scan']),
    user_id: z.number().int().nullable(),
    /** The signed scan (method `scan`): GET /api/v1/deals/:id/scans/:side; null for an SMS signature. */
    scan_url: z.string().nullable(),
  })
  .nullable();

/** The two sides of a deal, as a signed scan's address names them. */
const DEAL_SIDES = ['buyer', 'seller'] as const;

/**
 * The agreement (decisions/0263): its PDF's address, the SHA-256 of its text once made (the SMS code signs that
 * text), and whether its text is the seller's template (a .docx of kind cession_agreement_template) or the
 * platform's standard one.
 */
const dealAgreementSchema = z.object({
  url: z.string(),
  sha256: z.string().nullable(),
  source: z.enum(['template', 'platform']),
});

export const dealSchema = z.object({
  id: z.number().int(),
  lot_id: z.number().int(),
  briefcase_id: z.number().int(),
  /** "Лот №3" or the seller's name of the lot. */
  lot_name: z.string(),
  /** 1: the winner's deal; 2: the offer to the second-best bidder. */
  attempt: z.union([z.literal(1), z.literal(2)]),
  state: z.enum(DEAL_STATES),
  state_label: z.string(),
  role: z.enum(DEAL_ROLES),
  seller_company: dealCompanySchema,
  buyer_company: dealCompanySchema,
  price_kopecks: z.number().int(),
  /** "1 200 000 ₽ (Один миллион двести тысяч рублей 00 копеек)". */
  price_in_words: z.string(),
  deadlines: z.object({
    sign_working_days: z.number().int(),
    pay_working_days: z.number().int(),
    second_offer_working_days: z.number().int(),
  }),
  /** The running clock's last instant (inclusive), null when none runs. */
  deadline_at: z.string().nullable(),
  /** The clock ran out and the scheduler has not yet marked the deal failed. */
  overdue: z.boolean(),
  buyer_signature: signatureSchema,
  seller_signature: signatureSchema,
  payment_reported_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  registry_handed_over_at: z.string().nullable(),
  /** The lot's registry for the buying company once handed over (GET /api/v1/deals/:id/registry), else null. */
  registry_url: z.string().nullable(),
  ended_at: z.string().nullable(),
  failure: z.enum(['not_signed', 'not_paid', 'offer_not_answered']).nullable(),
  failure_label: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  second_offer: z
    .object({ company_id: z.number().int(), price_kopecks: z.number().int(), at: z.string() })
    .nullable(),
  /** What the caller may do now (the domain's availableDealActions). */
  available_actions: z.array(z.enum(DEAL_ACTION_TYPES)),
  agreement: dealAgreementSchema,
  created_at: z.string(),
});
export type DealView = z.infer<typeof dealSchema>;

/** GET /api/v1/deals. */
export const dealsQuery = pageQuery.extend({
  state: z.enum(DEAL_STATES).optional(),
  /** The caller's side; an administrator sees every deal without it. */
  role: z.enum(['buyer', 'seller']).optional(),
});

export const dealListSchema = z.object({
  deals: z.array(dealSchema),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});
export type DealList = z.infer<typeof dealListSchema>;

/** POST /api/v1/deals/:id/sign: the SMS code sent by sign_code. */
export const signDealBody = z.object({ code: smsCodeField });

/** GET /api/v1/deals/:id/scans/:side: the signed scan of one side. */
export const dealScanParams = z.object({
  id: dbId,
  side: z.enum(DEAL_SIDES),
});

/** POST /api/v1/deals/:id/cancel: the administrator's reason (trimmed; 1–1000 characters, the domain checks). */
export const cancelDealBody = z.object({ reason: z.string().max(DEAL_CANCEL_REASON_MAX_LENGTH * 2) });

/** POST /api/v1/deals/:id/sign_code: where the code went (masked) and when another may be asked for. */
export const dealSignCodeSchema = z.object({ phone: z.string(), resend_in: z.number().int() });

/** The live message of a deal's change (`deal_update` on BriefcaseStatus, to both companies): re-read the deal. */
export interface DealLivePayload {
  deal_id: number;
  lot_id: number;
  briefcase_id: number;
  attempt: 1 | 2;
  state: (typeof DEAL_STATES)[number];
  deadline_at: string | null;
}
