import { describe, expect, it } from 'vitest';
import { fromMoscowParts } from '../time.ts';
import { DEAL_MESSAGES as M } from './dealMessages.ts';
import { applyDealAction, availableDealActions, openDeal } from './dealRules.ts';
import {
  DEFAULT_DEAL_DEADLINES,
  validateDealDeadlineSettings,
  validateDealWorkingDays,
} from './dealSettings.ts';
import {
  DEAL_FINAL_STATES,
  DEAL_STATE_LABELS,
  DEAL_STATES,
  DEAL_TRANSITIONS,
  isFinalDealState,
} from './dealStates.ts';
import type { Deal, DealAction, DealActionResult, DealActor } from './dealTypes.ts';

const SELLER = 1;
const WINNER = 2;
const SECOND = 3;
const seller: DealActor = { kind: 'member', company_id: SELLER };
const buyer: DealActor = { kind: 'member', company_id: WINNER };
const second: DealActor = { kind: 'member', company_id: SECOND };
const outsider: DealActor = { kind: 'member', company_id: 99 };
const admin: DealActor = { kind: 'admin' };
const system: DealActor = { kind: 'system' };

/** Monday 2 March 2026, 10:00 Moscow: five working days run to Tuesday 10 March (9 March is the 8th's day off). */
const T0 = fromMoscowParts(2026, 3, 2, 10).getTime();
const endOfMoscowDay = (month: number, day: number) =>
  fromMoscowParts(2026, month, day, 23, 59, 59).getTime() + 999;

function opened(): Deal {
  const result = openDeal(
    {
      seller_company_id: SELLER,
      buyer_company_id: WINNER,
      price_kopecks: 120_000_000,
      deadlines: DEFAULT_DEAL_DEADLINES,
    },
    T0,
  );
  if (!result.ok) throw new Error(result.reason);
  return result.deal;
}

function ok(result: DealActionResult): Deal {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.deal;
}

/** Runs actions in order, each at `at` (default T0 + 1 h), expecting every one to pass. */
function run(deal: Deal, steps: [DealAction, DealActor, number?][]): Deal {
  return steps.reduce(
    (d, [action, actor, at]) => ok(applyDealAction(d, action, actor, at ?? T0 + 3_600_000)),
    deal,
  );
}

const SIGN: DealAction = { type: 'sign', method: 'sms' };
const signedByBoth = () =>
  run(opened(), [
    [SIGN, buyer],
    [SIGN, seller],
  ]);
const paid = () =>
  run(signedByBoth(), [
    [{ type: 'mark_paid' }, buyer],
    [{ type: 'confirm_payment' }, seller],
  ]);
const failed = () => run(opened(), [[{ type: 'expire' }, system, endOfMoscowDay(3, 10) + 1]]);

describe('the states', () => {
  it('each has a Russian label; final states go nowhere, the others somewhere', () => {
    for (const state of DEAL_STATES) {
      expect(DEAL_STATE_LABELS[state]).toMatch(/[а-яА-Я]/);
      expect(DEAL_TRANSITIONS[state].length === 0).toBe(isFinalDealState(state));
    }
    expect(DEAL_FINAL_STATES).toEqual(['closed', 'failed', 'cancelled', 'offer_declined']);
  });
});

describe('opening a deal', () => {
  it('awaits both signatures until the end of the fifth working day, holidays skipped', () => {
    const deal = opened();
    expect(deal.state).toBe('awaiting_signatures');
    expect(deal.deadline_ms).toBe(endOfMoscowDay(3, 10));
  });

  it('is refused when the deadline would fall in a year the platform does not know', () => {
    const result = openDeal(
      {
        seller_company_id: SELLER,
        buyer_company_id: WINNER,
        price_kopecks: 100,
        deadlines: DEFAULT_DEAL_DEADLINES,
      },
      fromMoscowParts(2027, 12, 28, 10).getTime(),
    );
    expect(result).toMatchObject({ ok: false, code: 'calendar_unknown' });
    expect(result.ok || result.reason).toContain('2028');
  });
});

