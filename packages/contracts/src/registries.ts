/**
 * Registry upload, column matching, lotting and the personal-data flow (spec 1 §4, §7): request bodies and
 * reply shapes of /api/v1/briefcases (multipart), /api/v1/lotings/*, /api/v1/source_errors/*.
 */
import { ANALYTICS_FEATURE_COUNTS, AUCTION_TYPES, DEFAULT_LOTTING_TYPE, LOTTING_TYPES } from '@etp/domain';
import { z } from 'zod';
import { auctionTypeSchema, briefcaseStatusSchema } from './briefcases.ts';
import { errorEnvelopeSchema, fieldErrorsSchema, okEnvelopeSchema } from './envelope.ts';

/** Text fields of the registry upload form (multipart: company_id, auction_type, source file, upload_id). */
export const registryUploadFields = z.object({
  company_id: z.coerce.number({ error: 'Должно быть заполнено' }).int().positive('Должно быть заполнено'),
  auction_type: z.enum(AUCTION_TYPES, { error: 'Должно быть заполнено' }),
  /** The client's id of this upload, to poll its processing progress. */
  upload_id: z.uuid().optional(),
});

/** POST /api/v1/briefcases as JSON: the custom-template draft (/api/v1/lotings) becomes a procedure. */
export const registryFromLotingBody = registryUploadFields.extend({ from_loting: z.literal(true) });

const lotingParamsSchema = z.object({
  loting_type: z.enum(LOTTING_TYPES).default(DEFAULT_LOTTING_TYPE),
  sort_type: z.enum(['uniform_distribution']).default('uniform_distribution'),
  /** Kopecks ("cents"): the lot price limit (equal_lots, federal_districts, product_type). */
  price: z.coerce.number().int().nonnegative().nullish(),
});
export type LotingParamsInput = z.infer<typeof lotingParamsSchema>;

export const relotingBody = z.object({ loting_params: lotingParamsSchema });
export type RelotingBody = z.input<typeof relotingBody>;

/** Column index (as a string, '0' = A) → attribute value; unmatched columns are left out or null. */
const sourceMapSchema = z.record(z.string().regex(/^\d{1,3}$/), z.string().nullable());
export const mapRegistryBody = z.object({
  source_map: sourceMapSchema,
  /** The client's id of this check, to poll its processing progress like an upload's. */
  upload_id: z.uuid().optional(),
});

export const personalDataEmailBody = z.object({ email: z.string().trim().default('') });
export const helpRequestBody = z.object({ contact: z.string().trim().max(500).default('') });
/** POST /api/v1/briefcases/:id/help_request: the request recorded for the support team. */
export const helpRequestResultSchema = z.object({ id: z.number().int() });

export const uploadIdParams = z.object({ upload_id: z.uuid() });
export const reportIdParams = z.object({ id: z.uuid() });

/** A column of the registry where personal data was found: its place, kind and count, never the values. */
export const personalDataFindingSchema = z.object({
  column: z.string(),
  columnIndex: z.number().int(),
  header: z.string(),
  kind: z.string(),
  count: z.number().int(),
  /** Row numbers of the sheet (1-based) where it was found. */
  rows: z.array(z.number().int()),
});
export type PersonalDataFinding = z.infer<typeof personalDataFindingSchema>;

/** The matching table of a custom registry: headers, first rows and the suggested attribute per column. */
const registryPreviewSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  suggested: z.array(z.string().nullable()),
});
export type RegistryPreview = z.infer<typeof registryPreviewSchema>;

/** Data of an upload reply (status ok or error): what the wizard's step 2 reads. */
export const registryUploadDataSchema = z.object({
  briefcase_id: z.number().int().nullable(),
  items_count: z.number().int(),
  lots_count: z.number().int(),
  excel_custom: z.boolean(),
  personal_data_found: z.boolean(),
  personal_data: z.array(personalDataFindingSchema),
  /** The check report's id (a UUID) when the registry had errors. */
  report_id: z.string().nullable(),
  errors_count: z.number().int(),
  preview: registryPreviewSchema.nullable(),
  /** Notes on where the registry was read from: hidden sheets not read, headers found on another sheet or row. */
  warnings: z.array(z.string()),
});
export type RegistryUploadData = z.infer<typeof registryUploadDataSchema>;

