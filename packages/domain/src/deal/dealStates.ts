/**
 * States of a deal: the agreement that follows a won lot, from the win to the end (decisions/0258). Either party
 * may sign first: signed_by_buyer and signed_by_seller are the two halves, awaiting_payment means both signed.
 *
 *   awaiting_signatures ─┬─ buyer signs ──→ signed_by_buyer ──→ seller signs ─┬─→ awaiting_payment
 *                        └─ seller signs ─→ signed_by_seller ─→ buyer signs ──┘
 *   awaiting_payment → payment_reported (the buyer says it paid) → paid (the seller confirms)
 *     → registry_handed_over → closed
 *   a missed deadline (signing, payment, the second bidder's answer) → failed; an administrator → cancelled
 *   second_offer (a new deal for the second-best bidder, opened from a failed one) → awaiting_signatures
 *     when accepted, offer_declined when declined.
 */

export const DEAL_STATES = [
  'second_offer',
  'awaiting_signatures',
  'signed_by_buyer',
  'signed_by_seller',
  'awaiting_payment',
  'payment_reported',
  'paid',
  'registry_handed_over',
  'closed',
  'failed',
  'cancelled',
  'offer_declined',
] as const;
export type DealState = (typeof DEAL_STATES)[number];

/** The deal's status as the buyer, the seller and the administrator read it. A deal is "она" (сделка). */
export const DEAL_STATE_LABELS: Readonly<Record<DealState, string>> = {
  second_offer: 'Предложена второму участнику',
  awaiting_signatures: 'Ожидает подписания',
  signed_by_buyer: 'Подписана покупателем',
  signed_by_seller: 'Подписана продавцом',
  awaiting_payment: 'Ожидает оплаты',
  payment_reported: 'Оплачена, ожидает подтверждения продавца',
  paid: 'Оплачена',
  registry_handed_over: 'Реестр передан покупателю',
  closed: 'Завершена',
  failed: 'Не состоялась',
  cancelled: 'Отменена администратором',
  offer_declined: 'Участник отказался',
};

/** States nothing leaves. A failed deal stays failed: the offer to the second bidder is a deal of its own. */
export const DEAL_FINAL_STATES = [
  'closed',
  'failed',
  'cancelled',
  'offer_declined',
] as const satisfies readonly DealState[];

export function isFinalDealState(state: DealState): boolean {
  return (DEAL_FINAL_STATES as readonly DealState[]).includes(state);
}

/** Every move a deal may make; applyDealAction never makes another (its property test checks this table). */
export const DEAL_TRANSITIONS: Readonly<Record<DealState, readonly DealState[]>> = {
  second_offer: ['awaiting_signatures', 'offer_declined', 'failed', 'cancelled'],
  awaiting_signatures: ['signed_by_buyer', 'signed_by_seller', 'failed', 'cancelled'],
  signed_by_buyer: ['awaiting_payment', 'failed', 'cancelled'],
  signed_by_seller: ['awaiting_payment', 'failed', 'cancelled'],
  awaiting_payment: ['payment_reported', 'failed', 'cancelled'],
  payment_reported: ['paid', 'cancelled'],
  paid: ['registry_handed_over', 'cancelled'],
  registry_handed_over: ['closed', 'cancelled'],
  closed: [],
  failed: [],
  cancelled: [],
  offer_declined: [],
};

/** Which clock runs in a state: the second bidder's answer, the signatures, the payment; null when none. */
export type DealDeadlineKind = 'offer' | 'sign' | 'pay';
export const DEAL_DEADLINE_OF_STATE: Readonly<Record<DealState, DealDeadlineKind | null>> = {
  second_offer: 'offer',
  awaiting_signatures: 'sign',
  signed_by_buyer: 'sign',
  signed_by_seller: 'sign',
  awaiting_payment: 'pay',
  // The buyer has done its part; the seller's confirmation has no clock that could fail the buyer.
  payment_reported: null,
  paid: null,
  registry_handed_over: null,
  closed: null,
  failed: null,
  cancelled: null,
  offer_declined: null,
};

/** Why a deal failed: the signatures, the payment, or the second bidder's answer did not come in time. */
export type DealFailure = 'not_signed' | 'not_paid' | 'offer_not_answered';
export const DEAL_FAILURE_LABELS: Readonly<Record<DealFailure, string>> = {
  not_signed: 'Договор не подписан в срок',
  not_paid: 'Договор не оплачен в срок',
  offer_not_answered: 'Участник не ответил на предложение в срок',
};
