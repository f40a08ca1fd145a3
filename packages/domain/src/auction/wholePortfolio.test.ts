import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bidOf, buildLot } from './testLots.ts';
import { type AwardableLot, canAwardLot, lotsCountedInTotals, soldElsewhere } from './wholePortfolio.ts';
import { chooseWinner } from './winner.ts';

const owner = { isOwner: true, isAdmin: false };
/** Lots 1..parts and the whole-portfolio lot 100, none awarded. */
const portfolioOf = (parts: number): AwardableLot[] => [
  ...Array.from({ length: parts }, (_, i) => ({
    id: i + 1,
    composite: false,
    name: `Лот №${i + 1}`,
    awarded: false,
  })),
  { id: 100, composite: true, name: 'Сводный лот: все лоты процедуры', awarded: false },
];

describe('totals of a procedure with a whole-portfolio lot (issue 29)', () => {
  it('count every debt once: the parts when they hold the whole portfolio, else the whole-portfolio lot', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (items, some) => {
          const parts = items.map((n, i) => ({ id: i + 1, composite: false, items_count: n }));
          const total = items.reduce((a, b) => a + b, 0);
          const whole = { id: 100, composite: true, items_count: total };
          const counted = lotsCountedInTotals([...parts, whole]);
          expect(counted.reduce((s, l) => s + l.items_count, 0)).toBe(total);
          expect(counted.filter((l) => l.composite).length === 0 || counted.length === 1).toBe(true);
          // A later round carrying the whole portfolio with only some of its parts: the whole lot is the portfolio.
          const fewer = some && parts.length > 1 ? parts.slice(1) : [];
          expect(lotsCountedInTotals([...fewer, whole])).toEqual([whole]);
          expect(lotsCountedInTotals(parts)).toEqual(parts);
        },
      ),
    );
  });

  it('the issue’s numbers: a registry of 521 578 622 ₽ totals 521 578 622 ₽, not twice that', () => {
    const parts = [
      { id: 1, composite: false, items_count: 600, amount_total: 300_000_000_00 },
      { id: 2, composite: false, items_count: 400, amount_total: 221_578_622_00 },
    ];
    const whole = { id: 3, composite: true, items_count: 1000, amount_total: 521_578_622_00 };
    const sum = lotsCountedInTotals([...parts, whole]).reduce((s, l) => s + l.amount_total, 0);
    expect(sum).toBe(521_578_622_00);
  });
});

describe('the same debts are never sold twice (issue 29)', () => {
  it('once the whole-portfolio lot has a winner, a part lot can only close without one, and vice versa', () => {
    const sold = portfolioOf(3).map((l) => (l.composite ? { ...l, awarded: true } : l));
    const part = sold[0]!;
    expect(canAwardLot(part, sold)).toEqual({
      ok: false,
      code: 'conflict',
      field: 'bid_id',
      message:
        'Весь портфель уже продан (Сводный лот: все лоты процедуры): эти долги нельзя продать второй раз. Лот можно закрыть только без победителя',
    });
    const partSold = portfolioOf(3).map((l) => (l.id === 2 ? { ...l, awarded: true } : l));
    const whole = partSold.at(-1)!;
    expect(canAwardLot(whole, partSold)).toMatchObject({
      ok: false,
      code: 'conflict',
      message:
        'Часть долгов портфеля уже продана (Лот №2): весь портфель нельзя продать второй раз. Лот можно закрыть только без победителя',
    });
    // Parts among themselves hold different debts: each may have its own winner.
    expect(canAwardLot(partSold[0]!, partSold)).toEqual({ ok: true });
    expect(soldElsewhere(whole, partSold)).toBe(true);
    expect(soldElsewhere(partSold[0]!, partSold)).toBe(false);
  });

  it('whatever the order of the seller’s choices, no debt ends up with two winners', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.boolean()), { maxLength: 20 }),
        (parts, choices) => {
          let lots = portfolioOf(parts);
          for (const [index, withWinner] of choices) {
            const lot = lots[index % lots.length]!;
            const state = buildLot({ id: lot.id, status: 'finished' });
            const bids = [bidOf(7, 1_100_000, undefined, 70)];
            const choice = chooseWinner(state, bids, withWinner ? 70 : null, 'finished', owner, lots);
            if (!withWinner) expect(choice.ok).toBe(true);
            if (choice.ok && choice.lot.winner)
              lots = lots.map((l) => (l.id === lot.id ? { ...l, awarded: true } : l));
          }
          const wholeSold = lots.some((l) => l.composite && l.awarded);
          const partSold = lots.some((l) => !l.composite && l.awarded);
          expect(wholeSold && partSold).toBe(false);
        },
      ),
    );
  });

  it('a convert round’s choice is a start price, not a sale: it is not refused', () => {
    const lots = portfolioOf(2).map((l) => (l.composite ? { ...l, awarded: true } : l));
    const state = buildLot({
      id: 1,
      status: 'finished',
      auction_type: 'private_requests',
      end_mode: 'convert',
    });
    const choice = chooseWinner(state, [bidOf(7, 1_100_000, undefined, 70)], 70, 'finished', owner, lots);
    expect(choice.ok).toBe(true);
  });
});
