/** Batch autobids (spec 2 §4 "Batch autobids", §7): the xlsx template, the upload, the removal. */
import { z } from 'zod';
import { dbId } from './ids.ts';

/** The template's columns, in order. */
export const BATCH_AUTOBID_COLUMNS = ['Номер лота', 'ID лота', 'Максимальная цена, ₽'] as const;

/** GET /api/v1/templates/briefcases/{briefcaseId}/autobids: the procedure whose template is made. */
export const batchAutobidTemplateParams = z.object({ briefcaseId: dbId });

/** Reply of autobids_massive_create and destroy_autobids. */
export const batchAutobidsReplySchema = z.object({
  has_enabled_autobids: z.boolean(),
  /** Autobids set (upload) or switched off (removal). */
  count: z.number().int(),
});
export type BatchAutobidsReply = z.infer<typeof batchAutobidsReplySchema>;
