/**
 * The surveys, defined in code (docs/decisions/0035-surveys.md). Satisfaction (CSI) surveys are tied to a page
 * by its path; named surveys are asked by name. The spec does not show the texts; these are ours.
 */
import type { SurveyQuestion } from '@etp/contracts';
import { SURVEY_COMMENT_MAX_LENGTH, SURVEY_MAX_STARS } from '@etp/domain';

export interface SurveyDefinition {
  title: string;
  questions: SurveyQuestion[];
}

export interface CsiDefinition extends SurveyDefinition {
  /** The pages it is asked on; a first group, when present, is the procedure's id. */
  path: RegExp;
  /** For procedure pages: the statuses in which it may be asked (after the trading, not during it). */
  briefcaseStatuses?: readonly string[];
}

const rating = (text: string): SurveyQuestion => ({
  id: 'rating',
  kind: 'rating',
  text,
  max_rating: SURVEY_MAX_STARS,
});
const comment = (text: string): SurveyQuestion => ({
  id: 'comment',
  kind: 'string',
  text,
  max_length: SURVEY_COMMENT_MAX_LENGTH,
});

export const CSI_NAME = 'csi';

export const CSI_SURVEYS: Record<string, CsiDefinition> = {
  trade: {
    path: /^\/briefcases\/(\d{1,9})\/trade$/,
    briefcaseStatuses: [
      'finished',
      'closed',
      'closed_without_bids',
      'closed_without_winners',
      'closed_with_next_round',
    ],
    title: 'Как прошли торги?',
    questions: [
      { id: 'satisfied', kind: 'bool', text: 'Вам было удобно участвовать в торгах?' },
      rating('Оцените торги на площадке'),
      comment('Что нам стоит улучшить?'),
    ],
  },
  wizard: {
    path: /^\/briefcases\/new(?:\/\d{1,9})?$/,
    title: 'Как вам создание процедуры?',
    questions: [
      { id: 'satisfied', kind: 'bool', text: 'Удалось ли без труда создать торговую процедуру?' },
      rating('Оцените мастер создания процедуры'),
      comment('Что было неудобно?'),
    ],
  },
};

export const NAMED_SURVEYS: Record<string, SurveyDefinition> = {
  onboarding: {
    title: 'Расскажите о себе',
    questions: [
      {
        id: 'source',
        kind: 'string',
        text: 'Как вы узнали о площадке?',
        max_length: SURVEY_COMMENT_MAX_LENGTH,
      },
      { id: 'easy_registration', kind: 'bool', text: 'Легко ли было зарегистрироваться?' },
      rating('Оцените первое впечатление от площадки'),
    ],
  },
  analytics: {
    title: 'Аналитика портфеля',
    questions: [
      { id: 'enough', kind: 'bool', text: 'Хватает ли вам аналитики, чтобы оценить портфель?' },
      rating('Оцените полезность аналитики'),
      comment('Каких данных не хватает?'),
    ],
  },
};
