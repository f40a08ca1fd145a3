/**
 * Moscow time. Every time on the platform is shown in Moscow time, a fixed UTC+3 (no daylight saving since 2014),
 * so conversions are plain arithmetic on the instant and never depend on the machine's own zone.
 */
import { DAY_MS, DEFAULT_DATE_WINDOW_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './constants.ts';
import { countWithNoun, DAYS } from './plural.ts';

export const MOSCOW_OFFSET_MINUTES = 180;
const MOSCOW_OFFSET_MS = MOSCOW_OFFSET_MINUTES * MINUTE_MS;

/** An instant: a Date, epoch milliseconds, or an ISO 8601 string as the API sends it. */
export type DateInput = Date | number | string;

/** Month names in the genitive, as in '22 ноября 2026'. */
export const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;

export function toEpochMs(input: DateInput): number {
  if (input instanceof Date) return input.getTime();
  return typeof input === 'number' ? input : Date.parse(input);
}

/** The Moscow wall clock of an instant. `month` is 1-12; `weekday` is 1 (Monday) to 7 (Sunday). */
export interface MoscowParts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  weekday: number;
}

export function moscowParts(input: DateInput): MoscowParts {
  const shifted = new Date(toEpochMs(input) + MOSCOW_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    seconds: shifted.getUTCSeconds(),
    weekday: ((shifted.getUTCDay() + 6) % 7) + 1,
  };
}

/** The instant at which Moscow clocks show the given wall time (`month` 1-12; out-of-range values roll over). */
export function fromMoscowParts(
  year: number,
  month: number,
  day: number,
  hours = 0,
  minutes = 0,
  seconds = 0,
): Date {
  return new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds) - MOSCOW_OFFSET_MS);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const INVALID = '—';
const isValid = (input: DateInput): boolean => Number.isFinite(toEpochMs(input));

/** 'ДД.ММ.ГГГГ' in Moscow time; '—' for an invalid date. */
export function formatMoscowDate(input: DateInput): string {
  if (!isValid(input)) return INVALID;
  const p = moscowParts(input);
  return `${pad2(p.day)}.${pad2(p.month)}.${p.year}`;
}

/** 'ЧЧ:ММ' in Moscow time; '—' for an invalid date. */
export function formatMoscowTime(input: DateInput): string {
  if (!isValid(input)) return INVALID;
  const p = moscowParts(input);
  return `${pad2(p.hours)}:${pad2(p.minutes)}`;
}

/** The viewer's UTC offset in minutes, east positive (Moscow = 180). Browser-side; the server has no viewer. */
export function viewerOffsetMinutes(): number {
  return -new Date().getTimezoneOffset() || 0;
}

/** ' мск' when the viewer's zone is not Moscow's, else '' (spec: the suffix shows only when zones differ). */
function moscowZoneSuffix(viewerOffset: number): string {
  return viewerOffset === MOSCOW_OFFSET_MINUTES ? '' : ' мск';
}

/** 'ДД.ММ.ГГГГ ЧЧ:ММ' in Moscow time, plus ' мск' when the viewer is in another zone. */
export function formatMoscowDateTime(input: DateInput, options: { viewerOffsetMinutes: number }): string {
  if (!isValid(input)) return INVALID;
  return `${formatMoscowDate(input)} ${formatMoscowTime(input)}${moscowZoneSuffix(options.viewerOffsetMinutes)}`;
}

/** '22 ноября 2026' in Moscow time. */
export function formatMoscowDateLong(input: DateInput): string {
  if (!isValid(input)) return INVALID;
  const p = moscowParts(input);
  return `${p.day} ${MONTHS_GENITIVE[p.month - 1]} ${p.year}`;
}

/** 'YYYY-MM-DD' of the Moscow calendar day: the key that groups cards and calendar entries by day. */
export function moscowDayKey(input: DateInput): string {
  const p = moscowParts(input);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

/**
 * The end of the feed's default date window (spec 2 §2, §9: "default date filter end = today + 30 days"): the last
 * instant of the Moscow day 30 days (DEFAULT_DATE_WINDOW_MS) after `now`, as the list call's `end_datetime`. One
 * value a day, so the list's cache key does not change with the clock.
 */
export function defaultFeedWindowEnd(now: DateInput): string {
  return `${moscowDayKey(toEpochMs(now) + DEFAULT_DATE_WINDOW_MS)}T23:59:59.999+03:00`;
}

/** ISO 8601 with the Moscow offset, as list and calendar queries send it: '2026-11-22T11:00:00+03:00'. */
export function toMoscowIso(input: DateInput): string {
  const p = moscowParts(input);
  const time = `${pad2(p.hours)}:${pad2(p.minutes)}:${pad2(p.seconds)}`;
  return `${moscowDayKey(input)}T${time}+03:00`;
}

/** Parses 'ДД.ММ.ГГГГ' and 'ЧЧ:ММ' as Moscow wall time; null if either is malformed or not a real date. */
export function parseMoscowDateTime(dateText: string, timeText = '00:00'): Date | null {
  const d = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(dateText.trim());
  const t = /^(\d{2}):(\d{2})$/.exec(timeText.trim());
  if (!d || !t) return null;
  const [day, month, year, hours, minutes] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hours > 23 || minutes > 59) return null;
  const result = fromMoscowParts(year, month, day, hours, minutes);
  const back = moscowParts(result);
  return back.day === day && back.month === month && back.year === year ? result : null;
}

/** Midnight of the Moscow day that contains the instant. */
export function startOfMoscowDay(input: DateInput): Date {
  const ms = toEpochMs(input);
  return new Date(ms - ((((ms + MOSCOW_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS));
}

/** The instant `days` whole days later (earlier if negative); exact, as Moscow days are always 24 hours. */
export function addDays(input: DateInput, days: number): Date {
  return new Date(toEpochMs(input) + days * DAY_MS);
}

/**
 * A running countdown (spec 2 §4): 'mm:ss', or 'hh:mm:ss' when an hour or more remains (or `withHours` is set,
 * as on list cards); '00:00' ('00:00:00') once it is zero or negative. From a whole day on the days are written
 * out before the time, '14 дней 07:23:30', not '343:23:30' (decisions/0235). Seconds are rounded up, so the
 * display reaches zero exactly at the deadline and never reads 00:00 while time is still left.
 */
export function formatCountdown(ms: number, { withHours = false }: { withHours?: boolean } = {}): string {
  const total = ms > 0 ? Math.ceil(ms / SECOND_MS) : 0;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const mmss = `${pad2(Math.floor((total % 3600) / 60))}:${pad2(total % 60)}`;
  if (days > 0) return `${countWithNoun(days, DAYS)} ${pad2(hours)}:${mmss}`;
  return hours > 0 || withHours ? `${pad2(hours)}:${mmss}` : mmss;
}

/** A duration as 'ЧЧ:ММ' (hours may exceed 24), rounded down to minutes: 86_400_000 → '24:00'. */
export function formatDurationHHMM(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Parses 'ЧЧ:ММ' (minutes below 60) into milliseconds; null when malformed. */
export function parseDurationHHMM(text: string): number | null {
  const m = /^(\d{1,3}):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * HOUR_MS + Number(m[2]) * MINUTE_MS : null;
}
