import { describe, expect, it } from 'vitest';
import { REJECTION_HTTP_STATUS } from './lotState.ts';
import { bidOf, buildDutchLot, buildLot, MIN, T0 } from './testLots.ts';
import { type BidActor, validateBid } from './validateBid.ts';

const now = T0 + 15 * MIN;
const actor: BidActor = { isOwner: false, isAdmin: false, goodStanding: true, allowedKind: true };
const bid = (
  amount: number | null | undefined,
  extra: { confirmRaise?: boolean; companyId?: number } = {},
) => ({
  amount,
  companyId: extra.companyId ?? 2,
  userId: 20,
  ...extra,
});
const leadBy1 = buildLot({ current_price: 1_100_000, leader: bidOf(1, 1_100_000), bids_count: 1 });

describe('validateBid: who and what', () => {
  it('refuses owners, admins, non-accredited and non-admitted companies', () => {
    const lot = buildLot();
    expect(validateBid(lot, bid(1_000_000), { ...actor, isOwner: true }, now)).toEqual({
      ok: false,
      code: 'forbidden',
      message: 'Организатор торгов не может делать ставки',
    });
    expect(validateBid(lot, bid(1_000_000), { ...actor, isAdmin: true }, now)).toMatchObject({
      code: 'forbidden',
    });
    expect(validateBid(lot, bid(1_000_000), { ...actor, goodStanding: false }, now)).toMatchObject({
      message: 'Участвовать в торгах может только аккредитованная компания',
    });
    expect(validateBid(lot, bid(1_000_000), { ...actor, allowedKind: false }, now)).toMatchObject({
      code: 'forbidden',
    });
  });
  it('uses the spec texts for the amount', () => {
    const lot = buildLot();
    for (const empty of [null, undefined, Number.NaN]) {
      expect(validateBid(lot, bid(empty), actor, now)).toEqual({
        ok: false,
        code: 'invalid',
        field: 'amount',
        message: 'Должно быть заполнено',
      });
    }
    expect(validateBid(lot, bid(0), actor, now)).toMatchObject({ message: 'Должно быть больше 0' });
    expect(validateBid(lot, bid(-5), actor, now)).toMatchObject({ message: 'Должно быть больше 0' });
    expect(validateBid(lot, bid(10.5), actor, now)).toMatchObject({ code: 'invalid', field: 'amount' });
  });
  it('takes only autobids before the start and nothing outside trading', () => {
    expect(validateBid(buildLot({ status: 'ready' }), bid(1_000_000), actor, T0 - MIN)).toMatchObject({
      code: 'conflict',
      message: 'До начала торгов можно установить только автоставку',
    });
    for (const [status, at] of [
      ['finished', now],
      ['closed', now],
      ['active', T0 + 120 * MIN],
      ['active', T0 - 1],
    ] as const) {
      expect(validateBid(buildLot({ status }), bid(1_000_000), actor, at)).toMatchObject({
        code: 'conflict',
        message: 'Торги по лоту не проводятся',
      });
    }
  });
});

describe('validateBid: classic', () => {
  it('accepts next price + whole steps, with the step count', () => {
    expect(validateBid(leadBy1, bid(1_250_000), actor, now)).toEqual({
      ok: true,
      amount: 1_250_000,
      price: 1_150_000,
      steps: 3,
    });
  });
  it('asks the leader to confirm a raise', () => {
    const own = bid(1_150_000, { companyId: 1 });
    const asked = validateBid(leadBy1, own, actor, now);
    expect(asked).toMatchObject({ code: 'confirm_required', message: 'Ваша ставка уже лидирует' });
    expect(!asked.ok && REJECTION_HTTP_STATUS[asked.code]).toBe(409);
    expect(validateBid(leadBy1, { ...own, confirmRaise: true }, actor, now).ok).toBe(true);
  });
  it('tells a too-low amount from a stale price and an off-grid one', () => {
    expect(validateBid(leadBy1, bid(900_000), actor, now)).toMatchObject({
      code: 'invalid',
      message: 'Не может быть меньше минимальной суммы',
    });
    expect(validateBid(leadBy1, bid(1_100_000), actor, now)).toMatchObject({
      code: 'conflict',
      message: 'Цена изменилась, обновите страницу',
    });
    expect(validateBid(leadBy1, bid(1_160_000), actor, now)).toMatchObject({
      code: 'invalid',
      message: 'Сумма не соответствует шагу аукциона',
    });
  });
});

describe('validateBid: dutch', () => {
  const lot = buildDutchLot();
  const at = T0 + 12 * MIN; // clock 19 000 ₽
  it('takes the clock price or a lower clock step', () => {
    expect(validateBid(lot, bid(1_900_000), actor, at)).toEqual({
      ok: true,
      amount: 1_900_000,
      price: 1_900_000,
      steps: 1,
    });
    expect(validateBid(lot, bid(1_550_000), actor, at)).toMatchObject({ ok: true, steps: 5 });
  });
  it('refuses above the clock, below the floor, off the clock grid', () => {
    expect(validateBid(lot, bid(2_000_000), actor, at)).toMatchObject({ code: 'conflict' });
    expect(validateBid(lot, bid(1_500_000), actor, at)).toMatchObject({
      message: 'Не может быть меньше минимальной суммы',
    });
    expect(validateBid(lot, bid(1_650_000), actor, at)).toMatchObject({
      message: 'Сумма не соответствует шагу аукциона',
    });
  });
  it('only lets a standing order rise, and caps new orders at max_bids', () => {
    expect(validateBid(lot, bid(1_700_000), { ...actor, standingAmount: 1_700_000 }, at)).toMatchObject({
      message: 'Новая ставка должна быть выше вашей текущей',
    });
    const full = { ...lot, max_bids: 2, bids_count: 2 };
    expect(validateBid(full, bid(1_700_000), actor, at)).toMatchObject({
      code: 'conflict',
      message: 'Достигнуто максимальное количество ставок по лоту',
    });
    expect(validateBid(full, bid(1_800_000), { ...actor, standingAmount: 1_700_000 }, at).ok).toBe(true);
  });
});

describe('validateBid: sealed', () => {
  const privateLot = buildLot({ auction_type: 'private_requests', amount_bottomline: 5_000_000 });
  it('needs at least the minimum and, except bank_to_bank, less than ОСЗ', () => {
    expect(validateBid(privateLot, bid(1_234_567), actor, now)).toEqual({
      ok: true,
      amount: 1_234_567,
      price: 1_000_000,
      steps: 1,
    });
    expect(validateBid(privateLot, bid(999_999), actor, now)).toMatchObject({
      message: 'Не может быть меньше минимальной суммы',
    });
    expect(validateBid(privateLot, bid(5_000_000), actor, now)).toEqual({
      ok: false,
      code: 'invalid',
      field: 'amount',
      message: 'Должно быть меньше общей суммы задолженности',
    });
    const b2b = { ...privateLot, auction_type: 'bank_to_bank' as const };
    expect(validateBid(b2b, bid(9_000_000), actor, now).ok).toBe(true);
    expect(validateBid({ ...privateLot, amount_bottomline: 0 }, bid(9_000_000), actor, now).ok).toBe(true);
  });
});
