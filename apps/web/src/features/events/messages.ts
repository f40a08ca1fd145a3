/** Russian texts of the events page (spec 3 §2.5). */
export const EVENTS_MESSAGES = {
  title: 'События',
  loadFailed: 'Не удалось загрузить события. Попробуйте обновить страницу.',
  empty: 'Событий пока нет',
  emptyHint:
    'Здесь появятся перебитые ставки, итоги торгов, приглашения в компанию и решения по аккредитации.',
  count: (text: string) => `Всего ${text}`,
  unread: (count: number) => `непрочитанных: ${count}`,
  markAllRead: 'Отметить все прочитанными',
  toBriefcase: (id: number) => `ТП №${id}`,
  pages: 'Страницы событий',
  newMark: 'новое',
} as const;

export const EVENTS: readonly [string, string, string] = ['событие', 'события', 'событий'];
