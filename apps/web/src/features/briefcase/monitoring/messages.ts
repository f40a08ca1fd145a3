/** Russian texts of the Мониторинг tab (spec 2 §2 "Monitoring tab (admin)"). */
export const MONITORING_MESSAGES = {
  title: 'Мониторинг',
  online: (n: string) => `В сети: ${n}`,
  total: (n: string) => `Всего посетителей: ${n}`,
  statuses: { online: 'В сети', away: 'Отошёл', offline: 'Не в сети' },
  columns: {
    user: 'Пользователь',
    company: 'Компания',
    status: 'Статус',
    start: 'Первый вход',
    end: 'Ушёл',
  },
  noCompany: 'Без компании',
  empty: 'Пользователи не посещали страницу ТП после начала мониторинга',
  emptyHint:
    'Посещения отмечаются за 30 минут до начала торгов и пока торги идут. Администраторы не отслеживаются.',
  pages: 'Страницы списка посетителей',
  loadFailed: 'Не удалось загрузить список посетителей.',
} as const;
