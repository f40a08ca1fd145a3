import { describe, expect, it } from 'vitest';
import { DEAL_STATE_LABELS, DEAL_STATES } from './dealStates.ts';
import { lotDealCondition, lotDealLine } from './lotDeal.ts';

describe('a lot’s deal on its card', () => {
  it('calls the second bidder the buyer once it accepted, offered before, and leaves everyone else’s line', () => {
    const second = (state: (typeof DEAL_STATES)[number]) =>
      lotDealCondition({ attempt: 2, state, role: 'buyer' });
    expect(second('second_offer')).toEqual({ text: 'Вам предложено купить лот', color: 'blue' });
    expect(second('awaiting_signatures')).toEqual({ text: 'Вы покупатель по сделке', color: 'green' });
    expect(second('closed')).toEqual({ text: 'Вы покупатель по сделке', color: 'green' });
    expect(second('offer_declined')).toBeNull();
    expect(lotDealCondition({ attempt: 1, state: 'awaiting_signatures', role: 'buyer' })).toBeNull();
    expect(lotDealCondition({ attempt: 2, state: 'awaiting_signatures', role: 'seller' })).toBeNull();
    expect(lotDealCondition({ attempt: 2, state: 'awaiting_signatures', role: 'admin' })).toBeNull();
    expect(lotDealCondition(null)).toBeNull();
  });

  it('writes every state as the card’s line', () => {
    expect(lotDealLine(DEAL_STATE_LABELS.awaiting_signatures)).toBe('Сделка: ожидает подписания');
    for (const state of DEAL_STATES) expect(lotDealLine(DEAL_STATE_LABELS[state])).toMatch(/^Сделка: [а-яё]/);
  });
});
