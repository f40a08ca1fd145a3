/**
 * Registry upload, column matching, lotting and the personal-data flow (spec 1 §4, §7): request bodies and
 * reply shapes of /api/v1/briefcases (multipart), /api/v1/lotings/*, /api/v1/source_errors/*.
 */
import { z } from 'zod';

export const AUCTION_TYPES_FOR_UPLOAD = ['classic', 'dutch', 'private_requests', 'bank_to_bank'] as const;

/** Text fields of the registry upload form (multipart: company_id, auction_type, source file, upload_id). */
export const registryUploadFields = z.object({
  company_id: z.coerce.number({ error: 'Должно быть заполнено' }).int().positive('Должно быть заполнено'),
  auction_type: z.enum(AUCTION_TYPES_FOR_UPLOAD, { error: 'Должно быть заполнено' }),
  /** The client's id of this upload, to poll its processing progress. */
  upload_id: z.uuid().optional(),
});

export const LOTING_TYPES = [
  'manual_splitting',
  'equal_lots',
  'federal_districts',
  'product_type',
  'stage_of_collection',
] as const;

export const lotingParamsSchema = z.object({
  loting_type: z.enum(LOTING_TYPES).default('manual_splitting'),
  sort_type: z.enum(['uniform_distribution']).default('uniform_distribution'),
  /** Kopecks ("cents"): the lot price limit (equal_lots, federal_districts, product_type). */
  price: z.coerce.number().int().nonnegative().nullish(),
});
export type LotingParamsInput = z.infer<typeof lotingParamsSchema>;

export const relotingBody = z.object({ loting_params: lotingParamsSchema });

/** Column index (as a string, '0' = A) → attribute value; unmatched columns are left out or null. */
export const sourceMapSchema = z.record(z.string().regex(/^\d{1,3}$/), z.string().nullable());
export const mapRegistryBody = z.object({
  source_map: sourceMapSchema,
  /** The client's id of this check, to poll its processing progress like an upload's. */
  upload_id: z.uuid().optional(),
});

export const personalDataEmailBody = z.object({ email: z.string().trim().default('') });
export const helpRequestBody = z.object({ contact: z.string().trim().max(500).default('') });

export const uploadIdParams = z.object({ upload_id: z.uuid() });
export const reportIdParams = z.object({ id: z.uuid() });

export interface PersonalDataFinding {
  column: string;
  columnIndex: number;
  header: string;
  kind: string;
  count: number;
  rows: number[];
}

/** The matching table of a custom registry: headers, first rows and the suggested attribute per column. */
export interface RegistryPreview {
  headers: string[];
  rows: (string | number | boolean | null)[][];
  suggested: (string | null)[];
}

/** Data of an upload reply (status ok or error): what the wizard's step 2 reads. */
export interface RegistryUploadData {
  briefcase_id: number | null;
  items_count: number;
  lots_count: number;
  excel_custom: boolean;
  personal_data_found: boolean;
  personal_data: PersonalDataFinding[];
  report_id: string | null;
  errors_count: number;
  preview: RegistryPreview | null;
  /** Notes on where the registry was read from: hidden sheets not read, headers found on another sheet or row. */
  warnings: string[];
}

export interface WizardLot {
  id: number;
  number: number;
  name: string | null;
  items_count: number;
  amount_total: number;
  amount_bottomline: number;
  bottomline_mean: number;
  dpd: number | null;
  dplp: number | null;
  start_price: number;
  min_price: number | null;
  predicted_start_price: number | null;
  predicted_end_price: number | null;
  composite: boolean;
  product_type: string | null;
  federal_district: string | null;
  stage: string | null;
}

export interface UploadProgressReply {
  phase: 'queued' | 'receiving' | 'checking' | 'storing' | 'lotting' | 'done' | 'failed';
  percent: number;
  /** Phase `queued`: the upload's place in the queue of files waiting to be read (1 = next). */
  queue?: number;
}
