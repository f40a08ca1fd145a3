import { describe, expect, it } from 'vitest';
import { parseFeedParams, toListQuery, writeFeedParams } from './feedParams.ts';

describe('feed params in the address', () => {
  it('reads defaults from an empty query and ignores nonsense', () => {
    const params = parseFeedParams(
      new URLSearchParams('tab=nope&status=x&auction_type=y&page=-3&per_page=7'),
    );
    expect(params).toEqual({ tab: 'all', status: null, auctionType: null, query: '', page: 1, perPage: 10 });
  });

  it('round-trips every filter, leaving defaults out of the address', () => {
    const search = new URLSearchParams('need_auth=1');
    const written = writeFeedParams(search, {
      tab: 'favorites',
      status: 'all_closed',
      auctionType: 'dutch',
      query: ' Банк ',
      page: 3,
      perPage: 40,
    });
    expect(written.toString()).toBe(
      'need_auth=1&tab=favorites&status=all_closed&auction_type=dutch&query=Банк&page=3&per_page=40'.replace(
        'Банк',
        encodeURIComponent('Банк'),
      ),
    );
    expect(parseFeedParams(written)).toMatchObject({
      tab: 'favorites',
      status: 'all_closed',
      page: 3,
      perPage: 40,
    });
    const defaults = writeFeedParams(new URLSearchParams(), parseFeedParams(new URLSearchParams()));
    expect(defaults.toString()).toBe('');
  });

  it('sends the tab only for users with full access', () => {
    const params = parseFeedParams(new URLSearchParams('tab=owned&query=альфа'));
    expect(toListQuery(params, 2, true)).toMatchObject({
      page: 2,
      per_page: 10,
      owned: true,
      query: 'альфа',
    });
    expect(toListQuery(params, 1, false).owned).toBeUndefined();
  });
});
