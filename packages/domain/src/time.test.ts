import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  defaultFeedWindowEnd,
  formatCountdown,
  formatDurationHHMM,
  formatMoscowDate,
  formatMoscowDateLong,
  formatMoscowDateTime,
  formatMoscowTime,
  fromMoscowParts,
  MOSCOW_OFFSET_MINUTES,
  moscowDayKey,
  moscowParts,
  parseDurationHHMM,
  parseMoscowDateTime,
  startOfMoscowDay,
  toMoscowIso,
  viewerOffsetMinutes,
} from './time.ts';

// 22 Nov 2026, 21:30 UTC = 23 Nov 2026, 00:30 in Moscow: a day boundary apart.
const lateEvening = '2026-11-22T21:30:00Z';

describe('Moscow wall clock', () => {
  it('is UTC+3 whatever the input form', () => {
    expect(formatMoscowDate(lateEvening)).toBe('23.11.2026');
    expect(formatMoscowTime(lateEvening)).toBe('00:30');
    expect(formatMoscowTime(new Date('2026-07-01T09:05:00Z'))).toBe('12:05');
    expect(formatMoscowDate(Date.UTC(2026, 0, 5, 12))).toBe('05.01.2026');
    expect(moscowDayKey(lateEvening)).toBe('2026-11-23');
    expect(moscowParts(lateEvening).weekday).toBe(1);
  });

  it('writes long dates with genitive months', () => {
    expect(formatMoscowDateLong('2026-11-22T08:00:00Z')).toBe('22 ноября 2026');
    expect(formatMoscowDateLong('2026-03-01T00:00:00+03:00')).toBe('1 марта 2026');
  });

  it('adds the мск suffix only for viewers outside Moscow time', () => {
    expect(formatMoscowDateTime(lateEvening, { viewerOffsetMinutes: MOSCOW_OFFSET_MINUTES })).toBe(
      '23.11.2026 00:30',
    );
    expect(formatMoscowDateTime(lateEvening, { viewerOffsetMinutes: 0 })).toBe('23.11.2026 00:30 мск');
    expect(formatMoscowDateTime(lateEvening, { viewerOffsetMinutes: 420 })).toBe('23.11.2026 00:30 мск');
    expect(Number.isInteger(viewerOffsetMinutes())).toBe(true);
  });

  it('shows a dash for invalid dates', () => {
    expect(formatMoscowDate('not a date')).toBe('—');
    expect(formatMoscowDateTime(Number.NaN, { viewerOffsetMinutes: 180 })).toBe('—');
  });

  it('writes ISO with the +03:00 offset that list queries send', () => {
    expect(toMoscowIso(lateEvening)).toBe('2026-11-23T00:30:00+03:00');
    expect(Date.parse(toMoscowIso(lateEvening))).toBe(Date.parse(lateEvening));
  });

  it('round-trips wall time through fromMoscowParts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const p = moscowParts(ms);
        expect(fromMoscowParts(p.year, p.month, p.day, p.hours, p.minutes, p.seconds).getTime()).toBe(
          ms - (ms % 1000),
        );
      }),
    );
  });
});

describe('parseMoscowDateTime', () => {
  it('reads ДД.ММ.ГГГГ and ЧЧ:ММ as Moscow time', () => {
    expect(parseMoscowDateTime('23.11.2026', '00:30')?.toISOString()).toBe('2026-11-22T21:30:00.000Z');
    expect(parseMoscowDateTime('01.01.2027')?.toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });

  it('rejects impossible or malformed dates', () => {
    expect(parseMoscowDateTime('31.02.2026')).toBeNull();
    expect(parseMoscowDateTime('1.2.2026')).toBeNull();
    expect(parseMoscowDateTime('01.02.2026', '24:00')).toBeNull();
  });
});

describe('days', () => {
  it('starts the Moscow day at 21:00 UTC of the day before', () => {
    expect(startOfMoscowDay(lateEvening).toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(startOfMoscowDay('2026-11-22T20:59:59Z').toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(startOfMoscowDay('1969-12-31T20:00:00Z').toISOString()).toBe('1969-12-30T21:00:00.000Z');
  });

  it('start of day is midnight in Moscow and contains the instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000_000, max: 4_000_000_000_000 }), (ms) => {
        const start = startOfMoscowDay(ms);
        const p = moscowParts(start);
        expect([p.hours, p.minutes, p.seconds]).toEqual([0, 0, 0]);
        expect(moscowDayKey(start)).toBe(moscowDayKey(ms));
      }),
    );
  });

  it('adds whole days', () => {
    expect(addDays(lateEvening, 30).toISOString()).toBe('2026-12-22T21:30:00.000Z');
    expect(moscowDayKey(addDays(lateEvening, -1))).toBe('2026-11-22');
  });
});

describe('formatCountdown', () => {
  it('shows mm:ss under an hour and hh:mm:ss from an hour', () => {
    expect(formatCountdown(65_000)).toBe('01:05');
    expect(formatCountdown(3_599_000)).toBe('59:59');
    expect(formatCountdown(3_600_000)).toBe('01:00:00');
    expect(formatCountdown(18_000_000)).toBe('05:00:00');
    expect(formatCountdown(86_399_000)).toBe('23:59:59');
  });

  it('writes whole days out from a day on, with the noun declined (decisions/0235)', () => {
    expect(formatCountdown(86_400_000)).toBe('1 день 00:00:00');
    expect(formatCountdown(100 * 3_600_000)).toBe('4 дня 04:00:00');
    // Two weeks away: 343:23:30 before.
    expect(formatCountdown(343 * 3_600_000 + 23 * 60_000 + 30_000)).toBe('14 дней 07:23:30');
    expect(formatCountdown(21 * 86_400_000 + 1)).toBe('21 день 00:00:01');
    expect(formatCountdown(2 * 86_400_000, { withHours: true })).toBe('2 дня 00:00:00');
  });

  it('shows zero when the time is up and rounds seconds up', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(-1, { withHours: true })).toBe('00:00:00');
    expect(formatCountdown(299_000, { withHours: true })).toBe('00:04:59');
  });
});

describe('durations as ЧЧ:ММ', () => {
  it('formats and parses the round-request lifetime', () => {
    expect(formatDurationHHMM(86_400_000)).toBe('24:00');
    expect(formatDurationHHMM(5_400_000)).toBe('01:30');
    expect(formatDurationHHMM(-1)).toBe('00:00');
    expect(parseDurationHHMM('24:00')).toBe(86_400_000);
    expect(parseDurationHHMM('1:30')).toBe(5_400_000);
    expect(parseDurationHHMM('1:60')).toBeNull();
  });
});

describe('defaultFeedWindowEnd', () => {
  it('ends the Moscow day 30 days after now', () => {
    // 25 Nov 2026 11:00 Moscow → 25 Dec 2026, the day's last instant in Moscow.
    expect(defaultFeedWindowEnd('2026-11-25T08:00:00Z')).toBe('2026-12-25T23:59:59.999+03:00');
  });
  it('counts from the Moscow day, not the UTC one', () => {
    // 22:30 UTC on 30 Nov is already 1 Dec in Moscow: the window ends on 31 Dec.
    expect(defaultFeedWindowEnd('2026-11-30T22:30:00Z')).toBe('2026-12-31T23:59:59.999+03:00');
  });
  it('is one value for the whole Moscow day', () => {
    expect(defaultFeedWindowEnd('2026-11-24T21:00:00Z')).toBe(defaultFeedWindowEnd('2026-11-25T20:59:59Z'));
  });
});
