/** The platform's support contacts, shown in the footer and wherever the user is told to ask for help. */
export const SUPPORT_CONTACTS = {
  workingHours: 'Пн–Пт 9:00–18:00 (мск)',
  phone: '+7 (800) 555-35-35',
  phoneHref: 'tel:+78005553535',
  email: 'support@etp-rd.ru',
  telegram: 'https://t.me/etp_rd',
  telegramName: '@etp_rd',
} as const;