describe('signing', () => {
  it('works with the buyer first and with the seller first; the payment clock starts at the second signature', () => {
    const buyerFirst = ok(applyDealAction(opened(), SIGN, buyer, T0));
    expect(buyerFirst.state).toBe('signed_by_buyer');
    const sellerFirst = ok(applyDealAction(opened(), SIGN, seller, T0));
    expect(sellerFirst.state).toBe('signed_by_seller');
    // Signed on Wednesday 4 March: ten working days (9 March off) end on Thursday 19 March.
    const wed = fromMoscowParts(2026, 3, 4, 15).getTime();
    for (const [half, other] of [
      [buyerFirst, seller],
      [sellerFirst, buyer],
    ] as const) {
      const result = applyDealAction(half, { type: 'sign', method: 'scan' }, other, wed);
      expect(result.ok && result.deal.state).toBe('awaiting_payment');
      expect(result.ok && result.deal.deadline_ms).toBe(endOfMoscowDay(3, 19));
      expect(result.ok && result.events.map((e) => e.type)).toEqual([
        'deal_state_changed',
        'deal_signed',
        'deal_deadline_set',
      ]);
    }
  });

  it('refuses a second signature by the same party, and after both', () => {
    const half = ok(applyDealAction(opened(), SIGN, buyer, T0));
    expect(applyDealAction(half, SIGN, buyer, T0)).toMatchObject({
      code: 'already_done',
      reason: M.alreadySigned,
    });
    expect(applyDealAction(signedByBoth(), SIGN, seller, T0)).toMatchObject({ reason: M.signedByBoth });
  });

  it('refuses anyone but the two parties', () => {
    for (const actor of [outsider, admin, system])
      expect(applyDealAction(opened(), SIGN, actor, T0)).toMatchObject({
        code: 'forbidden',
        reason: M.signParty,
      });
  });

  it('refuses after the deadline even before the scheduler marks the deal failed', () => {
    const late = endOfMoscowDay(3, 10) + 1;
    expect(applyDealAction(opened(), SIGN, buyer, endOfMoscowDay(3, 10)).ok).toBe(true);
    expect(applyDealAction(opened(), SIGN, buyer, late)).toMatchObject({
      code: 'deadline_passed',
      reason: M.signDeadlinePassed,
    });
  });
});

describe('payment and the registry', () => {
  it('goes reported → paid → registry handed over → closed by the buyer’s download', () => {
    const reported = run(signedByBoth(), [[{ type: 'mark_paid' }, buyer]]);
    expect(reported.state).toBe('payment_reported');
    expect(reported.deadline_ms).toBeNull();
    const done = run(paid(), [
      [{ type: 'hand_over_registry' }, system],
      [{ type: 'registry_downloaded' }, buyer],
    ]);
    expect(done.state).toBe('closed');
    expect(done.ended_at_ms).not.toBeNull();
  });

  it('lets the seller hand the registry over, and an administrator close a deal the buyer never downloads', () => {
    const handed = run(paid(), [[{ type: 'hand_over_registry' }, seller]]);
    expect(run(handed, [[{ type: 'close' }, admin]]).state).toBe('closed');
    expect(applyDealAction(handed, { type: 'close' }, seller, T0)).toMatchObject({ code: 'forbidden' });
  });

  it('refuses payment before both signatures, by the seller, and twice', () => {
    const half = ok(applyDealAction(opened(), SIGN, buyer, T0));
    expect(applyDealAction(half, { type: 'mark_paid' }, buyer, T0)).toMatchObject({
      reason: M.payAfterSigning,
    });
    expect(applyDealAction(signedByBoth(), { type: 'mark_paid' }, seller, T0)).toMatchObject({
      code: 'forbidden',
    });
    const reported = run(signedByBoth(), [[{ type: 'mark_paid' }, buyer]]);
    expect(applyDealAction(reported, { type: 'mark_paid' }, buyer, T0)).toMatchObject({
      reason: M.alreadyReported,
    });
  });

  it('lets only the seller confirm, once, after the buyer reported', () => {
    expect(applyDealAction(signedByBoth(), { type: 'confirm_payment' }, seller, T0)).toMatchObject({
      reason: M.notReported,
    });
    const reported = run(signedByBoth(), [[{ type: 'mark_paid' }, buyer]]);
    expect(applyDealAction(reported, { type: 'confirm_payment' }, buyer, T0)).toMatchObject({
      code: 'forbidden',
    });
    expect(applyDealAction(paid(), { type: 'confirm_payment' }, seller, T0)).toMatchObject({
      code: 'already_done',
      reason: M.alreadyConfirmed,
    });
    expect(applyDealAction(signedByBoth(), { type: 'hand_over_registry' }, system, T0)).toMatchObject({
      reason: M.handOverAfterPayment,
    });
  });
});

