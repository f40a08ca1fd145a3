/**
 * Moscow working days for the deal's deadlines (decisions/0258). A deadline of n working days ends at the last
 * instant of the n-th working day after the day of the event (Civil Code art. 191: a period starts the next day),
 * Moscow time (UTC+3, no daylight saving). Working days are Monday to Friday, minus the public holidays and the
 * days off the government moves (the production calendar), plus the Saturdays a decree makes working. Only years
 * whose calendar the platform holds are counted: a year it does not know is refused, never guessed.
 */
import { DAY_MS } from '../constants.ts';
import { fromMoscowParts, moscowDayKey, moscowParts } from '../time.ts';

/** One year of the production calendar. Dates are Moscow calendar days, 'YYYY-MM-DD'. */
interface ProductionCalendarYear {
  /** Public holidays (Labour Code art. 112) and the days off moved onto weekdays; a holiday on a weekend stays listed. */
  nonWorkingDays: readonly string[];
  /** Saturdays or Sundays a decree makes working days. */
  workingWeekendDays: readonly string[];
  /** True while the year's decree is not known and the data follow the Labour Code's rule alone. */
  provisional: boolean;
  /** Where the data come from. */
  source: string;
}

/** The production calendar by year. */
export type WorkingCalendar = Readonly<Record<number, ProductionCalendarYear>>;

/**
 * 2026, Government decree No. 1466 of 24.09.2025 "О переносе выходных дней в 2026 году": Jan 3 (Sat) → Jan 9,
 * Jan 4 (Sun) → Dec 31; Labour Code art. 112 moves Mar 8 (Sun) to Mar 9 and May 9 (Sat) to May 11. 247 working days.
 */
export const RUSSIAN_NON_WORKING_DAYS_2026: readonly string[] = [
  ...['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07'],
  ...['2026-01-08', '2026-01-09'],
  '2026-02-23',
  '2026-03-08',
  '2026-03-09',
  '2026-05-01',
  '2026-05-09',
  '2026-05-11',
  '2026-06-12',
  '2026-11-04',
  '2026-12-31',
];
/** The 2026 decree makes no Saturday working. */
const RUSSIAN_WORKING_WEEKENDS_2026: readonly string[] = [];

/**
 * 2027, provisional: the Labour Code's holidays (art. 112: Jan 1–6 and 8, Jan 7, Feb 23, Mar 8, May 1, May 9,
 * Jun 12, Nov 4) and its rule that a holiday on a weekend gives the next working day off: May 1 (Sat) → May 3,
 * May 9 (Sun) → May 10, Jun 12 (Sat) → Jun 14. Jan 2 and Jan 3 fall on a weekend; the law leaves where those two
 * days go to the yearly decree, which the platform does not hold yet, so they move nowhere here. 249 working days;
 * replace with the decree's data when it is published (decisions/0258).
 */
export const RUSSIAN_NON_WORKING_DAYS_2027: readonly string[] = [
  ...['2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07'],
  '2027-01-08',
  '2027-02-23',
  '2027-03-08',
  '2027-05-01',
  '2027-05-03',
  '2027-05-09',
  '2027-05-10',
  '2027-06-12',
  '2027-06-14',
  '2027-11-04',
];
/** No decree known: no working Saturday. */
const RUSSIAN_WORKING_WEEKENDS_2027: readonly string[] = [];

/** The production calendar the platform knows. */
export const RUSSIAN_WORKING_CALENDAR: WorkingCalendar = {
  2026: {
    nonWorkingDays: RUSSIAN_NON_WORKING_DAYS_2026,
    workingWeekendDays: RUSSIAN_WORKING_WEEKENDS_2026,
    provisional: false,
    source: 'Постановление Правительства РФ от 24.09.2025 № 1466; ст. 112 ТК РФ',
  },
  2027: {
    nonWorkingDays: RUSSIAN_NON_WORKING_DAYS_2027,
    workingWeekendDays: RUSSIAN_WORKING_WEEKENDS_2027,
    provisional: true,
    source: 'ст. 112 ТК РФ (постановление о переносе выходных дней в 2027 году платформе не известно)',
  },
};

