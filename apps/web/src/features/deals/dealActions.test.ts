import { describe, expect, it } from 'vitest';
import { dealButtons, dealTimeLeft, nextStepLabel } from './dealActions.ts';
import { buildDeal } from './testDeal.ts';

const kinds = (deal: ReturnType<typeof buildDeal>) => dealButtons(deal).map((b) => b.kind);

describe('the deal block offers the steps the server allows', () => {
  it('offers signing by SMS (filled) and by scan when the server allows signing, and the agreement', () => {
    const buttons = dealButtons(buildDeal({ available_actions: ['sign'] }));
    expect(buttons.map((b) => [b.kind, b.primary])).toEqual([
      ['sign_sms', true],
      ['sign_scan', false],
      ['agreement', false],
    ]);
    expect(buttons[0]?.label).toBe('Подписать SMS-кодом');
  });

  it('offers no signature once the caller signed, though the deal still awaits the other side', () => {
    // signed_by_buyer: the state alone would suggest signing; the server's list (empty for the buyer) decides.
    expect(kinds(buildDeal({ state: 'signed_by_buyer', available_actions: [] }))).toEqual(['agreement']);
  });

  it('asks the buyer to report the payment and the seller to confirm it', () => {
    const buyer = dealButtons(buildDeal({ state: 'awaiting_payment', available_actions: ['mark_paid'] }));
    expect(buyer[0]).toMatchObject({ kind: 'mark_paid', label: 'Оплата произведена', primary: true });
    const seller = dealButtons(
      buildDeal({ role: 'seller', state: 'payment_reported', available_actions: ['confirm_payment'] }),
    );
    expect(seller[0]).toMatchObject({ label: 'Подтвердить поступление оплаты', primary: true });
  });

  it('offers the registry to the buyer only, once handed over', () => {
    const handedOver = { state: 'registry_handed_over' as const, registry_url: '/api/v1/deals/7/registry' };
    expect(kinds(buildDeal({ ...handedOver, role: 'buyer' }))).toContain('registry');
    expect(kinds(buildDeal({ ...handedOver, role: 'seller' }))).not.toContain('registry');
    expect(kinds(buildDeal({ state: 'paid', role: 'buyer', registry_url: null }))).not.toContain('registry');
  });

  it('puts the second bidder’s acceptance first and the refusal last, in red', () => {
    const buttons = dealButtons(
      buildDeal({ state: 'second_offer', attempt: 2, available_actions: ['accept_offer', 'decline_offer'] }),
    );
    expect(buttons.map((b) => b.kind)).toEqual(['accept_offer', 'agreement', 'decline_offer']);
    expect(buttons.at(-1)).toMatchObject({ danger: true, primary: false });
  });

  it('gives the seller the offer to the second bidder after a failure, and the administrator cancel and close', () => {
    expect(
      kinds(buildDeal({ role: 'seller', state: 'failed', available_actions: ['offer_to_second'] })),
    ).toEqual(['offer_to_second', 'agreement']);
    const admin = dealButtons(
      buildDeal({ role: 'admin', state: 'registry_handed_over', available_actions: ['cancel', 'close'] }),
    );
    expect(admin.map((b) => [b.kind, b.primary, b.danger])).toEqual([
      ['close', true, false],
      ['agreement', false, false],
      ['cancel', false, true],
    ]);
  });

  it('names the caller’s next step in the list, or that the other side is to act', () => {
    expect(nextStepLabel(buildDeal({ available_actions: ['sign'] }))).toBe('Подписать SMS-кодом');
    expect(nextStepLabel(buildDeal({ state: 'signed_by_buyer', available_actions: [] }))).toBe(
      'Ждём другую сторону',
    );
    expect(nextStepLabel(buildDeal({ state: 'closed', available_actions: [], deadline_at: null }))).toBe('—');
  });

  it('offers the closed deal’s registry to download again, not as a step still to take', () => {
    const closed = buildDeal({
      state: 'closed',
      available_actions: [],
      deadline_at: null,
      registry_url: '/api/v1/deals/7/registry',
    });
    expect(dealButtons(closed).map((b) => [b.kind, b.primary])).toEqual([
      ['registry', false],
      ['agreement', false],
    ]);
    expect(nextStepLabel(closed)).toBe('—');
  });
});

describe('the time left to a deal’s deadline', () => {
  const deadline = '2026-03-20T20:59:59.999Z'; // 23:59:59.999 Moscow time
  const at = (iso: string) => dealTimeLeft(deadline, Date.parse(iso));

  it('reads in days and hours, then hours and minutes, then minutes', () => {
    expect(at('2026-03-17T15:00:00.000Z')).toBe('3 дня 5 ч');
    expect(at('2026-03-19T20:00:00.000Z')).toBe('1 день 0 ч');
    expect(at('2026-03-20T15:30:00.000Z')).toBe('5 ч 29 мин');
    expect(at('2026-03-20T20:50:00.000Z')).toBe('9 мин');
  });

  it('is still running at the last millisecond and has passed right after', () => {
    expect(at('2026-03-20T20:59:59.999Z')).toBe('0 мин');
    expect(at('2026-03-20T21:00:00.000Z')).toBeNull();
  });
});