describe('deadlines', () => {
  it('fail the deal once, by the scheduler only, after the last instant', () => {
    const deadline = endOfMoscowDay(3, 10);
    expect(applyDealAction(opened(), { type: 'expire' }, system, deadline)).toMatchObject({
      code: 'deadline_not_reached',
    });
    expect(applyDealAction(opened(), { type: 'expire' }, admin, deadline + 1)).toMatchObject({
      code: 'forbidden',
    });
    const deal = failed();
    expect(deal).toMatchObject({ state: 'failed', failure: 'not_signed' });
    expect(applyDealAction(deal, { type: 'expire' }, system, deadline + 2)).toMatchObject({
      code: 'already_done',
    });
  });

  it('fail an unpaid deal as not paid; a reported payment has no clock', () => {
    const deal = signedByBoth();
    const late = (deal.deadline_ms as number) + 1;
    expect(run(deal, [[{ type: 'expire' }, system, late]])).toMatchObject({ failure: 'not_paid' });
    expect(applyDealAction(deal, { type: 'mark_paid' }, buyer, late)).toMatchObject({
      reason: M.payDeadlinePassed,
    });
    const reported = run(deal, [[{ type: 'mark_paid' }, buyer]]);
    expect(applyDealAction(reported, { type: 'expire' }, system, late)).toMatchObject({
      reason: M.noDeadline,
    });
  });
});

describe('cancellation', () => {
  it('needs an administrator and a reason', () => {
    expect(applyDealAction(paid(), { type: 'cancel', reason: '  ' }, admin, T0)).toMatchObject({
      code: 'invalid',
      reason: M.reasonRequired,
    });
    expect(applyDealAction(paid(), { type: 'cancel', reason: 'x'.repeat(1001) }, admin, T0)).toMatchObject({
      reason: M.reasonTooLong,
    });
    expect(applyDealAction(paid(), { type: 'cancel', reason: 'Спор' }, seller, T0)).toMatchObject({
      code: 'forbidden',
    });
    const cancelled = run(paid(), [[{ type: 'cancel', reason: ' Решение суда ' }, admin]]);
    expect(cancelled).toMatchObject({ state: 'cancelled', cancel_reason: 'Решение суда' });
    expect(applyDealAction(cancelled, SIGN, buyer, T0)).toMatchObject({ reason: M.cancelled });
    expect(applyDealAction(failed(), { type: 'cancel', reason: 'Спор' }, admin, T0)).toMatchObject({
      reason: M.failed,
    });
  });
});

