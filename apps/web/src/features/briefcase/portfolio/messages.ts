/** Texts of the Портфель tab's advantages, company lists and winner information (spec 2 §2). */
export const PORTFOLIO_EXTRAS_MESSAGES = {
  advantages: 'Преимущества',
  averageDebt: 'Средний долг',
  participants: 'Кто может участвовать',
  invited: 'Приглашённые компании',
  rejected: 'Недопущенные компании',
  winners: 'Победители',
  winnersNotChosen: 'Победители ещё не выбраны',
  noWinner: 'Нет победителя',
  noData: 'Нет данных',
  lot: (number: string) => `Лот №${number}`,
  columns: {
    company: 'Компания',
    inn: 'ИНН',
    kind: 'Тип',
    lot: 'Лот',
    winner: 'Победитель',
    price: 'Цена',
  },
} as const;
