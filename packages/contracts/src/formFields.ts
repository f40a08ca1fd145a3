/**
 * Field types of the multipart forms (profile, company) that also accept JSON: a form sends every value as a
 * string, so flags and numbers are read from their text.
 */
import { z } from 'zod';
import { dbId } from './ids.ts';

/** true, 'true', '1' or 'on' (a ticked checkbox) are true; false, 'false', '0', 'off' and '' are false. */
export const formFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** A text field: trimmed, at most `max` characters, empty means "not given" (stored as null). */
export const formText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Не более ${max} символов`)
    .nullish()
    .transform((v) => (v ? v : null));

export const formId = dbId;

/** A list page: ?page (from 1) and ?per_page (1–100). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
