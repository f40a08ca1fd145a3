import { describe, expect, it } from 'vitest';
import { parseFeedParams, toListQuery, writeFeedParams } from './feedParams.ts';

// 25 Nov 2026, 11:00 Moscow.
const NOW = Date.parse('2026-11-25T08:00:00Z');

describe('feed params in the address', () => {
  it('reads defaults from an empty query and ignores nonsense', () => {
    const params = parseFeedParams(
      new URLSearchParams('tab=nope&status=x&auction_type=y&page=-3&per_page=7'),
    );
    expect(params).toEqual({
      tab: 'all',
      status: null,
      auctionType: null,
      query: '',
      companyIds: [],
      date: null,
      allTime: false,
      page: 1,
      perPage: 10,
    });
  });

  it('round-trips every filter, leaving defaults out of the address', () => {
    const search = new URLSearchParams('need_auth=1');
    const written = writeFeedParams(search, {
      tab: 'favorites',
      status: 'all_closed',
      auctionType: 'dutch',
      query: ' Банк ',
      companyIds: [4, 9],
      date: '2026-11-25',
      allTime: false,
      page: 3,
      perPage: 40,
    });
    expect(decodeURIComponent(written.toString())).toBe(
      'need_auth=1&tab=favorites&status=all_closed&auction_type=dutch&query=Банк&company_ids[]=4&company_ids[]=9&date=2026-11-25&page=3&per_page=40',
    );
    expect(parseFeedParams(written)).toMatchObject({
      tab: 'favorites',
      status: 'all_closed',
      companyIds: [4, 9],
      date: '2026-11-25',
      page: 3,
      perPage: 40,
    });
    const defaults = writeFeedParams(new URLSearchParams(), parseFeedParams(new URLSearchParams()));
    expect(defaults.toString()).toBe('');
  });

  it('sends the tab only for users with full access', () => {
    const params = parseFeedParams(new URLSearchParams('tab=owned&query=альфа'));
    expect(toListQuery(params, 2, true, NOW)).toMatchObject({
      page: 2,
      per_page: 10,
      owned: true,
      query: 'альфа',
    });
    expect(toListQuery(params, 1, false, NOW).owned).toBeUndefined();
  });

  it('sends the chosen sellers and the calendar day (a Moscow day) to the list call', () => {
    const params = parseFeedParams(new URLSearchParams('company_ids[]=7&company_ids[]=x&date=2026-11-25'));
    expect(toListQuery(params, 1, true, NOW)).toMatchObject({
      company_ids: [7],
      start_datetime: '2026-11-25T00:00:00+03:00',
      end_datetime: '2026-11-25T23:59:59.999+03:00',
    });
    expect(parseFeedParams(new URLSearchParams('date=25.11.2026')).date).toBeNull();
  });

  it('asks for the default window, today + 30 days, unless a day or all time is chosen (spec 2 §2, §9)', () => {
    const byDefault = toListQuery(parseFeedParams(new URLSearchParams()), 1, true, NOW);
    expect(byDefault.end_datetime).toBe('2026-12-25T23:59:59.999+03:00');
    expect(byDefault.start_datetime).toBeUndefined();
    const allTime = parseFeedParams(new URLSearchParams('period=all'));
    expect(allTime.allTime).toBe(true);
    expect(toListQuery(allTime, 1, true, NOW)).not.toHaveProperty('end_datetime');
    expect(writeFeedParams(new URLSearchParams(), allTime).toString()).toBe('period=all');
    // A chosen day wins over "all time", and the address keeps only the day.
    const day = { ...allTime, date: '2026-12-31' };
    expect(toListQuery(day, 1, true, NOW).end_datetime).toBe('2026-12-31T23:59:59.999+03:00');
    expect(writeFeedParams(new URLSearchParams(), day).toString()).toBe('date=2026-12-31');
  });
});
