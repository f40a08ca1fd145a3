/** A deal as the server replies it, for the deal screens' tests: the winner's deal awaiting signatures. */
import type { Deal } from './dealsApi.ts';

export function buildDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: 7,
    lot_id: 31,
    briefcase_id: 12,
    lot_name: 'Лот №3',
    attempt: 1,
    state: 'awaiting_signatures',
    state_label: 'Ожидает подписания',
    role: 'buyer',
    seller_company: { id: 1, name: 'ПАО «Северный банк»' },
    buyer_company: { id: 2, name: 'ООО «Коллект-Инвест»' },
    price_kopecks: 120_000_000,
    price_in_words: '1 200 000 ₽ (Один миллион двести тысяч рублей 00 копеек)',
    deadlines: { sign_working_days: 5, pay_working_days: 10, second_offer_working_days: 3 },
    deadline_at: '2026-03-20T20:59:59.999Z',
    overdue: false,
    buyer_signature: null,
    seller_signature: null,
    payment_reported_at: null,
    paid_at: null,
    registry_handed_over_at: null,
    ended_at: null,
    failure: null,
    failure_label: null,
    cancel_reason: null,
    second_offer: null,
    available_actions: [],
    agreement: { url: 'deals/7/agreement.pdf', sha256: null, source: 'platform' },
    registry_url: null,
    created_at: '2026-03-13T10:00:00.000Z',
    ...overrides,
  };
}
