/** Russian texts of the e-mails of events. */
export const MAIL_TEXTS = {
  brand: 'ЭТП РД',
  greeting: (firstName: string | null) => (firstName ? `Здравствуйте, ${firstName}!` : 'Здравствуйте!'),
  toProcedure: 'Открыть торговую процедуру',
  toEvents: 'Открыть события',
  why: 'Вы получили это письмо, потому что уведомления о таких событиях включены в вашем профиле.',
  settings: 'Настроить уведомления',
  signature: 'Электронная торговая площадка долговых портфелей ЭТП РД',
  summarySubject: (date: string) => `ЭТП РД: сводка событий за ${date}`,
  summaryLead: (date: string, count: string) => `За ${date} у вас ${count}:`,
  summaryMore: (n: number) => `…и ещё ${n}`,
} as const;
