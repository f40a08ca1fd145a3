/**
 * The 'questions' message on BriefcaseQuestions after a change to a procedure's FAQ (decisions/0180): everyone
 * with the Вопрос-ответ tab open re-reads its page, which the server filters by what each may see.
 */
import { liveMessage, type QuestionsLivePayload } from '@etp/contracts';
import type { AppContext } from '../../appContext.ts';
import type { Audience } from '../../realtime/bus.ts';

export interface QuestionChange {
  briefcaseId: number;
  questionId: number;
  change: QuestionsLivePayload['change'];
  /** Whether participants see the question before the change and after it (published). */
  wasPublished: boolean;
  isPublished: boolean;
  /** Who asked it: they see their own question while it is unpublished. */
  authorUserId: number | null;
}

/**
 * Who is told: everyone following the procedure's FAQ when participants saw the question or see it now; otherwise
 * (a question asked, a draft answer, an unpublished question deleted) only the seller, the administrators and the
 * asker, so nobody learns of a question they may not read.
 */
function questionAudiences(change: QuestionChange): Audience[] {
  if (change.wasPublished || change.isPublished) return [{ kind: 'all' }];
  const audiences: Audience[] = [{ kind: 'masters' }];
  if (change.authorUserId !== null) audiences.push({ kind: 'users', ids: [change.authorUserId] });
  return audiences;
}

/**
 * Runs after the change's commit. A lost message is not an error for the writer: the tab reads the page again on
 * every (re)subscription and after a reconnect, so it is dropped.
 */
export async function publishQuestionChange(ctx: AppContext, change: QuestionChange): Promise<void> {
  const payload: QuestionsLivePayload = {
    briefcase_id: change.briefcaseId,
    question_id: change.questionId,
    change: change.change,
  };
  const t = ctx.now().getTime();
  try {
    for (const audience of questionAudiences(change)) {
      await ctx.bus.publish({
        message: liveMessage.questions(change.briefcaseId, payload, t),
        audience,
      });
    }
  } catch {
    // See above.
  }
}
