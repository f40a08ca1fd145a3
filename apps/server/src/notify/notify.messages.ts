/** Russian texts of the development outbox page and of the platform's message ceiling. */
export const NOTIFY_MESSAGES = {
  title: 'Исходящие сообщения (только для разработки)',
  lead: 'Всё, что платформа «отправила» по SMS и e-mail, новые сверху. Страница открыта только с этого компьютера и только на демо-сервере.',
  filter: 'Получатель',
  show: 'Показать',
  empty: 'Сообщений пока нет.',
  columns: {
    time: 'Время (мск)',
    channel: 'Канал',
    recipient: 'Получатель',
    subject: 'Тема',
    body: 'Текст',
    status: 'Статус',
  },
  channels: { sms: 'SMS', email: 'E-mail' },
  sent: 'доставлено',
  pending: 'не доставлено',
  ceilingReached: (minutes: number) =>
    `Площадка отправила слишком много сообщений за час. Попробуйте через ${minutes} мин.`,
} as const;