describe('the offer to the second-best bidder', () => {
  const offer: DealAction = { type: 'offer_to_second', buyer_company_id: SECOND, price_kopecks: 110_000_000 };
  const afterFailure = endOfMoscowDay(3, 11);

  it('is made by the seller only after a failure, once, and opens the second bidder’s deal', () => {
    expect(applyDealAction(opened(), offer, seller, T0)).toMatchObject({ reason: M.offerOnlyAfterFailure });
    expect(applyDealAction(failed(), offer, buyer, afterFailure)).toMatchObject({ code: 'forbidden' });
    const result = applyDealAction(failed(), offer, seller, fromMoscowParts(2026, 3, 11, 12).getTime());
    if (!result.ok) throw new Error(result.reason);
    expect(result.deal.state).toBe('failed');
    expect(result.deal.second_offer).toMatchObject({ buyer_company_id: SECOND, price_kopecks: 110_000_000 });
    // Three working days from Wednesday 11 March: Thursday, Friday, Monday 16 March.
    expect(result.opened).toMatchObject({
      state: 'second_offer',
      attempt: 2,
      buyer_company_id: SECOND,
      price_kopecks: 110_000_000,
      deadline_ms: endOfMoscowDay(3, 16),
    });
    expect(applyDealAction(result.deal, offer, seller, afterFailure)).toMatchObject({
      reason: M.offerOnlyOnce,
    });
  });

  it('refuses the failed buyer or the seller as the second bidder, and a bad price', () => {
    expect(
      applyDealAction(failed(), { ...offer, buyer_company_id: WINNER }, seller, afterFailure),
    ).toMatchObject({
      reason: M.secondBidderSame,
    });
    expect(applyDealAction(failed(), { ...offer, price_kopecks: 0 }, seller, afterFailure)).toMatchObject({
      reason: M.priceInvalid,
    });
  });

  function offered(): Deal {
    const result = applyDealAction(failed(), offer, seller, afterFailure);
    if (!result.ok || !result.opened) throw new Error('no offer');
    return result.opened;
  }

  it('is accepted by the second bidder only, who then signs like a winner', () => {
    expect(applyDealAction(offered(), { type: 'accept_offer' }, buyer, afterFailure)).toMatchObject({
      code: 'forbidden',
    });
    expect(applyDealAction(offered(), SIGN, second, afterFailure)).toMatchObject({
      reason: M.offerNotAnswered,
    });
    const accepted = run(offered(), [[{ type: 'accept_offer' }, second, afterFailure]]);
    expect(accepted.state).toBe('awaiting_signatures');
    expect(
      run(accepted, [
        [SIGN, seller, afterFailure],
        [SIGN, second, afterFailure],
      ]).state,
    ).toBe('awaiting_payment');
  });

  it('may be declined, or lapse; either way nothing more is offered', () => {
    expect(run(offered(), [[{ type: 'decline_offer' }, second, afterFailure]]).state).toBe('offer_declined');
    const late = endOfMoscowDay(3, 17) + 1;
    expect(applyDealAction(offered(), { type: 'accept_offer' }, second, late)).toMatchObject({
      reason: M.offerDeadlinePassed,
    });
    const lapsed = run(offered(), [[{ type: 'expire' }, system, late]]);
    expect(lapsed).toMatchObject({ state: 'failed', failure: 'offer_not_answered' });
    expect(applyDealAction(lapsed, { ...offer, buyer_company_id: 4 }, seller, late)).toMatchObject({
      reason: M.offerOnlyOnce,
    });
  });
});

describe('availableDealActions', () => {
  it('offers each party what it may do now', () => {
    expect(availableDealActions(opened(), buyer, T0)).toEqual(['sign']);
    expect(availableDealActions(opened(), admin, T0)).toEqual(['cancel']);
    expect(availableDealActions(opened(), outsider, T0)).toEqual([]);
    expect(availableDealActions(failed(), seller, T0)).toEqual(['offer_to_second']);
    expect(availableDealActions(failed(), admin, T0)).toEqual([]);
  });
});

describe('the wizard’s deadline fields', () => {
  it('take whole numbers from 1 to 30', () => {
    expect(validateDealWorkingDays(5)).toBeNull();
    expect(validateDealWorkingDays(0)).toBe('Должно быть от 1 до 30 рабочих дней');
    expect(validateDealWorkingDays(31)).toBe(M.workingDaysRange);
    expect(validateDealWorkingDays(2.5)).toBe(M.workingDaysWhole);
    expect(validateDealWorkingDays(null)).toBe(M.workingDaysRequired);
    expect(validateDealDeadlineSettings(DEFAULT_DEAL_DEADLINES)).toEqual({});
    expect(validateDealDeadlineSettings({ sign_working_days: 40 })).toEqual({
      sign_working_days: M.workingDaysRange,
      pay_working_days: M.workingDaysRequired,
      second_offer_working_days: M.workingDaysRequired,
    });
  });
});
