import { describe, expect, it } from 'vitest';
import { type ConditionLot, ownerLotCondition, participantLotCondition } from './lotCondition.ts';
import { bidOf } from './testLots.ts';

const base: ConditionLot = {
  status: 'active',
  auction_type: 'classic',
  end_mode: null,
  bids_count: 0,
  leader: null,
  winner: null,
};
const lot = (overrides: Partial<ConditionLot>): ConditionLot => ({ ...base, ...overrides });
const won = (companyId: number) => ({ bidId: 1, companyId, amount: 1_000_000 });
const me = { companyId: 1, hasOwnBid: true, autobidEnabled: false };
const convert = { auction_type: 'private_requests', end_mode: 'convert' } as const;

describe('ownerLotCondition (spec 2 §4)', () => {
  it.each([
    [{ status: 'closed', bids_count: 2, winner: won(1) }, 'Победитель выбран', 'green'],
    [{ status: 'closed', bids_count: 2, winner: won(1), ...convert }, 'Начальная цена выбрана', 'green'],
    [{ status: 'closed', bids_count: 2 }, 'Победителя нет', 'grey'],
    [{ status: 'closed', bids_count: 2, ...convert }, 'Начальная цена не выбрана', 'grey'],
    [{ status: 'closed', bids_count: 0 }, 'Торги завершены без ставок', 'red'],
    [{ status: 'finished', bids_count: 1 }, 'Подведение итогов', 'purple'],
    [{ status: 'finished', bids_count: 0 }, 'Торги завершены без ставок', 'red'],
    [{ status: 'active', bids_count: 3 }, 'Есть ставки', 'green'],
    [{ status: 'active', bids_count: 0 }, 'Ставок нет', 'grey'],
    [{ status: 'ready' }, 'Ожидает начала', 'grey'],
  ] as const)('%o → %s', (overrides, text, color) => {
    expect(ownerLotCondition(lot(overrides))).toEqual({ text, color });
  });
});

describe('participantLotCondition (spec 2 §4)', () => {
  it.each([
    [{ status: 'closed', bids_count: 2, winner: won(1) }, me, 'Вы победили', 'green'],
    [{ status: 'closed', bids_count: 2, winner: won(1), ...convert }, me, 'Выбрана ваша ставка', 'green'],
    [{ status: 'closed', bids_count: 2, winner: won(2) }, me, 'Победил другой участник', 'red'],
    [
      { status: 'closed', bids_count: 2, winner: won(2) },
      { ...me, hasOwnBid: false },
      'Победил другой участник',
      'grey',
    ],
    [{ status: 'closed', bids_count: 2, winner: won(2), ...convert }, me, 'Выбрана другая ставка', 'red'],
    [{ status: 'closed', bids_count: 2 }, me, 'Победителя нет', 'red'],
    [{ status: 'closed', bids_count: 0 }, me, 'Торги завершены без ставок', 'red'],
    [{ status: 'finished', bids_count: 0 }, me, 'Торги завершены без ставок', 'red'],
    [{ status: 'finished', bids_count: 2, leader: bidOf(1, 1) }, me, 'Вы лидируете', 'purple'],
    [{ status: 'finished', bids_count: 2, leader: bidOf(2, 1) }, me, 'Ставка перебита', 'purple'],
    [{ status: 'finished', bids_count: 2, ...convert }, me, 'Ваша ставка принята', 'purple'],
    [{ status: 'finished', bids_count: 2 }, { ...me, hasOwnBid: false }, 'Ваших ставок нет', 'grey'],
    [
      { status: 'active', bids_count: 2, leader: bidOf(1, 1) },
      { ...me, autobidEnabled: true },
      'Включена автоставка',
      'blue',
    ],
    [{ status: 'ready' }, { ...me, hasOwnBid: false, autobidEnabled: true }, 'Включена автоставка', 'blue'],
    [{ status: 'ready' }, { ...me, hasOwnBid: false }, 'Ожидает начала', 'grey'],
    [{ status: 'active', bids_count: 2, leader: bidOf(1, 1) }, me, 'Вы лидируете', 'green'],
    [{ status: 'active', bids_count: 2, leader: bidOf(2, 1) }, me, 'Ставка перебита', 'red'],
    [
      { status: 'active', bids_count: 2, leader: bidOf(2, 1) },
      { ...me, hasOwnBid: false },
      'Ваших ставок нет',
      'grey',
    ],
    [
      { status: 'active', bids_count: 1, auction_type: 'bank_to_bank', leader: bidOf(1, 1) },
      me,
      'Ваша ставка принята',
      'green',
    ],
  ] as const)('%o for %o → %s', (overrides, viewer, text, color) => {
    expect(participantLotCondition(lot(overrides), viewer)).toEqual({ text, color });
  });

  it('treats dutch like classic for leading and outbid', () => {
    const dutch = lot({ auction_type: 'dutch', bids_count: 1, leader: bidOf(2, 1) });
    expect(participantLotCondition(dutch, me).text).toBe('Ставка перебита');
  });
});
