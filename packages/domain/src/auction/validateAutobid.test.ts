import { describe, expect, it } from 'vitest';
import { bidOf, buildDutchLot, buildLot, MIN, T0 } from './testLots.ts';
import { type AutobidActor, validateAutobid } from './validateAutobid.ts';

const actor: AutobidActor = { isOwner: false, isAdmin: false, goodStanding: true, allowedKind: true };
const now = T0 + 15 * MIN;

describe('validateAutobid', () => {
  it('is taken before the start and while trading, with its step count', () => {
    expect(validateAutobid(buildLot({ status: 'ready' }), 1_200_000, actor, T0 - MIN)).toEqual({
      ok: true,
      maxPrice: 1_200_000,
      steps: 5,
    });
    expect(validateAutobid(buildLot(), 1_230_000, actor, now)).toMatchObject({ ok: true, steps: 6 });
  });
  it('refuses owners, admins, other formats and closed lots', () => {
    expect(validateAutobid(buildLot(), 1_200_000, { ...actor, isOwner: true }, now)).toMatchObject({
      code: 'forbidden',
      message: 'Организатор торгов не может устанавливать автоставки',
    });
    expect(validateAutobid(buildLot(), 1_200_000, { ...actor, isAdmin: true }, now)).toMatchObject({
      code: 'forbidden',
    });
    expect(validateAutobid(buildDutchLot(), 1_200_000, actor, now)).toMatchObject({
      message: 'Автоставки доступны только в классическом аукционе',
    });
    expect(validateAutobid(buildLot({ status: 'finished' }), 1_200_000, actor, now)).toMatchObject({
      code: 'conflict',
    });
  });
  it('must be above the next price and above the current maximum', () => {
    const lot = buildLot({ current_price: 1_100_000, leader: bidOf(1, 1_100_000) });
    expect(validateAutobid(lot, 1_150_000, actor, now)).toMatchObject({
      field: 'max_price',
      message: 'Максимальная цена автоставки должна быть выше следующей цены',
    });
    expect(validateAutobid(lot, 1_300_000, { ...actor, currentAutobidMax: 1_300_000 }, now)).toMatchObject({
      message: 'Новая максимальная цена должна быть выше текущей',
    });
    expect(validateAutobid(lot, null, actor, now)).toMatchObject({
      field: 'max_price',
      message: 'Должно быть заполнено',
    });
  });
});
