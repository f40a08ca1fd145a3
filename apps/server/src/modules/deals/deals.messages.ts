/** Russian texts of the deal's calls and notices (the rules' own refusals are the domain's DEAL_MESSAGES). */
import { DEAL_STATE_LABELS, type DealState } from '@etp/domain';

export const DEAL_TEXTS = {
  notFound: 'Сделка не найдена',
  lotDealNotFound: 'По этому лоту нет сделки',
  noPhone: 'Укажите и подтвердите номер телефона в профиле: договор подписывается кодом из SMS',
  codeSent: 'Код подписания отправлен по SMS',
  signSms: (code: string, dealId: number) =>
    `${code} — код подписания договора по сделке №${dealId} на ЭТП РД. Никому не сообщайте его.`,
  noSecondBidder: 'Нет другого участника со ставкой по этому лоту',
  signed: 'Договор подписан',
  paidReported: 'Оплата отмечена, продавец подтвердит её получение',
  paymentConfirmed: 'Оплата подтверждена',
  cancelled: 'Сделка отменена',
  offered: 'Лот предложен второму участнику',
  accepted: 'Предложение принято: подпишите договор',
  declined: 'Вы отказались от предложения',
} as const;

/** The event (and e-mail subject) of a deal's move, "Лот №3 ТП №12: сделка — «Оплачена»". */
export const dealEventText = (lot: string, briefcaseId: number, state: DealState) =>
  `${lot} ТП №${briefcaseId}: сделка — «${DEAL_STATE_LABELS[state]}»`;
