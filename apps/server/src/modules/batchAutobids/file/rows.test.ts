import { describe, expect, it } from 'vitest';
import { capErrors, parseBatchRows, rublesToKopecks } from './rows.ts';

describe('rublesToKopecks', () => {
  it('reads numbers and typed amounts in rubles', () => {
    expect(rublesToKopecks(15000)).toBe(1_500_000);
    expect(rublesToKopecks(0.1 + 0.2)).toBe(30);
    expect(rublesToKopecks('1 500 000,50 ₽')).toBe(150_000_050);
    expect(rublesToKopecks('12.5')).toBe(1250);
  });
  it('refuses fractions of a kopeck and text', () => {
    expect(rublesToKopecks(10.005)).toBeNull();
    expect(rublesToKopecks('10,005')).toBeNull();
    expect(rublesToKopecks('много')).toBeNull();
    expect(rublesToKopecks('-5')).toBeNull();
    expect(rublesToKopecks(null)).toBeNull();
  });
});

describe('parseBatchRows', () => {
  const lots = new Set([11, 12]);
  it('takes rows with a maximum and reports every bad cell by its address', () => {
    const { entries, errors } = parseBatchRows(
      [
        { row: 2, lotId: 11, maxPrice: 20000, lotIdCell: 'B2', maxPriceCell: 'C2' },
        { row: 3, lotId: 12, maxPrice: null, lotIdCell: 'B3', maxPriceCell: 'C3' },
        { row: 4, lotId: null, maxPrice: 100, lotIdCell: 'B4', maxPriceCell: 'C4' },
        { row: 5, lotId: 99, maxPrice: 100, lotIdCell: 'B5', maxPriceCell: 'C5' },
        { row: 6, lotId: '11', maxPrice: 300, lotIdCell: 'B6', maxPriceCell: 'C6' },
        { row: 7, lotId: '12', maxPrice: 'сто', lotIdCell: 'B7', maxPriceCell: 'C7' },
      ],
      lots,
    );
    expect(entries).toEqual([{ row: 2, lotId: 11, maxPrice: 2_000_000, cell: 'C2' }]);
    expect(errors).toEqual([
      'Ячейка B4: не указан ID лота',
      'Ячейка B5: лот с ID 99 не найден в этой торговой процедуре',
      'Ячейка B6: лот с ID 11 уже указан в строке 2',
      'Ячейка C7: максимальная цена должна быть числом в рублях, не более двух знаков после запятой',
    ]);
  });
  it('caps a long list of errors', () => {
    const list = Array.from({ length: 60 }, (_, i) => `e${i}`);
    expect(capErrors(list)).toHaveLength(51);
    expect(capErrors(list).at(-1)).toBe('И ещё ошибок: 10');
  });
});
