import { describe, expect, it } from 'vitest';
import { groupByStartDate } from './groupByStartDate.ts';

describe('groupByStartDate', () => {
  it('groups runs of one Moscow day in the list order, with "Без даты" for missing starts', () => {
    const groups = groupByStartDate([
      { id: 1, start_datetime: '2026-11-22T20:30:00.000Z' }, // 23:30 MSK, 22 November
      { id: 2, start_datetime: '2026-11-22T06:00:00.000Z' },
      { id: 3, start_datetime: '2026-11-22T21:30:00.000Z' }, // 00:30 MSK, 23 November
      { id: 4, start_datetime: null },
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['22 ноября 2026', [1, 2]],
      ['23 ноября 2026', [3]],
      ['Без даты', [4]],
    ]);
  });

  it('never moves an item ahead of the ones before it: a day met again starts a new group', () => {
    const groups = groupByStartDate([
      { id: 1, start_datetime: '2026-11-24T08:00:00.000Z' },
      { id: 2, start_datetime: '2026-12-05T08:00:00.000Z' },
      { id: 3, start_datetime: '2026-11-24T07:00:00.000Z' },
    ]);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['24 ноября 2026', [1]],
      ['5 декабря 2026', [2]],
      ['24 ноября 2026', [3]],
    ]);
    expect(new Set(groups.map((g) => g.key)).size).toBe(3);
  });
});