/** A deadline that would need a year the calendar does not hold. */
export class UnknownCalendarYearError extends Error {
  constructor(readonly year: number) {
    super(
      `Производственный календарь на ${year} год платформе не известен: срок в рабочих днях рассчитать нельзя`,
    );
    this.name = 'UnknownCalendarYearError';
  }
}

interface YearSets {
  nonWorking: ReadonlySet<string>;
  workingWeekends: ReadonlySet<string>;
}
const setsCache = new WeakMap<ProductionCalendarYear, YearSets>();

function yearSets(calendar: WorkingCalendar, year: number): YearSets {
  const data = Object.hasOwn(calendar, year) ? calendar[year] : undefined;
  if (!data) throw new UnknownCalendarYearError(year);
  let sets = setsCache.get(data);
  if (!sets) {
    sets = { nonWorking: new Set(data.nonWorkingDays), workingWeekends: new Set(data.workingWeekendDays) };
    setsCache.set(data, sets);
  }
  return sets;
}

/** Whether the Moscow calendar day holding this instant is a working day. Throws for a year the calendar lacks. */
export function isMoscowWorkingDay(
  instant: Date,
  calendar: WorkingCalendar = RUSSIAN_WORKING_CALENDAR,
): boolean {
  const p = moscowParts(instant);
  const sets = yearSets(calendar, p.year);
  const key = moscowDayKey(instant);
  if (sets.workingWeekends.has(key)) return true;
  if (p.weekday >= 6) return false;
  return !sets.nonWorking.has(key);
}

/** Noon (Moscow) of the instant's Moscow day: a safe point to step whole days from. */
function moscowNoon(instant: Date): number {
  const p = moscowParts(instant);
  return fromMoscowParts(p.year, p.month, p.day, 12).getTime();
}

/** 23:59:59.999 Moscow time of the day holding `noonMs`. */
function endOfMoscowDay(noonMs: number): Date {
  return new Date(noonMs + 12 * 60 * 60 * 1000 - 1);
}

/**
 * The deadline `days` working days after `start`: the end (23:59:59.999 Moscow time) of the `days`-th working day
 * after start's Moscow day; the start's own day never counts, whatever its hour. `days` is a whole number from 1.
 * Throws RangeError for another `days`, UnknownCalendarYearError when a day to count lies in an unknown year.
 */
export function addWorkingDays(
  start: Date,
  days: number,
  calendar: WorkingCalendar = RUSSIAN_WORKING_CALENDAR,
): Date {
  if (!Number.isFinite(start.getTime())) throw new RangeError('addWorkingDays: invalid start');
  if (!Number.isSafeInteger(days) || days < 1)
    throw new RangeError(`addWorkingDays: days must be ≥ 1, got ${days}`);
  let noon = moscowNoon(start);
  let left = days;
  while (left > 0) {
    noon += DAY_MS;
    if (isMoscowWorkingDay(new Date(noon), calendar)) left -= 1;
  }
  return endOfMoscowDay(noon);
}

/**
 * The working days after `from`'s Moscow day up to and including `to`'s: countWorkingDays(s, addWorkingDays(s, n))
 * is n. 0 when `to`'s day is not after `from`'s.
 */
export function countWorkingDays(
  from: Date,
  to: Date,
  calendar: WorkingCalendar = RUSSIAN_WORKING_CALENDAR,
): number {
  const last = moscowNoon(to);
  let count = 0;
  for (let noon = moscowNoon(from) + DAY_MS; noon <= last; noon += DAY_MS)
    if (isMoscowWorkingDay(new Date(noon), calendar)) count += 1;
  return count;
}

/** Whether the calendar holds `year`, and whether only provisionally (no decree yet). */
export function calendarYearStatus(
  year: number,
  calendar: WorkingCalendar = RUSSIAN_WORKING_CALENDAR,
): 'known' | 'provisional' | 'unknown' {
  const data = Object.hasOwn(calendar, year) ? calendar[year] : undefined;
  if (!data) return 'unknown';
  return data.provisional ? 'provisional' : 'known';
}
