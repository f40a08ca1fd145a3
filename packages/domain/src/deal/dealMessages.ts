/** Every Russian text of the deal's rules (decisions/0258): refusals and the wizard's deadline fields. */
import { DEAL_WORKING_DAYS_MAX, DEAL_WORKING_DAYS_MIN } from './dealLimits.ts';

export const DEAL_MESSAGES = {
  // Who may act.
  signParty: 'Подписать договор может только покупатель или продавец',
  buyerOnlyPays: 'Отметить оплату может только покупатель',
  sellerOnlyConfirms: 'Подтвердить оплату может только продавец',
  handOverParty: 'Передать реестр может только продавец',
  buyerOnlyDownloads: 'Получить реестр может только покупатель',
  closeParty: 'Завершить сделку может только администратор',
  expireParty: 'Срок сделки отслеживает только платформа',
  adminOnlyCancels: 'Отменить сделку может только администратор',
  sellerOnlyOffers: 'Предложить лот второму участнику может только продавец',
  offereeOnlyAnswers: 'Ответить на предложение может только участник, которому оно сделано',
  // Final states.
  closed: 'Сделка уже завершена',
  failed: 'Сделка не состоялась: действие невозможно',
  cancelled: 'Сделка отменена администратором',
  offerDeclined: 'Участник отказался от предложения: сделка не заключена',
  // Order.
  offerNotAnswered: 'Сначала участник должен принять предложение',
  alreadySigned: 'Вы уже подписали договор',
  signedByBoth: 'Договор уже подписан обеими сторонами',
  payAfterSigning: 'Оплатить договор можно после его подписания обеими сторонами',
  alreadyReported: 'Оплата уже отмечена, её подтверждает продавец',
  notReported: 'Покупатель ещё не сообщил об оплате',
  alreadyConfirmed: 'Оплата уже подтверждена',
  handOverAfterPayment: 'Реестр передаётся после подтверждения оплаты',
  alreadyHandedOver: 'Реестр уже передан покупателю',
  registryNotHandedOver: 'Реестр ещё не передан покупателю',
  noDeadline: 'У сделки сейчас нет срока, который мог бы истечь',
  deadlineNotReached: 'Срок ещё не истёк',
  offerOnlyAfterFailure: 'Предложить лот второму участнику можно только после того, как сделка не состоялась',
  offerOnlyOnce: 'Лот уже предлагался второму участнику',
  notAnOffer: 'Эта сделка не является предложением второму участнику',
  // Deadlines.
  signDeadlinePassed: 'Срок подписания договора истёк',
  payDeadlinePassed: 'Срок оплаты договора истёк',
  offerDeadlinePassed: 'Срок ответа на предложение истёк',
  // Input.
  reasonRequired: 'Укажите причину отмены сделки',
  reasonTooLong: 'Причина отмены не должна быть длиннее 1000 символов',
  buyerIsSeller: 'Покупатель и продавец должны быть разными компаниями',
  secondBidderSame: 'Второй участник должен быть другой компанией, не покупателем и не продавцом',
  priceInvalid: 'Цена должна быть больше 0 и указана в целых копейках',
  // The wizard, step 3.
  workingDaysRequired: 'Должно быть заполнено',
  workingDaysWhole: 'Укажите целое число рабочих дней',
  workingDaysRange: `Должно быть от ${DEAL_WORKING_DAYS_MIN} до ${DEAL_WORKING_DAYS_MAX} рабочих дней`,
} as const;

export const DEAL_CANCEL_REASON_MAX_LENGTH = 1000;
