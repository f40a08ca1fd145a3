/** Russian texts of the public calls (spec 3 §8: the call-request dialog). */
export const PUBLIC_TEXTS = {
  callRequested: 'Заявка на звонок успешно отправлена',
  callRequestedHint: 'Ожидайте звонка, скоро с вами свяжется оператор.',
  tooManyCallRequests: 'Вы уже отправили несколько заявок. Попробуйте позже или позвоните нам.',
  modes: {
    estimate_portfolios: 'Оценить портфели',
    tune_lotting: 'Настроить лотирование',
    find_debtor_inn: 'Найти ИНН должников',
  },
  operatorMailSubject: 'Заявка на звонок с сайта ЭТП РД',
  operatorMail: (fullName: string, phone: string, mode: string) =>
    [
      `Посетитель сайта просит перезвонить.`,
      '',
      `Имя: ${fullName}`,
      `Телефон: +${phone}`,
      `Тема: ${mode}`,
    ].join('\n'),
  noMode: 'не указана',
} as const;
