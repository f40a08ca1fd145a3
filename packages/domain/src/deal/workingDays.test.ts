import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../constants.ts';
import { fromMoscowParts, moscowParts } from '../time.ts';
import {
  addWorkingDays,
  calendarYearStatus,
  countWorkingDays,
  isMoscowWorkingDay,
  RUSSIAN_NON_WORKING_DAYS_2026,
  RUSSIAN_NON_WORKING_DAYS_2027,
  RUSSIAN_WORKING_CALENDAR,
  UnknownCalendarYearError,
  type WorkingCalendar,
} from './workingDays.ts';

/** Moscow wall time → instant; month 1-12. */
const msk = (y: number, m: number, d: number, h = 10, min = 0) => fromMoscowParts(y, m, d, h, min);
/** The Moscow day of an instant as 'YYYY-MM-DD HH:MM:SS.mmm'. */
function mskText(instant: Date): string {
  const p = moscowParts(instant);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}.${pad(instant.getUTCMilliseconds(), 3)}`;
}

function workingDaysInYear(year: number): number {
  let count = 0;
  for (let t = msk(year, 1, 1, 12).getTime(); moscowParts(t).year === year; t += DAY_MS)
    if (isMoscowWorkingDay(new Date(t))) count += 1;
  return count;
}

describe('the production calendar', () => {
  it('2026 has the decree’s 247 working days; 2027 (provisional, Labour Code only) 249', () => {
    expect(workingDaysInYear(2026)).toBe(247);
    expect(workingDaysInYear(2027)).toBe(249);
    expect(calendarYearStatus(2026)).toBe('known');
    expect(calendarYearStatus(2027)).toBe('provisional');
    expect(calendarYearStatus(2028)).toBe('unknown');
  });

  it('2026: the January holidays run to the 11th, Jan 9 and Dec 31 are the decree’s transfers', () => {
    for (let day = 1; day <= 11; day += 1) expect(isMoscowWorkingDay(msk(2026, 1, day))).toBe(false);
    expect(isMoscowWorkingDay(msk(2026, 1, 12))).toBe(true);
    expect(isMoscowWorkingDay(msk(2026, 12, 31))).toBe(false);
    expect(isMoscowWorkingDay(msk(2026, 12, 30))).toBe(true);
  });

  it('2026: holidays on a weekend move to the Monday (Mar 8 → Mar 9, May 9 → May 11)', () => {
    expect(isMoscowWorkingDay(msk(2026, 2, 23))).toBe(false);
    expect(isMoscowWorkingDay(msk(2026, 3, 9))).toBe(false);
    expect(isMoscowWorkingDay(msk(2026, 3, 10))).toBe(true);
    expect(isMoscowWorkingDay(msk(2026, 5, 1))).toBe(false);
    expect(isMoscowWorkingDay(msk(2026, 5, 11))).toBe(false);
    expect(isMoscowWorkingDay(msk(2026, 6, 12))).toBe(false);
    expect(isMoscowWorkingDay(msk(2026, 11, 4))).toBe(false);
    expect(isMoscowWorkingDay(msk(2026, 11, 5))).toBe(true);
  });

  it('2027: May 3, May 10 and Jun 14 are days off by the Labour Code’s rule', () => {
    expect(isMoscowWorkingDay(msk(2027, 5, 3))).toBe(false);
    expect(isMoscowWorkingDay(msk(2027, 5, 10))).toBe(false);
    expect(isMoscowWorkingDay(msk(2027, 6, 14))).toBe(false);
    expect(isMoscowWorkingDay(msk(2027, 12, 31))).toBe(true);
  });

  it('lists only real dates of their own year, in order', () => {
    for (const [year, days] of [
      [2026, RUSSIAN_NON_WORKING_DAYS_2026],
      [2027, RUSSIAN_NON_WORKING_DAYS_2027],
    ] as const) {
      expect([...days].sort()).toEqual(days);
      for (const day of days) {
        expect(day.startsWith(`${year}-`)).toBe(true);
        expect(new Date(`${day}T12:00:00Z`).toISOString().slice(0, 10)).toBe(day);
      }
    }
  });

  it('a decree’s working Saturday counts', () => {
    const calendar: WorkingCalendar = {
      2026: { ...RUSSIAN_WORKING_CALENDAR[2026]!, workingWeekendDays: ['2026-11-07'] },
    };
    expect(isMoscowWorkingDay(msk(2026, 11, 7), calendar)).toBe(true);
    expect(isMoscowWorkingDay(msk(2026, 11, 7))).toBe(false);
  });
});

describe('addWorkingDays', () => {
  it.each([
    ['Monday + 1 → Tuesday', msk(2026, 3, 2), 1, '2026-03-03'],
    ['Friday + 1 → Monday', msk(2026, 4, 3), 1, '2026-04-06'],
    ['over Feb 23 (Monday holiday)', msk(2026, 2, 20), 1, '2026-02-24'],
    ['over Mar 9 (Mar 8 moved from Sunday)', msk(2026, 3, 2), 5, '2026-03-10'],
    ['over May 11 (May 9 moved from Saturday)', msk(2026, 5, 8), 1, '2026-05-12'],
    ['over the New Year into 2027', msk(2026, 12, 29), 5, '2027-01-14'],
    ['a start on a holiday counts from the next working day', msk(2026, 1, 3), 1, '2026-01-12'],
  ])('%s', (_name, start, days, day) => {
    expect(mskText(addWorkingDays(start, days))).toBe(`${day} 23:59:59.999`);
  });

  it('counts from the Moscow day, not the UTC one', () => {
    // Monday 23:30 and Tuesday 00:30 in Moscow are both Monday in UTC.
    expect(mskText(addWorkingDays(msk(2026, 3, 2, 23, 30), 1))).toBe('2026-03-03 23:59:59.999');
    expect(mskText(addWorkingDays(msk(2026, 3, 3, 0, 30), 1))).toBe('2026-03-04 23:59:59.999');
    expect(addWorkingDays(msk(2026, 3, 2), 1).toISOString()).toBe('2026-03-03T20:59:59.999Z');
  });

  it('refuses a year the platform does not know, with a Russian message', () => {
    expect(() => addWorkingDays(msk(2025, 12, 25), 1)).toThrow(UnknownCalendarYearError);
    expect(() => addWorkingDays(msk(2027, 12, 28), 5)).toThrow(
      'Производственный календарь на 2028 год платформе не известен',
    );
  });

  it('refuses a count that is not a whole number from 1', () => {
    for (const days of [0, -1, 1.5, Number.NaN])
      expect(() => addWorkingDays(msk(2026, 3, 2), days)).toThrow(RangeError);
  });

  const start = fc
    .integer({ min: msk(2026, 1, 1, 0).getTime(), max: msk(2027, 9, 30, 0).getTime() })
    .map((t) => new Date(t));
  const days = fc.integer({ min: 1, max: 30 });

  it('ends on a working day, at 23:59:59.999 Moscow time', () => {
    fc.assert(
      fc.property(start, days, (s, n) => {
        const deadline = addWorkingDays(s, n);
        expect(isMoscowWorkingDay(deadline)).toBe(true);
        expect(mskText(deadline).endsWith(' 23:59:59.999')).toBe(true);
        expect(deadline.getTime()).toBeGreaterThan(s.getTime());
      }),
    );
  });

  it('is undone by counting: n days added are n working days counted', () => {
    fc.assert(fc.property(start, days, (s, n) => countWorkingDays(s, addWorkingDays(s, n)) === n));
  });

  it('grows with n', () => {
    fc.assert(
      fc.property(start, days, (s, n) => addWorkingDays(s, n).getTime() < addWorkingDays(s, n + 1).getTime()),
    );
  });

  it('lands on the same deadline from any hour of the same Moscow day', () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 0, max: DAY_MS - 1 }), days, (s, offset, n) => {
        const p = moscowParts(s);
        const other = new Date(fromMoscowParts(p.year, p.month, p.day).getTime() + offset);
        return addWorkingDays(other, n).getTime() === addWorkingDays(s, n).getTime();
      }),
    );
  });
});
