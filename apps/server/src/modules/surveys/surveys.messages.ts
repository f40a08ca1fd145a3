/** Russian texts of the survey calls (spec 3 §2.6, §7.3). */
export const SURVEY_TEXTS = {
  thanks: 'Спасибо за ваш отзыв!',
  unknownSurvey: 'Опрос не найден',
  unknownAction: 'Для этой страницы нет опроса',
  alreadyAnswered: 'Вы уже ответили на этот опрос',
  briefcaseMismatch: 'Процедура не совпадает со страницей опроса',
  briefcaseNotFound: 'Торговая процедура не найдена',
  unknownQuestion: 'В опросе нет такого вопроса',
  noAnswers: 'Ответьте хотя бы на один вопрос',
  boolExpected: 'Ответьте «да» или «нет»',
  ratingRange: (max: number) => `Поставьте от 1 до ${max} звёзд`,
  textTooLong: (max: number) => `Не более ${max} символов`,
  textExpected: 'Введите текст ответа',
} as const;
