import type { CalendarEntry } from '@etp/contracts';
import type { AuctionType } from '@etp/domain';
import { describe, expect, it } from 'vitest';
import { dotTypes, fullViewEntries, isDayKey, moscowDayRange } from './calendarDays.ts';

const entry = (id: number, auction_type: AuctionType): CalendarEntry => ({
  id,
  attributes: {
    auction_type,
    kind: 'standard',
    status: 'ready',
    start_datetime: '2026-11-25T08:00:00.000Z',
    company_name: 'АО «Банк»',
  },
});

describe('calendar days', () => {
  it('shows one dot per format, at most three', () => {
    expect(dotTypes([])).toEqual([]);
    expect(dotTypes([entry(1, 'dutch'), entry(2, 'dutch'), entry(3, 'classic')])).toEqual([
      'dutch',
      'classic',
    ]);
    expect(
      dotTypes([
        entry(1, 'classic'),
        entry(2, 'dutch'),
        entry(3, 'private_requests'),
        entry(4, 'bank_to_bank'),
      ]),
    ).toEqual(['classic', 'dutch', 'private_requests']);
  });

  it('shows up to two procedures, and one plus "Ещё N" on a busier day', () => {
    const day = [entry(1, 'classic'), entry(2, 'dutch'), entry(3, 'classic'), entry(4, 'dutch')];
    expect(fullViewEntries(day.slice(0, 2))).toEqual({ shown: day.slice(0, 2), more: 0 });
    expect(fullViewEntries(day.slice(0, 3))).toEqual({ shown: day.slice(0, 1), more: 2 });
    expect(fullViewEntries(day)).toEqual({ shown: day.slice(0, 1), more: 3 });
  });

  it('turns a Moscow day into the list call’s range, and checks a day key', () => {
    expect(moscowDayRange('2026-11-25')).toEqual({
      start_datetime: '2026-11-25T00:00:00+03:00',
      end_datetime: '2026-11-25T23:59:59.999+03:00',
    });
    expect([isDayKey('2026-11-25'), isDayKey('2026-13-45'), isDayKey('25.11.2026'), isDayKey(null)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