/**
 * The whole success reply of an upload (spec 1 §7): the envelope, with report_id and personal_data_found repeated
 * beside it as the spec's reply names them.
 */
export const registryUploadReplySchema = okEnvelopeSchema(registryUploadDataSchema).extend({
  report_id: z.string().nullable(),
  personal_data_found: z.boolean(),
});

/**
 * An upload refused for its content (errors in the rows, personal data, a file too large or not an xlsx): the error
 * envelope keeps the upload's data, and report_id and personal_data_found beside it. Other errors of the call (no
 * token, not found, a conflict) are the common error envelope.
 */
export const registryRefusalSchema = z.union([
  errorEnvelopeSchema,
  z.object({
    status: z.literal('error'),
    data: registryUploadDataSchema,
    message: z.string().nullable(),
    errors: fieldErrorsSchema,
    code: z.enum(['personal_data_found', 'validation_failed']),
    report_id: z.string().nullable(),
    personal_data_found: z.boolean(),
  }),
]);

/** A lot's figures as the server presents them for a procedure's lots and a draft's alike (presentLotFigures). */
const lotFiguresSchema = z.object({
  number: z.number().int(),
  name: z.string().nullable(),
  items_count: z.number().int(),
  amount_total: z.number().int(),
  amount_bottomline: z.number().int(),
  bottomline_mean: z.number().int(),
  dpd: z.number().nullable(),
  dplp: z.number().nullable(),
  start_price: z.number().int(),
  min_price: z.number().int().nullable(),
  product_type: z.string().nullable(),
  federal_district: z.string().nullable(),
  stage: z.string().nullable(),
});

/** A lot of the procedure's registry as the wizard's lots table shows it. Money in kopecks. */
export const wizardLotSchema = lotFiguresSchema.extend({
  id: z.number().int(),
  predicted_start_price: z.number().int().nullable(),
  predicted_end_price: z.number().int().nullable(),
  composite: z.boolean(),
});
export type WizardLot = z.infer<typeof wizardLotSchema>;

/** GET /api/v1/briefcases/{id}/lots.json. */
export const wizardLotsSchema = z.object({ lots: z.array(wizardLotSchema) });

/** GET /api/v1/registry_uploads/{upload_id}: how far the server is with an upload. */
export const uploadProgressSchema = z.object({
  phase: z.enum(['queued', 'receiving', 'checking', 'storing', 'lotting', 'done', 'failed']),
  percent: z.number(),
  /** Phase `queued`: the upload's place in the queue of files waiting to be read (1 = next). */
  queue: z.number().int().optional(),
});

/** The lotting a procedure or a custom-template draft was lotted with, as stored. */
export const storedLotingParamsSchema = z.object({
  /** One of LOTTING_TYPES when the server lotted; the stored jsonb (and the card's copy) is any text. */
  loting_type: z.string(),
  sort_type: z.string().optional(),
  /** Kopecks: the lot price limit. */
  price: z.number().int().nullable().optional(),
});

/** GET /api/v1/briefcases/{id}/remaped_registry: the stored matching of a custom registry and its preview. */
export const remapedRegistrySchema = z.object({
  excel_custom: z.boolean(),
  source_map: z.record(z.string(), z.string()),
  preview: registryPreviewSchema.nullable(),
  /** The kept file can still be matched again. */
  pending: z.boolean(),
});

/** The lot price limits lotting offers (kopecks). */
const priceLimits = {
  min_price: z.number().int(),
  max_price: z.number().int(),
};

/** GET /api/v1/briefcases/{id}/reloting_info: what lotting offers for the procedure's registry. */
export const relotingInfoSchema = z.object({
  loting_params: storedLotingParamsSchema.nullable(),
  ...priceLimits,
  items_count: z.number().int(),
  lots_count: z.number().int(),
  /** Every debt names its lot: manual splitting is possible. */
  manual_splitting_available: z.boolean(),
  editable: z.boolean(),
});

