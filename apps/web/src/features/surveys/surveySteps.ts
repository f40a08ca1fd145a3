/**
 * The two steps of a survey dialog (spec 3 §2.6): a yes/no question, then stars (at most 5) with an optional
 * comment (at most 250 characters).
 */
import { SURVEY_COMMENT_MAX_LENGTH, SURVEY_MAX_STARS } from '@etp/domain';

export type SurveyStep =
  | { step: 'question' }
  | { step: 'rating'; satisfied: boolean; rating: number | null; comment: string };

export type SurveyStepEvent =
  | { type: 'answered'; satisfied: boolean }
  | { type: 'rated'; rating: number | null }
  | { type: 'commented'; comment: string };

export interface SurveyAnswer {
  satisfied: boolean;
  rating: number | null;
  comment: string | null;
}

export const initialSurveyStep: SurveyStep = { step: 'question' };

export function surveyStepReducer(state: SurveyStep, event: SurveyStepEvent): SurveyStep {
  switch (event.type) {
    case 'answered':
      return { step: 'rating', satisfied: event.satisfied, rating: null, comment: '' };
    case 'rated':
      if (state.step !== 'rating') return state;
      return {
        ...state,
        rating:
          event.rating === null ? null : Math.min(Math.max(1, Math.round(event.rating)), SURVEY_MAX_STARS),
      };
    case 'commented':
      return state.step === 'rating'
        ? { ...state, comment: event.comment.slice(0, SURVEY_COMMENT_MAX_LENGTH) }
        : state;
    default:
      return assertNever(event);
  }
}

/** What is sent for the current step: nothing before the yes/no answer; the stars and comment when given. */
export function answerOf(state: SurveyStep): SurveyAnswer | null {
  switch (state.step) {
    case 'question':
      return null;
    case 'rating':
      return { satisfied: state.satisfied, rating: state.rating, comment: state.comment.trim() || null };
    default:
      return assertNever(state);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected survey step: ${JSON.stringify(value)}`);
}
