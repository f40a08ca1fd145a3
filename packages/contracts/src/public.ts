/** The public landing page (spec 3 §2.7, §7.4): the schedule and the call request. */
import { VALIDATION_MESSAGES, validateName } from '@etp/domain';
import { z } from 'zod';
import { phoneField } from './accountFields.ts';
import { auctionTypeSchema, briefcaseStatusSchema } from './briefcases.ts';

/** GET /api/v1/public_briefcases: one card of the landing page's slider. */
const publicBriefcaseSchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    auction_type: auctionTypeSchema,
    start_datetime: z.string().nullable(),
    status: briefcaseStatusSchema,
    nearest: z.boolean(),
    company: z.object({ name: z.string(), logo_url: z.string().nullable() }),
  }),
});
export type PublicBriefcase = z.infer<typeof publicBriefcaseSchema>;
/** The slider's cards: ended (oldest first), trading now, then upcoming. `start_datetime` is an ISO 8601 instant. */
export const publicScheduleSchema = z.array(publicBriefcaseSchema);

export const CALL_REQUEST_MODES = ['estimate_portfolios', 'tune_lotting', 'find_debtor_inn'] as const;

/** POST /api/v1/feedback/phone (query or body): the policy box must be ticked. */
export const feedbackPhoneBody = z.object({
  phone: phoneField,
  full_name: z
    .string({ error: VALIDATION_MESSAGES.nameRequired })
    .max(200)
    .superRefine((value, ctx) => {
      const message = validateName(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((v) => v.trim().replace(/\s+/g, ' ')),
  /** Only a ticked box passes; a missing one fails like an unticked one. */
  policy_agreement: z
    .union([z.literal(true), z.literal('true'), z.literal('1'), z.literal('on')], {
      error: VALIDATION_MESSAGES.agreementRequired,
    })
    .transform(() => true as const),
  mode: z.enum(CALL_REQUEST_MODES).optional(),
});
