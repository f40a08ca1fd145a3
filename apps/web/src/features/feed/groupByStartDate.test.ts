import { describe, expect, it } from 'vitest';
import { groupByStartDate } from './groupByStartDate.ts';

describe('groupByStartDate', () => {
  it('groups by the Moscow day, keeping the server order, with "Без даты" for missing starts', () => {
    const groups = groupByStartDate([
      { id: 1, start_datetime: '2026-11-22T20:30:00.000Z' }, // 23:30 MSK, 22 November
      { id: 2, start_datetime: '2026-11-22T21:30:00.000Z' }, // 00:30 MSK, 23 November
      { id: 3, start_datetime: null },
      { id: 4, start_datetime: '2026-11-22T06:00:00.000Z' },
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['22 ноября 2026', [1, 4]],
      ['23 ноября 2026', [2]],
      ['Без даты', [3]],
    ]);
  });
});
