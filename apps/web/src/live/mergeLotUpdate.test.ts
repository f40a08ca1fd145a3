import type { LotLivePayload } from '@etp/contracts';
import { describe, expect, it } from 'vitest';
import { buildLot } from '../test/factories.ts';
import { mergeLotUpdate } from './mergeLotUpdate.ts';

const classic = { auction_type: 'classic' as const, end_mode: null };

const closing = (winnerTag: string | null, withoutWinner = false): LotLivePayload => ({
  id: 1,
  briefcase_id: 42,
  status: 'closed',
  current_price: 1_100_000_00,
  next_price: 1_110_000_00,
  current_step: null,
  bids_count: 3,
  bidders_count: 2,
  end_datetime: '2026-11-22T10:00:00.000Z',
  renewals_count: 0,
  leader_tag: 'me',
  winner_tag: winnerTag,
  is_without_winner: withoutWinner,
  version: 9,
});

describe('a live winner choice as each viewer sees it', () => {
  const finished = buildLot({
    id: 1,
    status: 'finished',
    bids_count: 3,
    leader_tag: 'me',
    last_users_bid_cents: 1_100_000_00,
    version: 8,
  });

  it('tells the chosen company that it won, by its own tag', () => {
    const lot = mergeLotUpdate(finished, closing('me'), classic);
    expect(lot).toMatchObject({ status: 'closed', is_winner: true });
    expect(lot.condition.text).toBe('Вы победили');
  });

  it('tells another bidder that another participant won, and the leader that none was chosen', () => {
    expect(mergeLotUpdate(finished, closing('someone'), classic).condition.text).toBe(
      'Победил другой участник',
    );
    const none = mergeLotUpdate(finished, closing(null, true), classic);
    expect(none).toMatchObject({ is_winner: false, is_without_winner: true });
    expect(none.condition.text).toBe('Победителя нет');
  });

  it('gives the seller the winner company and its line', () => {
    const seller = mergeLotUpdate(
      { ...finished, is_owner: true },
      { ...closing('x'), winner_company: 'АО «Банк»' },
      classic,
    );
    expect(seller.winner_company).toBe('АО «Банк»');
    expect(seller.condition.text).toBe('Победитель выбран');
  });
});
