/** Russian texts of the error pages. */
export const ERROR_MESSAGES = {
  notFoundTitle: 'Страница не найдена',
  notFoundHint: 'Такой страницы нет или она была перемещена. Проверьте адрес или вернитесь к списку торгов.',
  toFeed: 'К торговым процедурам',
  toHome: 'На главную',
  crashTitle: 'Что-то пошло не так',
  crashHint: 'Произошла непредвиденная ошибка. Попробуйте обновить страницу.',
  reload: 'Обновить страницу',
} as const;
