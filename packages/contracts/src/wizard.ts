/**
 * The wizard's save, draft and send-for-approval calls (spec 1 §3, §7): PUT /api/v1/briefcases/{id},
 * GET /api/v1/briefcases/{id}/edit (the draft the wizard restores, decisions/0080), POST /api/v1/briefcases/{id}/apply.
 * Money is kopecks ("cents"); times are ISO 8601; every field of the save body is optional (a step saves its own).
 */
import {
  AUCTION_TYPES,
  COMPANY_KINDS,
  DOCUMENT_KINDS,
  type DocumentKind,
  END_MODES,
  LIABILITIES,
  PAYMENT_KINDS,
  PERCENT_MODES,
  USER_ROLES,
} from '@etp/domain';
import { z } from 'zod';
import { briefcaseStatusSchema } from './briefcases.ts';
import { dbId, dbIdNumber } from './ids.ts';
import { personalDataFindingSchema, storedLotingParamsSchema, wizardLotSchema } from './registries.ts';

const kopecks = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const percent = z.number().nullable();
const text = (max: number) => z.string().trim().max(max);

/** spec 1 §3 Document kinds (Регламент … Другой документ): the domain's DOCUMENT_KINDS. */
export type WizardDocumentKind = DocumentKind;

/** A document uploaded on step 3: the reply of POST /api/v1/documents.json and an item of the draft. */
export const wizardDocumentSchema = z.object({
  id: z.number().int(),
  /** The name without its extension (spec 1 §3 nameOnly). */
  name: z.string(),
  extension: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** null until the seller chooses it ('Не выбран тип файла'). */
  kind: z.enum(DOCUMENT_KINDS).nullable(),
});
export type WizardDocument = z.infer<typeof wizardDocumentSchema>;

/** POST /api/v1/documents.json: multipart `file`, `briefcase_id`, optionally the `kind`. */
export const documentUploadFields = z
  .object({
    briefcase_id: dbId,
    kind: z.enum(DOCUMENT_KINDS).optional(),
  })
  .strict();

/** A company of a procedure's "previously chosen" history (GET /api/v1/briefcases/{id}/company/{list}). */
const historyCompanySchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  inn: z.string().nullable(),
  kind_name: z.string(),
  /** Why it cannot be chosen now (not accredited, not a buyer): shown disabled. */
  error: z.string().nullable(),
  /** ISO 8601 UTC. */
  last_chosen_at: z.string(),
});
export type HistoryCompany = z.infer<typeof historyCompanySchema>;
export const historyCompaniesSchema = z.array(historyCompanySchema);

export const companyListParams = z.object({
  id: dbId,
  list: z.enum(['whitelist', 'blacklist']),
});
export const removeFromListBody = z.object({ company_id: dbIdNumber }).strict();

