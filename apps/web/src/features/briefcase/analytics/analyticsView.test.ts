import { describe, expect, it } from 'vitest';
import {
  birthDateTotals,
  hasBirthDates,
  legendWindow,
  placementLabel,
  regionShares,
  sharesOf,
} from './analyticsView.ts';

describe('analytics view', () => {
  it('gives shares with two decimals and "Нет данных" for a missing title', () => {
    expect(
      sharesOf([
        { title: 'Банк', value: 1 },
        { title: ' ', value: 2 },
      ]),
    ).toEqual([
      { title: 'Банк', value: 1, percent: '33,33%' },
      { title: 'Нет данных', value: 2, percent: '66,67%' },
    ]);
    expect(sharesOf([{ title: 'Есть', value: 1 }], { whole: 8 })[0]!.percent).toBe('12,50%');
  });

  it('writes ФССП upper case', () => {
    expect(placementLabel('фссп')).toBe('ФССП');
    expect(placementLabel('Отделение ФсСп')).toBe('Отделение ФССП');
  });

  it('folds a legend of more than ten items to eight', () => {
    expect(legendWindow(10, false)).toEqual({ shown: 10, hidden: 0 });
    expect(legendWindow(11, false)).toEqual({ shown: 8, hidden: 3 });
    expect(legendWindow(11, true)).toEqual({ shown: 11, hidden: 0 });
  });

  it('shows the age chart only with birth dates', () => {
    const none = { title: 'Отсутствуют', total: 5, male: 2, female: 3, other: 0 };
    const young = { title: 'до 25 лет', total: 2, male: 1, female: 0, other: 1 };
    expect(hasBirthDates([{ ...young, total: 0 }, none])).toBe(false);
    expect(hasBirthDates([young, none])).toBe(true);
    expect(birthDateTotals([young, none])).toEqual({ total: 7, male: 3, female: 3, other: 1 });
  });

  it('names regions, largest first', () => {
    expect(regionShares({ '50': 1, '77': 3, '99': 0 })).toEqual([
      { code: '77', title: 'Москва', value: 3, percent: '75,00%' },
      { code: '50', title: 'Московская область', value: 1, percent: '25,00%' },
    ]);
  });
});
