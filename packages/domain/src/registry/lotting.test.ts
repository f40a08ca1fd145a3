import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LottingType } from '../dictionaries.ts';
import { debtColumnsOf } from './columns.ts';
import { COMPOSITE_LOT_NAME, compositeLot } from './compositeLot.ts';
import { FEDERAL_DISTRICTS, REGION_TO_FEDERAL_DISTRICT } from './federalDistricts.ts';
import { lot, orderByBottomlineDesc } from './lotting.ts';
import {
  LOT_PRICE_FLOOR,
  LottingError,
  lotStartPrice,
  lottingPriceError,
  lottingPriceLimits,
} from './lottingRules.ts';
import { debt, debtArbitrary } from './testDebts.ts';
import type { Debt } from './types.ts';

const debtsArb = fc.array(debtArbitrary, { minLength: 1, maxLength: 120 });

/** A price between the registry's limits, picked by a fraction. */
function priceWithin(debts: Debt[], fraction: number): number {
  const limits = lottingPriceLimits(debtColumnsOf(debts));
  return Math.round(limits.min_price + (limits.max_price - limits.min_price) * fraction);
}

function checkPartition(debts: Debt[], type: LottingType, price: number | null) {
  const columns = debtColumnsOf(debts);
  const { assignment, lots } = lot(columns, { loting_type: type, price });
  // Every debt in exactly one existing lot, every lot non-empty.
  expect(assignment).toHaveLength(debts.length);
  const counts = new Array(lots.length).fill(0);
  for (const l of assignment) {
    expect(l).toBeGreaterThanOrEqual(0);
    expect(l).toBeLessThan(lots.length);
    counts[l] += 1;
  }
  expect(counts).toEqual(lots.map((l) => l.items_count));
  expect(counts.every((c) => c > 0)).toBe(true);
  // Sums preserved, and each lot's sums are its debts' sums.
  const sum = (f: (d: Debt) => number) => debts.reduce((s, d) => s + f(d), 0);
  expect(lots.reduce((s, l) => s + l.amount_total, 0)).toBe(sum((d) => d.amountTotal));
  expect(lots.reduce((s, l) => s + l.amount_bottomline, 0)).toBe(sum((d) => d.amountBottomline));
  lots.forEach((l, i) => {
    const mine = debts.filter((_, j) => assignment[j] === i);
    expect(l.amount_bottomline).toBe(mine.reduce((s, d) => s + d.amountBottomline, 0));
    expect(l.start_price).toBe(lotStartPrice(l.amount_bottomline));
  });
  // Deterministic.
  expect(lot(debtColumnsOf(debts), { loting_type: type, price })).toEqual({ assignment, lots });
  return { assignment, lots };
}

