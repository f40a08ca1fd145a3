/** Russian texts of the satisfaction survey dialog (spec 3 §2.6). */
export const SURVEY_MESSAGES = {
  yes: 'Да',
  no: 'Нет',
  rating: 'Оценка',
  stars: (n: number) => `${n} из 5`,
  comment: 'Комментарий (необязательно)',
  send: 'Отправить',
  close: 'Закрыть',
  thanks: 'Спасибо за ответ!',
  failed: 'Не удалось отправить ответ. Попробуйте позднее.',
  step: (n: number) => `Вопрос ${n} из 2`,
} as const;
