/**
 * Surveys (spec 3 §2.6, §7.3; docs/decisions/0035-surveys.md). A CSI survey is offered on a page until the
 * user answers it there (once per page: a procedure's trade page is its own page), and on a procedure's page
 * only once the trading is over and only to someone who may open the procedure. A named survey is answered
 * once per user. Answers are checked against the survey's questions.
 */
import type { csiRatingBody, Survey, surveyAnswerBody } from '@etp/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../appContext.ts';
import { AppError, conflict, notFound, validationFailed } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { resolveBriefcaseAccess } from '../briefcases/access/viewerAccess.ts';
import {
  CSI_NAME,
  CSI_SURVEYS,
  type CsiDefinition,
  NAMED_SURVEYS,
  type SurveyDefinition,
} from './catalog/surveys.ts';
import { SURVEY_TEXTS as T } from './surveys.messages.ts';
import { hasAnswered, insertAnswer, lockUserAnswers } from './surveys.queries.ts';

type CsiRatingBody = z.output<typeof csiRatingBody>;
type SurveyAnswerBody = z.output<typeof surveyAnswerBody>;

const present = (action: string, name: string, survey: SurveyDefinition): Survey => ({
  action,
  name,
  title: survey.title,
  questions: survey.questions,
});

/** Paths are compared without a query, a fragment or a trailing slash. */
const normalizePath = (path: string) => path.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');

function csiFor(path: string): { action: string; survey: CsiDefinition; briefcaseId: number | null } | null {
  for (const [action, survey] of Object.entries(CSI_SURVEYS)) {
    const match = survey.path.exec(path);
    if (match) return { action, survey, briefcaseId: match[1] ? Number(match[1]) : null };
  }
  return null;
}

/** Whether the procedure's page may carry the survey now: the user may open it and its trading is over. */
async function briefcaseAllows(ctx: AppContext, auth: AuthContext, survey: CsiDefinition, id: number | null) {
  if (id === null || !survey.briefcaseStatuses) return true;
  const access = await resolveBriefcaseAccess(ctx.db, auth, id);
  return access.kind === 'open' && survey.briefcaseStatuses.includes(access.row.briefcase.status);
}

/** GET /api/v1/csi/trigger: the page's survey, or null. */
export async function csiTrigger(
  ctx: AppContext,
  auth: AuthContext,
  rawPath: string,
): Promise<Survey | null> {
  const path = normalizePath(rawPath);
  const csi = csiFor(path);
  if (!csi) return null;
  if (await hasAnswered(ctx.db, auth.user.id, CSI_NAME, path)) return null;
  if (!(await briefcaseAllows(ctx, auth, csi.survey, csi.briefcaseId))) return null;
  return present(csi.action, CSI_NAME, csi.survey);
}

/** POST /api/v1/csi/rating. */
export async function rateCsi(ctx: AppContext, auth: AuthContext, body: CsiRatingBody): Promise<void> {
  const path = normalizePath(body.path);
  const csi = csiFor(path);
  if (!csi || csi.action !== body.csi_action)
    throw validationFailed({ csi_action: [T.unknownAction] }, T.unknownAction);
  if (body.briefcase_id != null && body.briefcase_id !== csi.briefcaseId) {
    throw validationFailed({ briefcase_id: [T.briefcaseMismatch] }, T.briefcaseMismatch);
  }
  if (!(await briefcaseAllows(ctx, auth, csi.survey, csi.briefcaseId))) throw notFound(T.unknownAction);
  await ctx.db.transaction(async (tx) => {
    await lockUserAnswers(tx, auth.user.id);
    if (await hasAnswered(tx, auth.user.id, CSI_NAME, path)) throw conflict(T.alreadyAnswered);
    await insertAnswer(tx, {
      userId: auth.user.id,
      name: CSI_NAME,
      path,
      briefcaseId: csi.briefcaseId,
      satisfied: body.satisfied,
      rating: body.rating ?? null,
      comment: body.comment || null,
      answers: { action: csi.action },
      createdAt: ctx.now(),
    });
  });
}

/** GET /api/v1/surveys/trigger: the named survey, or null once answered. */
export async function surveyTrigger(
  ctx: AppContext,
  auth: AuthContext,
  name: string,
): Promise<Survey | null> {
  const survey = NAMED_SURVEYS[name];
  if (!survey) throw notFound(T.unknownSurvey);
  if (await hasAnswered(ctx.db, auth.user.id, name)) return null;
  return present(name, name, survey);
}

function answerErrors(survey: SurveyDefinition, answers: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const put = (id: string, message: string) => {
    errors[`answer.answers.${id}`] = [message];
  };
  for (const [id, value] of Object.entries(answers)) {
    const question = survey.questions.find((q) => q.id === id);
    if (!question) put(id, T.unknownQuestion);
    else if (question.kind === 'bool' && typeof value !== 'boolean') put(id, T.boolExpected);
    else if (question.kind === 'rating') {
      const max = question.max_rating ?? 5;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
        put(id, T.ratingRange(max));
      }
    } else if (question.kind === 'string') {
      const max = question.max_length ?? 250;
      if (typeof value !== 'string') put(id, T.textExpected);
      else if (value.trim().length > max) put(id, T.textTooLong(max));
    }
  }
  return errors;
}

/** POST /api/v1/surveys/answer. */
export async function answerSurvey(
  ctx: AppContext,
  auth: AuthContext,
  body: SurveyAnswerBody,
): Promise<void> {
  const survey = NAMED_SURVEYS[body.name];
  if (!survey) throw notFound(T.unknownSurvey);
  const { answers } = body.answer;
  if (Object.keys(answers).length === 0) throw new AppError(422, 'validation_failed', T.noAnswers);
  const errors = answerErrors(survey, answers);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const rating = answers.rating;
  await ctx.db.transaction(async (tx) => {
    await lockUserAnswers(tx, auth.user.id);
    if (await hasAnswered(tx, auth.user.id, body.name)) throw conflict(T.alreadyAnswered);
    await insertAnswer(tx, {
      userId: auth.user.id,
      name: body.name,
      path: body.answer.path ? normalizePath(body.answer.path) : null,
      rating: typeof rating === 'number' ? rating : null,
      answers,
      createdAt: ctx.now(),
    });
  });
}
