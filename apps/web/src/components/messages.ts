/** Russian texts of the shared components. */
export const COMPONENT_MESSAGES = {
  resend: 'Отправить код повторно',
  resendIn: (time: string) => `Отправить код повторно через ${time}`,
  cancel: 'Отмена',
  confirm: 'Подтвердить',
  close: 'Закрыть',
  choose: 'Выбрать файл',
  codeSentTo: (phone: string) => `Мы отправили код из 4 цифр на номер ${phone}`,
  codeLabel: 'Код из SMS',
  codeCheckFailed: 'Не удалось проверить код. Попробуйте позднее.',
  codeRequestFailed: 'Не удалось отправить код. Попробуйте позднее.',
  checking: 'Проверяем код…',
  digit: (label: string, n: number) => `${label}, цифра ${n}`,
  previousPage: 'Предыдущая страница',
  nextPage: 'Следующая страница',
  page: (n: number) => `Страница ${n}`,
} as const;
