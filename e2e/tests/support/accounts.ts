/** The demo accounts the journeys sign in as (apps/server/src/demo): one password for all. */
export const PASSWORD = 'Demo-2026!';
export const ADMIN = 'admin@etp-rd.ru';
export const SELLER = 'seller.bank@etp-rd.ru';

/** The demo seller account of a procedure's company, by the company's name. */
export const SELLERS: Record<string, string> = {
  'АО «Банк Северная Столица»': 'seller.bank@etp-rd.ru',
  'ООО МФК «Быстроденьги Плюс»': 'seller.mfo@etp-rd.ru',
};