const briefcaseSaveBody = z
  .object({
    auction_type: z.enum(AUCTION_TYPES),
    kind: z.enum(PAYMENT_KINDS).nullable(),
    percent_mode: z.enum(PERCENT_MODES),
    end_mode: z.enum(END_MODES),
    start_datetime: z.iso.datetime({ offset: true }).nullable(),
    end_datetime: z.iso.datetime({ offset: true }).nullable(),
    max_price: kopecks.nullable(),
    step_price: kopecks.nullable(),
    step_price_in_percents: z.number().min(0).max(100).nullable(),
    custom_steps: z.boolean(),
    renewal_after_last_bid: z.boolean(),
    renewal_after_last_bid_in_minutes: z.number().int(),
    lot_renewal_minutes: z
      .number()
      .int()
      .min(0)
      .max(24 * 60),
    steps_after_first_bid: z.number().int().nullable(),
    max_bids: z.number().int().nullable(),
    round_request_ttl: z
      .number()
      .int()
      .min(60_000)
      .max(30 * 86_400_000),
    ai_grid: z.boolean(),
    with_composite_lot: z.boolean(),
    activity: text(100).nullable(),
    source_kind: text(100).nullable(),
    source_debtor_type: text(100).nullable(),
    liability: z.enum(LIABILITIES).nullable(),
    source_description: text(5000).nullable(),
    fast_documents_transfer: z.boolean(),
    litigation_information: z.boolean(),
    fast_signing: z.boolean(),
    debts_information: z.boolean(),
    regions_lotable: z.boolean(),
    paper_dossiers: percent,
    digital_dossiers: percent,
    cases_dossiers: percent,
    contact_details_dossiers: percent,
    last_year_payments: percent,
    deal_dossiers: percent,
    allowed_kinds_map: z.object(
      Object.fromEntries(COMPANY_KINDS.map((k) => [k, z.boolean()])) as Record<
        (typeof COMPANY_KINDS)[number],
        z.ZodBoolean
      >,
    ),
    fssp_only: z.boolean(),
    okved_82_91_only: z.boolean(),
    fssp_bank_only: z.boolean(),
    fssp_mfo_only: z.boolean(),
    /** Lot id → its own step (customStepsSwitch). */
    lots_step_price: z.record(z.string().regex(/^\d{1,10}$/), kopecks.nullable()),
    /** Lot id → its start price. */
    lots_start_prices_cents: z.record(z.string().regex(/^\d{1,10}$/), kopecks),
    invited_company_ids: z.array(z.number().int().positive()).max(1000),
    rejected_company_ids: z.array(z.number().int().positive()).max(1000),
    /**
     * Step 3, the deal after the hammer (decisions/0258, 0261): working days to sign, to pay, and for the second
     * bidder to answer; 1–30 (the server checks with the domain's messages), null for the platform's default.
     */
    sign_working_days: z.number().nullable(),
    pay_working_days: z.number().nullable(),
    second_offer_working_days: z.number().nullable(),
    /** The kinds of the procedure's uploaded documents (POST /api/v1/documents.json), by document id. */
    documents_attributes: z
      .array(z.object({ id: dbIdNumber, kind: z.enum(DOCUMENT_KINDS) }).strict())
      .max(100),
  })
  .partial()
  .strict();
export type BriefcaseSaveBody = z.infer<typeof briefcaseSaveBody>;

/** spec 1 §3's names of our save fields (the spec's name → ours), accepted as aliases (decisions/0253). */
export const BRIEFCASE_SAVE_ALIASES = { customStepsSwitch: 'custom_steps' } as const;

const saveRequestFields = z
  .object({
    ...briefcaseSaveBody.shape,
    customStepsSwitch: z.boolean().optional(),
    /** The procedure's id (spec 1 §3): if sent, it must be the path's id. */
    briefcase_id: dbIdNumber.optional(),
  })
  .strict();

/**
 * PUT /api/v1/briefcases/{id} as a client may send it: the flat body, or the spec's "briefcase object" wrapped as
 * `{briefcase: {...}}` with the other fields beside it (spec 1 §7), the spec's names as aliases of ours. The server
 * folds it into one briefcaseSaveBody first: a field given twice with different values, or a briefcase_id other than
 * the path's, is refused with 422 naming it; unknown keys stay refused (decisions/0253).
 */
export const briefcaseSaveRequest = saveRequestFields
  .extend({ briefcase: saveRequestFields.optional() })
  .strict();
export type BriefcaseSaveRequest = z.input<typeof briefcaseSaveRequest>;

const listedWizardCompanySchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  inn: z.string().nullable(),
});
export type ListedCompany = z.infer<typeof listedWizardCompanySchema>;

const nullableText = z.string().nullable();