/** The procedure's registry totals after a reloting (POST /api/v1/briefcases/{id}/reloting). Money in kopecks. */
const registryBriefcaseSchema = z.object({
  id: z.number().int(),
  briefcase_state: briefcaseStatusSchema,
  auction_type: auctionTypeSchema,
  company_id: z.number().int(),
  amount_total: z.number().int(),
  amount_bottomline: z.number().int(),
  amount_mean: z.number().int(),
  bottomline_mean: z.number().int(),
  start_price: z.number().int(),
  items_count: z.number().int(),
  dpd: z.number().nullable(),
  dplp: z.number().nullable(),
  filling_percent: z.number().nullable(),
  loting_params: storedLotingParamsSchema.nullable(),
  excel_custom: z.boolean(),
  personal_data_found: z.boolean(),
  personal_data_agreement: z.boolean(),
  personal_data_skipped: z.boolean(),
  registry_report_id: z.string().nullable(),
  registry_file_name: z.string().nullable(),
});

export const relotingReplySchema = z.object({
  lots: z.array(wizardLotSchema),
  briefcase: registryBriefcaseSchema,
});

const titledValueSchema = z.object({ title: z.string(), value: z.number().int() });

/** The analytics of a set of debts (a lot, a portfolio), computed at lotting (spec 2 §3 Analytics). */
const registryAnalyticsSchema = z.object({
  paid_amount_cents: z.number().int(),
  last_payment_amount_cents: z.number().int(),
  amount_for_360_days_cents: z.number().int(),
  issuence_form: z.number().int(),
  phones_amount: z.number().int(),
  empty_amount_total: z.number().int(),
  paid_amount: z.number().int(),
  /** Region code ('01'–'95') to the number of debts. */
  regions_list: z.record(z.string(), z.number().int()),
  kinds_list: z.array(titledValueSchema),
  first_creditors_list: z.array(titledValueSchema),
  enforcement_order_placements_list: z.array(titledValueSchema),
  amount_bottomline_list: z.array(titledValueSchema),
  birth_dates: z.array(
    z.object({
      title: z.string(),
      total: z.number().int(),
      male: z.number().int(),
      female: z.number().int(),
      other: z.number().int(),
    }),
  ),
  ...(Object.fromEntries(ANALYTICS_FEATURE_COUNTS.map((key) => [key, z.number().int()])) as Record<
    (typeof ANALYTICS_FEATURE_COUNTS)[number],
    z.ZodNumber
  >),
});

/** A lot drafted from a custom-template registry (no procedure yet). Money in kopecks. */
const lotingDraftLotSchema = lotFiguresSchema.extend({ analytics: registryAnalyticsSchema });

/** The custom-template registry's totals (the server's names, camelCase as stored). Money in kopecks. */
const lotingTotalsSchema = z.object({
  itemsCount: z.number().int(),
  amountTotal: z.number().int(),
  amountBottomline: z.number().int(),
  amountMean: z.number().int(),
  bottomlineMean: z.number().int(),
  startPrice: z.number().int(),
  dpd: z.number().nullable(),
  dplp: z.number().nullable(),
  fillingPercent: z.number().nullable(),
  analytics: registryAnalyticsSchema,
});

/** GET /api/v1/lotings and POST /api/v1/lotings/reloting: the user's custom-template draft. */
export const lotingDraftSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  registry_file_name: z.string().nullable(),
  preview: registryPreviewSchema.nullable(),
  source_map: z.record(z.string(), z.string()),
  loting_params: storedLotingParamsSchema.nullable(),
  registry_report_id: z.string().nullable(),
  personal_data_found: z.boolean(),
  personal_data: z.array(personalDataFindingSchema),
  lots: z.array(lotingDraftLotSchema),
  totals: lotingTotalsSchema.nullable(),
});

/** GET /api/v1/lotings/reloting_info. */
export const lotingRelotingInfoSchema = z.object({
  loting_params: storedLotingParamsSchema.nullable(),
  ...priceLimits,
  lots_count: z.number().int(),
});
