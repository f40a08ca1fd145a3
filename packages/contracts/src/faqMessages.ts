import { QUESTION_ANSWER_MAX_LENGTH, QUESTION_TITLE_MAX_LENGTH } from '@etp/domain';

/** Texts of the FAQ calls and the tab (spec 2 §8 for the snackbars, §2 for the empty state). */
export const FAQ_MESSAGES = {
  empty: 'Ещё нет ни одного вопроса',
  sent: 'Ваш вопрос направлен Организатору',
  sendFailed: 'Ошибка при отправке вопроса',
  added: 'Вопрос добавлен',
  deleted: 'Вопрос успешно удален',
  deleteFailed: 'Ошибка при удалении вопроса',
  edited: 'Вопрос успешно изменен',
  editFailed: 'Ошибка при изменении вопроса',
  titleRequired: 'Введите текст вопроса',
  titleTooLong: `Вопрос — не более ${QUESTION_TITLE_MAX_LENGTH} символов`,
  answerTooLong: `Ответ — не более ${QUESTION_ANSWER_MAX_LENGTH} символов`,
  answerToPublish: 'Чтобы опубликовать вопрос, напишите ответ',
} as const;