/** The procedure as the wizard edits it. Money in kopecks; times ISO 8601 UTC. */
const wizardDraftBriefcaseSchema = z.object({
  id: z.number().int(),
  briefcase_state: briefcaseStatusSchema,
  creator_type: z.enum(USER_ROLES),
  company_id: z.number().int(),
  creator_company_name: z.string(),
  auction_type: briefcaseSaveBody.shape.auction_type.unwrap(),
  kind: z.enum(PAYMENT_KINDS).nullable(),
  percent_mode: briefcaseSaveBody.shape.percent_mode.unwrap(),
  end_mode: briefcaseSaveBody.shape.end_mode.unwrap(),
  start_datetime: nullableText,
  end_datetime: nullableText,
  max_price: z.number().int().nullable(),
  step_price: z.number().int().nullable(),
  step_price_in_percents: z.number().nullable(),
  custom_steps: z.boolean(),
  renewal_after_last_bid: z.boolean(),
  renewal_after_last_bid_in_minutes: z.number().int(),
  lot_renewal_minutes: z.number().int(),
  steps_after_first_bid: z.number().int().nullable(),
  max_bids: z.number().int().nullable(),
  /** Milliseconds. */
  round_request_ttl: z.number().int(),
  /** The deal's deadlines in working days; null: the platform's default (decisions/0261). */
  sign_working_days: z.number().int().nullable(),
  pay_working_days: z.number().int().nullable(),
  second_offer_working_days: z.number().int().nullable(),
  ai_grid: z.boolean(),
  with_composite_lot: z.boolean(),
  activity: nullableText,
  source_kind: nullableText,
  source_debtor_type: nullableText,
  liability: z.enum(LIABILITIES).nullable(),
  source_description: nullableText,
  fast_documents_transfer: z.boolean(),
  litigation_information: z.boolean(),
  fast_signing: z.boolean(),
  debts_information: z.boolean(),
  regions_lotable: z.boolean(),
  paper_dossiers: z.number().nullable(),
  digital_dossiers: z.number().nullable(),
  cases_dossiers: z.number().nullable(),
  contact_details_dossiers: z.number().nullable(),
  last_year_payments: z.number().nullable(),
  deal_dossiers: z.number().nullable(),
  allowed_kinds_map: z.record(z.enum(COMPANY_KINDS), z.boolean()),
  fssp_only: z.boolean(),
  okved_82_91_only: z.boolean(),
  fssp_bank_only: z.boolean(),
  fssp_mfo_only: z.boolean(),
  excel_custom: z.boolean(),
  /**
   * A next or second round: the procedure it was created from. Its registry and lots came with it (the rows stay
   * linked to the first round's lots), so it has no upload or lotting of its own.
   */
  converted_from: z.number().int().nullable(),
  has_registry: z.boolean(),
  registry_file_name: nullableText,
  registry_report_id: nullableText,
  personal_data_found: z.boolean(),
  personal_data_agreement: z.boolean(),
  personal_data_skipped: z.boolean(),
  /** Findings of the last upload (columns, kinds, counts; never values). */
  personal_data: z.array(personalDataFindingSchema),
  loting_params: storedLotingParamsSchema.nullable(),
  items_count: z.number().int(),
  amount_total: z.number().int(),
  amount_bottomline: z.number().int(),
  start_price: z.number().int(),
  currency: z.string(),
  rejection_note: nullableText,
});
export type WizardDraftBriefcase = z.infer<typeof wizardDraftBriefcaseSchema>;

const wizardDraftLotSchema = wizardLotSchema.extend({
  step_price: z.number().int().nullable(),
  max_price: z.number().int().nullable(),
  step_count: z.number().int().nullable(),
  start_datetime: nullableText,
  end_datetime: nullableText,
});
export type WizardDraftLot = z.infer<typeof wizardDraftLotSchema>;

/** GET /api/v1/briefcases/{id}/edit, and the reply of saving and of sending for approval. */
export const wizardDraftSchema = z.object({
  briefcase: wizardDraftBriefcaseSchema,
  lots: z.array(wizardDraftLotSchema),
  invited_companies: z.array(listedWizardCompanySchema),
  rejected_companies: z.array(listedWizardCompanySchema),
  /** The documents uploaded on step 3, in upload order. */
  documents: z.array(wizardDocumentSchema),
  /** Where the wizard resumes (the first incomplete step). */
  resume_step: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
});
export type WizardDraft = z.infer<typeof wizardDraftSchema>;
