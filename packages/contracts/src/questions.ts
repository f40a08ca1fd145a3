/**
 * The FAQ tab's calls (spec 2 §7 "Questions", "Edit / delete question"; decisions/0115):
 * GET and POST /api/v1/briefcases/{id}/questions, PUT and DELETE /api/v1/briefcases/{id}/questions/{qid}.
 */
import {
  FAQ_PAGE_SIZE,
  QUESTION_ANSWER_MAX_LENGTH,
  QUESTION_STATUSES,
  QUESTION_TITLE_MAX_LENGTH,
} from '@etp/domain';
import { z } from 'zod';
import { FAQ_MESSAGES } from './faqMessages.ts';
import { formFlag } from './formFields.ts';
import { dbId } from './ids.ts';

const questionStatusSchema = z.enum(QUESTION_STATUSES);

export const questionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(FAQ_PAGE_SIZE),
});

export const questionParams = z.object({ id: dbId, qid: dbId });

const title = z
  .string({ error: FAQ_MESSAGES.titleRequired })
  .trim()
  .min(1, FAQ_MESSAGES.titleRequired)
  .max(QUESTION_TITLE_MAX_LENGTH, FAQ_MESSAGES.titleTooLong);

/** An answer: trimmed; empty clears it. */
const answer = z
  .string()
  .trim()
  .max(QUESTION_ANSWER_MAX_LENGTH, FAQ_MESSAGES.answerTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/** draft keeps the answer from participants; answered publishes it. */
const publication = z.enum(['draft', 'answered']);

/** POST's query: the spec's create call sends the title there. */
export const questionCreateQuery = z.object({ title: z.string().optional() });

/**
 * POST: a participant sends the title alone (the spec sends it in the query; a body works too). An administrator
 * adding a question may also send its answer, `status` and the attached document (multipart `attached_document`).
 */
export const questionCreateFields = z.object({
  title,
  answer: answer.optional(),
  status: publication.optional(),
});
export type QuestionCreateFields = z.input<typeof questionCreateFields>;

/** PUT (administrators): what is given changes; `remove_attached_document` drops the document. */
export const questionUpdateFields = z.object({
  title: title.optional(),
  answer: answer.optional(),
  status: publication.optional(),
  remove_attached_document: formFlag.optional(),
});
export type QuestionUpdateFields = z.input<typeof questionUpdateFields>;

const questionDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  extension: z.string(),
  bytes_size: z.number().int(),
  /** Served to those who see the question, with the access token. */
  link: z.string(),
});

/** A question as the viewer may see it (spec 2 §3 "FAQ question"). */
export const questionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Null until published, for participants; the seller and administrators see drafts. */
  answer: z.string().nullable(),
  status: questionStatusSchema,
  attached_document: questionDocumentSchema.nullable(),
  active: z.boolean(),
  /** The viewer asked it. */
  is_own: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Question = z.infer<typeof questionSchema>;

/** GET /api/v1/briefcases/{id}/questions: a page, newest first, with what the viewer may do. */
export const questionsPageSchema = z.object({
  questions: z.array(questionSchema),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  can_ask: z.boolean(),
  can_manage: z.boolean(),
});
export type QuestionsPage = z.infer<typeof questionsPageSchema>;

/**
 * The 'questions' message on BriefcaseQuestions: a question of the procedure was asked, added, edited, published,
 * withdrawn or deleted. It names the question only: each viewer re-reads the FAQ page, which the server filters
 * by what they may see, and the message reaches only those who saw the question or may see it now
 * (decisions/0180).
 */
export interface QuestionsLivePayload {
  briefcase_id: number;
  question_id: number;
  change: 'created' | 'updated' | 'deleted';
}
