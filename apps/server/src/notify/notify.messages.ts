/** Russian texts of the development outbox page. */
export const NOTIFY_MESSAGES = {
  title: 'Исходящие сообщения (только для разработки)',
  lead: 'Всё, что платформа «отправила» по SMS и e-mail, новые сверху. В production этой страницы нет.',
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
} as const;
