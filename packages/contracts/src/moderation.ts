/** The organiser's confirmation of a pending procedure (spec 2 §2 "Confirmation dialog", §7 confirm / reject). */
import { z } from 'zod';

const REJECTION_NOTE_MAX_LENGTH = 2000;

/** POST /api/v1/briefcases/{id}/reject. */
export const rejectBriefcaseBody = z.object({
  note: z
    .string({ error: 'Укажите причину' })
    .trim()
    .min(1, 'Укажите причину')
    .max(REJECTION_NOTE_MAX_LENGTH, `Не более ${REJECTION_NOTE_MAX_LENGTH} символов`),
});

/** Reply of confirm and reject: the procedure's new status. */
export const moderationReplySchema = z.object({
  id: z.number().int(),
  status: z.enum(['ready', 'rejected']),
  published_at: z.string().nullable(),
});
export type ModerationReply = z.infer<typeof moderationReplySchema>;
