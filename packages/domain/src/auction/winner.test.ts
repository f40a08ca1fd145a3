import { describe, expect, it } from 'vitest';
import { bidOf, buildLot } from './testLots.ts';
import { canChooseWinner, chooseWinner } from './winner.ts';

const lot = buildLot({ status: 'finished', bids_count: 2 });
const bids = [bidOf(1, 1_200_000, 1, 11), bidOf(2, 1_300_000, 2, 12)];
const owner = { isOwner: true, isAdmin: false };

describe('winner choice', () => {
  it('is for the owner or an admin once lot and procedure are finished', () => {
    expect(canChooseWinner(lot, 'finished', owner)).toEqual({ ok: true });
    expect(canChooseWinner(lot, 'finished', { isOwner: false, isAdmin: true }).ok).toBe(true);
    expect(canChooseWinner(lot, 'finished', { isOwner: false, isAdmin: false })).toMatchObject({
      code: 'forbidden',
    });
    expect(canChooseWinner(lot, 'active', owner)).toMatchObject({ code: 'conflict' });
    expect(canChooseWinner({ status: 'active' }, 'finished', owner)).toMatchObject({ code: 'conflict' });
  });
  it('closes the lot with any bidder, or without a winner', () => {
    const picked = chooseWinner(lot, bids, 11, 'finished', owner);
    expect(picked).toMatchObject({
      ok: true,
      lot: {
        status: 'closed',
        winner: { bidId: 11, companyId: 1, amount: 1_200_000 },
        is_without_winner: false,
      },
      secondRoundStartPrice: null,
    });
    const none = chooseWinner(lot, bids, null, 'finished', owner);
    expect(none).toMatchObject({
      ok: true,
      lot: { status: 'closed', winner: null, is_without_winner: true },
    });
    expect(chooseWinner(lot, bids, 99, 'finished', owner)).toMatchObject({ ok: false, field: 'bid_id' });
  });
  it('fixes the second round start price in convert mode', () => {
    const convertLot = { ...lot, auction_type: 'private_requests' as const, end_mode: 'convert' as const };
    expect(chooseWinner(convertLot, bids, 12, 'finished', owner)).toMatchObject({
      secondRoundStartPrice: 1_300_000,
    });
    expect(chooseWinner(convertLot, bids, null, 'finished', owner)).toMatchObject({
      secondRoundStartPrice: 1_000_000,
    });
  });
});