describe('lot: properties', () => {
  it('equal_lots: a partition whose every lot is at least the price', () => {
    fc.assert(
      fc.property(debtsArb, fc.double({ min: 0, max: 1, noNaN: true }), (debts, f) => {
        const price = priceWithin(debts, f);
        const { lots } = checkPartition(debts, 'equal_lots', price);
        for (const l of lots) expect(l.start_price).toBeGreaterThanOrEqual(price);
      }),
      { numRuns: 150 },
    );
  });

  it('federal_districts and product_type: a partition; split groups keep every part at least the price', () => {
    fc.assert(
      fc.property(
        debtsArb,
        fc.constantFrom<LottingType>('federal_districts', 'product_type'),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
        (debts, type, f) => {
          const price = f === null ? null : priceWithin(debts, f);
          const { lots } = checkPartition(debts, type, price);
          const key = (l: (typeof lots)[number]) =>
            type === 'product_type' ? l.product_type : l.federal_district;
          const groups = new Map<string | null, number>();
          for (const l of lots) groups.set(key(l), (groups.get(key(l)) ?? 0) + 1);
          for (const l of lots)
            if (price !== null && groups.get(key(l))! > 1)
              expect(l.start_price).toBeGreaterThanOrEqual(price);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('grouped methods put each debt in the lot of its group', () => {
    fc.assert(
      fc.property(debtsArb, (debts) => {
        const { assignment, lots } = checkPartition(debts, 'stage_of_collection', null);
        debts.forEach((d, i) => {
          expect(lots[assignment[i]!]!.stage).toBe(d.stage);
        });
        const byDistrict = checkPartition(debts, 'federal_districts', null);
        debts.forEach((d, i) => {
          expect(byDistrict.lots[byDistrict.assignment[i]!]!.federal_district).toBe(
            d.regionCode === null ? null : REGION_TO_FEDERAL_DISTRICT[d.regionCode],
          );
        });
      }),
      { numRuns: 100 },
    );
  });

  it('manual_splitting: one lot per registry lot number', () => {
    fc.assert(
      fc.property(debtsArb, (raw) => {
        const debts = raw.map((d, i) => ({ ...d, lotNumber: d.lotNumber ?? (i % 3) + 1 }));
        const { assignment, lots } = checkPartition(debts, 'manual_splitting', null);
        debts.forEach((d, i) => {
          expect(lots[assignment[i]!]!.number).toBe(d.lotNumber);
        });
      }),
      { numRuns: 100 },
    );
  });
});

describe('lot: rules', () => {
  const many = Array.from({ length: 40 }, (_, i) =>
    debt({ contractId: `D${i}`, amountBottomline: (i + 1) * 10_000_00, amountTotal: (i + 1) * 9_000_00 }),
  );

  it('refuses a price under the minimum with the spec message, formatted in rubles', () => {
    const columns = debtColumnsOf(many);
    const limits = lottingPriceLimits(columns);
    expect(limits.min_price).toBe(LOT_PRICE_FLOOR);
    expect(() => lot(columns, { loting_type: 'equal_lots', price: LOT_PRICE_FLOOR - 100 })).toThrow(
      new LottingError('Не может быть меньше 20\u00a0000\u00a0₽', 'price'),
    );
    expect(lottingPriceError(null, 'equal_lots', limits)).toBe('Необходимо указать цену лота');
    expect(lottingPriceError(null, 'federal_districts', limits)).toBeNull();
    expect(lottingPriceError(limits.max_price + 100, 'equal_lots', limits)).toMatch(/^Не может быть больше /);
    expect(lottingPriceError(1, 'stage_of_collection', limits)).toBeNull();
  });

  it('the minimum price rises so that equal lots never make more than a thousand lots', () => {
    const big = Array.from({ length: 5000 }, (_, i) =>
      debt({ contractId: `D${i}`, amountBottomline: 10_000_000_00, amountTotal: 1 }),
    );
    const limits = lottingPriceLimits(debtColumnsOf(big));
    expect(limits.min_price).toBe(2_500_000_00);
    const { lots } = lot(debtColumnsOf(big), { loting_type: 'equal_lots', price: limits.min_price });
    expect(lots.length).toBe(1000);
  });

  it('uniform distribution deals large and small debts alike: counts differ by at most one', () => {
    const price = lotStartPrice(many.reduce((s, d) => s + d.amountBottomline, 0) / 4);
    const { lots } = lot(debtColumnsOf(many), { loting_type: 'equal_lots', price });
    expect(lots).toHaveLength(4);
    expect(lots.map((l) => l.items_count)).toEqual([10, 10, 10, 10]);
    const sums = lots.map((l) => l.amount_bottomline);
    expect(Math.max(...sums) - Math.min(...sums)).toBeLessThanOrEqual(40 * 10_000_00);
    expect(lots.map((l) => l.name)).toEqual(['Лот 1', 'Лот 2', 'Лот 3', 'Лот 4']);
  });

  it('one giant debt: lots under the limit are merged', () => {
    const debts = [
      debt({ contractId: 'G', amountBottomline: 1_000_000_000_00, amountTotal: 1 }),
      ...Array.from({ length: 9 }, (_, i) =>
        debt({ contractId: `s${i}`, amountBottomline: 1_000_00, amountTotal: 1 }),
      ),
    ];
    const total = debts.reduce((s, d) => s + d.amountBottomline, 0);
    const price = lotStartPrice(total / 5);
    const { lots } = lot(debtColumnsOf(debts), { loting_type: 'equal_lots', price });
    expect(lots).toHaveLength(1);
    expect(lots[0]!.items_count).toBe(10);
  });

  it('manual splitting without a lot number names the rows count', () => {
    const debts = [debt({ lotNumber: 1 }), debt({ contractId: 'x' }), debt({ contractId: 'y' })];
    expect(() => lot(debtColumnsOf(debts), { loting_type: 'manual_splitting' })).toThrow(
      'Для ручного лотирования у каждой строки должен быть номер лота; не указан в строках: 2',
    );
  });

  it('federal districts come in the fixed order and split by the price', () => {
    const debts = [
      ...Array.from({ length: 10 }, (_, i) =>
        debt({ contractId: `m${i}`, regionCode: 77, amountBottomline: 100_000_000_00 }),
      ),
      debt({ contractId: 'k', regionCode: 25, amountBottomline: 1_000_00, amountTotal: 1_000_00 }),
      debt({ contractId: 'n', regionCode: null }),
    ];
    const price = lotStartPrice(300_000_000_00);
    const { lots } = lot(debtColumnsOf(debts), { loting_type: 'federal_districts', price });
    expect(lots.map((l) => l.name)).toEqual([
      'Центральный ФО, часть 1',
      'Центральный ФО, часть 2',
      'Центральный ФО, часть 3',
      'Дальневосточный ФО',
      'Регион не указан',
    ]);
    expect(lots.map((l) => l.number)).toEqual([1, 2, 3, 4, 5]);
  });

  it('every region 01–95 has one of the eight districts', () => {
    for (let code = 1; code <= 95; code++)
      expect(FEDERAL_DISTRICTS).toContain(REGION_TO_FEDERAL_DISTRICT[code]);
    expect(REGION_TO_FEDERAL_DISTRICT[77]).toBe('Центральный');
    expect(REGION_TO_FEDERAL_DISTRICT[78]).toBe('Северо-Западный');
    expect(REGION_TO_FEDERAL_DISTRICT[23]).toBe('Южный');
    expect(REGION_TO_FEDERAL_DISTRICT[5]).toBe('Северо-Кавказский');
    expect(REGION_TO_FEDERAL_DISTRICT[16]).toBe('Приволжский');
    expect(REGION_TO_FEDERAL_DISTRICT[66]).toBe('Уральский');
    expect(REGION_TO_FEDERAL_DISTRICT[54]).toBe('Сибирский');
    expect(REGION_TO_FEDERAL_DISTRICT[25]).toBe('Дальневосточный');
    expect(REGION_TO_FEDERAL_DISTRICT[91]).toBe('Южный');
  });

  it('the ОСЗ order is descending and stable', () => {
    const debts = [5, 1, 5, 9, 0].map((r, i) =>
      debt({ contractId: `${i}`, amountBottomline: r * 100, amountTotal: 0 }),
    );
    expect([...orderByBottomlineDesc(debtColumnsOf(debts))]).toEqual([3, 0, 2, 1, 4]);
  });

  it('the composite lot sums the lots and averages DPD by items', () => {
    const lots = lot(
      debtColumnsOf([
        debt({ contractId: 'a', productType: 'A', dpd: 100, amountBottomline: 300_00, amountTotal: 200_00 }),
        debt({ contractId: 'b', productType: 'A', dpd: 200, amountBottomline: 300_00, amountTotal: 200_00 }),
        debt({ contractId: 'c', productType: 'B', dpd: 400, amountBottomline: 600_00, amountTotal: 200_00 }),
      ]),
      { loting_type: 'product_type' },
    ).lots;
    const c = compositeLot(lots);
    expect(c).toMatchObject({
      number: 3,
      name: COMPOSITE_LOT_NAME,
      composite: true,
      items_count: 3,
      amount_total: 600_00,
      amount_bottomline: 1200_00,
      bottomline_mean: 400_00,
      dpd: Math.round((150 * 2 + 400) / 3),
      start_price: lots[0]!.start_price + lots[1]!.start_price,
    });
  });
});
