/**
 * The wizard's save, draft and send-for-approval calls (spec 1 §3, §7): PUT /api/v1/briefcases/{id},
 * GET /api/v1/briefcases/{id}/edit (the draft the wizard restores, decisions/0080), POST /api/v1/briefcases/{id}/apply.
 * Money is kopecks ("cents"); times are ISO 8601; every field of the save body is optional (a step saves its own).
 */
import { z } from 'zod';
import { dbId, dbIdNumber } from './ids.ts';
import type { PersonalDataFinding, WizardLot } from './registries.ts';

const kopecks = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const percent = z.number().nullable();
const text = (max: number) => z.string().trim().max(max);

/** spec 1 §3 Document kinds: Регламент, Конкурсная документация, Договор уступки, Чек-лист, Другой документ. */
export const WIZARD_DOCUMENT_KINDS = [
  'template',
  'documentation',
  'cession_agreement_template',
  'check_list',
  'other',
] as const;
export type WizardDocumentKind = (typeof WIZARD_DOCUMENT_KINDS)[number];

/** A document uploaded on step 3: the reply of POST /api/v1/documents.json and an item of the draft. */
export interface WizardDocument {
  id: number;
  /** The name without its extension (spec 1 §3 nameOnly). */
  name: string;
  extension: string;
  size: number;
  /** null until the seller chooses it ('Не выбран тип файла'). */
  kind: WizardDocumentKind | null;
}

/** POST /api/v1/documents.json: multipart `file`, `briefcase_id`, optionally the `kind`. */
export const documentUploadFields = z
  .object({
    briefcase_id: dbId,
    kind: z.enum(WIZARD_DOCUMENT_KINDS).optional(),
  })
  .strict();

/** A company of a procedure's "previously chosen" history (GET /api/v1/briefcases/{id}/company/{list}). */
export interface HistoryCompany {
  id: number;
  full_name: string;
  inn: string | null;
  kind_name: string;
  /** Why it cannot be chosen now (not accredited, not a buyer): shown disabled. */
  error: string | null;
  last_chosen_at: string;
}

export const companyListParams = z.object({
  id: dbId,
  list: z.enum(['whitelist', 'blacklist']),
});
export const removeFromListBody = z.object({ company_id: dbIdNumber }).strict();

export const PARTICIPANT_KIND_KEYS = ['legal', 'bank', 'physical', 'self', 'mfo'] as const;

export const briefcaseSaveBody = z
  .object({
    auction_type: z.enum(['classic', 'dutch', 'private_requests', 'bank_to_bank']),
    kind: z.enum(['agent', 'standard']).nullable(),
    percent_mode: z.enum(['amount_total_debt', 'amount_bottomline_debt']),
    end_mode: z.enum(['ransom', 'convert']),
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
    liability: z.enum(['secured', 'unsecured', 'partially_secured']).nullable(),
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
      Object.fromEntries(PARTICIPANT_KIND_KEYS.map((k) => [k, z.boolean()])) as Record<
        (typeof PARTICIPANT_KIND_KEYS)[number],
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
    /** The kinds of the procedure's uploaded documents (POST /api/v1/documents.json), by document id. */
    documents_attributes: z
      .array(z.object({ id: dbIdNumber, kind: z.enum(WIZARD_DOCUMENT_KINDS) }).strict())
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

export interface ListedCompany {
  id: number;
  full_name: string;
  inn: string | null;
}

/** The procedure as the wizard edits it. */
export interface WizardDraftBriefcase {
  id: number;
  briefcase_state: string;
  creator_type: 'user' | 'admin';
  company_id: number;
  creator_company_name: string;
  auction_type: 'classic' | 'dutch' | 'private_requests' | 'bank_to_bank';
  kind: 'agent' | 'standard' | null;
  percent_mode: 'amount_total_debt' | 'amount_bottomline_debt';
  end_mode: 'ransom' | 'convert';
  start_datetime: string | null;
  end_datetime: string | null;
  max_price: number | null;
  step_price: number | null;
  step_price_in_percents: number | null;
  custom_steps: boolean;
  renewal_after_last_bid: boolean;
  renewal_after_last_bid_in_minutes: number;
  lot_renewal_minutes: number;
  steps_after_first_bid: number | null;
  max_bids: number | null;
  round_request_ttl: number;
  ai_grid: boolean;
  with_composite_lot: boolean;
  activity: string | null;
  source_kind: string | null;
  source_debtor_type: string | null;
  liability: 'secured' | 'unsecured' | 'partially_secured' | null;
  source_description: string | null;
  fast_documents_transfer: boolean;
  litigation_information: boolean;
  fast_signing: boolean;
  debts_information: boolean;
  regions_lotable: boolean;
  paper_dossiers: number | null;
  digital_dossiers: number | null;
  cases_dossiers: number | null;
  contact_details_dossiers: number | null;
  last_year_payments: number | null;
  deal_dossiers: number | null;
  allowed_kinds_map: Record<(typeof PARTICIPANT_KIND_KEYS)[number], boolean>;
  fssp_only: boolean;
  okved_82_91_only: boolean;
  fssp_bank_only: boolean;
  fssp_mfo_only: boolean;
  excel_custom: boolean;
  /**
   * A next or second round: the procedure it was created from. Its registry and lots came with it (the rows stay
   * linked to the first round's lots), so it has no upload or lotting of its own.
   */
  converted_from: number | null;
  has_registry: boolean;
  registry_file_name: string | null;
  registry_report_id: string | null;
  personal_data_found: boolean;
  personal_data_agreement: boolean;
  personal_data_skipped: boolean;
  /** Findings of the last upload (columns, kinds, counts; never values). */
  personal_data: PersonalDataFinding[];
  loting_params: { loting_type: string; sort_type?: string; price?: number | null } | null;
  items_count: number;
  amount_total: number;
  amount_bottomline: number;
  start_price: number;
  currency: string;
  rejection_note: string | null;
}

export interface WizardDraftLot extends WizardLot {
  step_price: number | null;
  max_price: number | null;
  step_count: number | null;
  start_datetime: string | null;
  end_datetime: string | null;
}

export interface WizardDraft {
  briefcase: WizardDraftBriefcase;
  lots: WizardDraftLot[];
  invited_companies: ListedCompany[];
  rejected_companies: ListedCompany[];
  /** The documents uploaded on step 3, in upload order. */
  documents: WizardDocument[];
  /** Where the wizard resumes (the first incomplete step). */
  resume_step: 1 | 2 | 3 | 4;
}
