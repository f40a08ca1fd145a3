/**
 * The FAQ tab (spec 2 §2 "FAQ tab", §6; decisions/0115): who asks, who manages, and where a question's answer
 * stands. The server enforces these; the tab mirrors them.
 */
import { MB } from './constants.ts';
import { type BriefcaseStatus, statusIn } from './statuses.ts';

/**
 * unanswered: no answer yet; draft: an answer is written but participants do not see it; answered: the answer is
 * published (the question is active, every participant sees it).
 */
export const QUESTION_STATUSES = ['unanswered', 'draft', 'answered'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

/** Participants ask while the procedure waits for its start or trades. */
const QUESTION_ASK_STATUSES: readonly BriefcaseStatus[] = ['ready', 'active'];
export const QUESTION_TITLE_MAX_LENGTH = 1000;
export const QUESTION_ANSWER_MAX_LENGTH = 10_000;
export const QUESTION_DOCUMENT_MAX_BYTES = 30 * MB;

export interface FaqViewer {
  admin: boolean;
  /** A user of the selling company. */
  master: boolean;
}

/** A participant (not the seller, not an administrator) asks while the procedure is ready or active. */
export function canAskQuestion(viewer: FaqViewer, status: BriefcaseStatus): boolean {
  return !viewer.admin && !viewer.master && statusIn(status, QUESTION_ASK_STATUSES);
}

/** Adding, editing, deleting and publishing are the administrator's (spec 2 §6). */
export function canManageQuestions(viewer: FaqViewer): boolean {
  return viewer.admin;
}

/** The seller and administrators read every question, answered or not, with drafts. */
export function seesEveryQuestion(viewer: FaqViewer): boolean {
  return viewer.admin || viewer.master;
}

/**
 * The status and the active flag a question takes from its answer and whether it is to be published: without an
 * answer it is unanswered and hidden; an answer is a draft until published. Publishing without an answer is
 * impossible (null).
 */
export function questionState(
  answer: string | null,
  publish: boolean,
): { status: QuestionStatus; active: boolean } | null {
  if (!answer) return publish ? null : { status: 'unanswered', active: false };
  return publish ? { status: 'answered', active: true } : { status: 'draft', active: false };
}
