/** Events (spec 3 §2.5) and satisfaction surveys (spec 3 §2.6, §7.3). */
import { SURVEY_COMMENT_MAX_LENGTH, SURVEY_MAX_STARS } from '@etp/domain';
import { z } from 'zod';
import { formId, pageQuery } from './formFields.ts';

const EVENT_KINDS = [
  'outbid',
  'won',
  'lost',
  'briefcase_status',
  'invitation',
  'accreditation_approved',
  'accreditation_rejected',
  'autobid_maxed_out',
  /** The user's company is invited to a closed procedure that was just published. */
  'procedure_invitation',
  /** A next round the user's company applied for was created. */
  'round_invitation',
  'question_answered',
  /** A participant asked a question on the seller's procedure (decisions/0147). */
  'question_asked',
  /** A deal of a won lot moved (decisions/0261): told to the other side, or both. */
  'deal',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const eventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EVENT_KINDS),
  text: z.string(),
  briefcase_id: z.number().int().nullable(),
  lot_id: z.number().int().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type EventItem = z.infer<typeof eventSchema>;

export const eventsQuery = pageQuery;

/** GET /api/v1/events. */
export const eventsPageSchema = z.object({
  collection: z.array(eventSchema),
  count: z.number().int(),
  total_pages: z.number().int(),
  unread_count: z.number().int(),
});

/** POST /api/v1/events/read: the given events, or all of the user's. */
export const readEventsBody = z
  .object({ ids: z.array(formId).max(100).optional() })
  .nullish()
  .transform((v) => v ?? {});

/** POST /api/v1/events/read: how many events became read. */
export const readEventsResultSchema = z.object({ marked: z.number().int() });

const SURVEY_MESSAGES = {
  rating: `Поставьте от 1 до ${SURVEY_MAX_STARS} звёзд`,
  comment: `Комментарий — не более ${SURVEY_COMMENT_MAX_LENGTH} символов`,
  satisfied: 'Ответьте «да» или «нет»',
} as const;

const surveyQuestionSchema = z.object({
  id: z.string(),
  kind: z.enum(['bool', 'rating', 'string']),
  text: z.string(),
  max_rating: z.number().int().optional(),
  max_length: z.number().int().optional(),
});

export const surveySchema = z.object({
  action: z.string(),
  name: z.string(),
  title: z.string(),
  questions: z.array(surveyQuestionSchema),
});
export type Survey = z.infer<typeof surveySchema>;
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/** GET /api/v1/csi/trigger?path=: the satisfaction survey for the page, or null. */
export const csiTriggerQuery = z.object({ path: z.string().trim().min(1).max(500) });

/** POST /api/v1/csi/rating: step 1 is the yes/no question; the stars and the comment are optional. */
export const csiRatingBody = z.object({
  csi_action: z.string().trim().min(1).max(100),
  path: z.string().trim().min(1).max(500),
  briefcase_id: formId.nullish(),
  satisfied: z.boolean({ error: SURVEY_MESSAGES.satisfied }),
  rating: z
    .number({ error: SURVEY_MESSAGES.rating })
    .int(SURVEY_MESSAGES.rating)
    .min(1, SURVEY_MESSAGES.rating)
    .max(SURVEY_MAX_STARS, SURVEY_MESSAGES.rating)
    .nullish(),
  comment: z.string().trim().max(SURVEY_COMMENT_MAX_LENGTH, SURVEY_MESSAGES.comment).nullish(),
});
export type CsiRatingBody = z.input<typeof csiRatingBody>;

/** GET /api/v1/surveys/trigger?name=. */
export const surveyTriggerQuery = z.object({ name: z.string().trim().min(1).max(100) });

/** POST /api/v1/surveys/answer: answers by question id, checked against the survey's questions. */
export const surveyAnswerBody = z.object({
  name: z.string().trim().min(1).max(100),
  answer: z.object({
    path: z.string().trim().max(500).nullish(),
    answers: z.record(z.string().max(100), z.union([z.boolean(), z.number(), z.string().max(5000)])),
  }),
});
