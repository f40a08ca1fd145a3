import { describe, expect, it } from 'vitest';
import { ROUND_TEXTS as T } from './rounds.messages.ts';
import {
  canApplyForNextRound,
  canCreateNextRound,
  canCreateSecondRound,
  isOpenForNextRound,
  roundRequestDeadline,
} from './rounds.policy.ts';

const end = new Date('2026-11-22T12:00:00Z');
const buyer = { isAdmin: false, isSellerMember: false };
const facts = {
  auctionType: 'classic',
  status: 'closed_without_winners',
  deadline: roundRequestDeadline(end, 86_400_000),
  hasBid: true,
} as const;
const at = (ms: number) => new Date(end.getTime() + ms);

describe('next-round applications', () => {
  it('are open to a bidder from the end until the end + ttl', () => {
    expect(facts.deadline?.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(canApplyForNextRound(buyer, facts, at(1))).toEqual({ ok: true });
    expect(canApplyForNextRound(buyer, facts, at(86_400_000))).toMatchObject({ message: T.expired });
    expect(canApplyForNextRound(buyer, { ...facts, deadline: null }, at(1))).toMatchObject({ ok: false });
  });
  it('are refused to the seller, administrators and companies without a bid', () => {
    expect(canApplyForNextRound({ isAdmin: true, isSellerMember: false }, facts, at(1))).toMatchObject({
      httpStatus: 403,
      message: T.adminCannotApply,
    });
    expect(canApplyForNextRound({ isAdmin: false, isSellerMember: true }, facts, at(1))).toMatchObject({
      message: T.sellerCannotApply,
    });
    expect(canApplyForNextRound(buyer, { ...facts, hasBid: false }, at(1))).toMatchObject({
      httpStatus: 403,
      message: T.onlyBidders,
    });
  });
  it('exist for classic and dutch procedures once trading is over', () => {
    expect(canApplyForNextRound(buyer, { ...facts, auctionType: 'private_requests' }, at(1))).toMatchObject({
      message: T.noNextRound,
    });
    expect(canApplyForNextRound(buyer, { ...facts, status: 'active' }, at(1))).toMatchObject({
      message: T.notAccepting,
    });
    expect(canApplyForNextRound(buyer, { ...facts, status: 'finished' }, at(1))).toEqual({ ok: true });
    expect(canApplyForNextRound(buyer, { ...facts, status: 'closed_with_next_round' }, at(1))).toMatchObject({
      message: T.notAccepting,
    });
  });
  it('take only lots closed without a winner', () => {
    expect(isOpenForNextRound({ status: 'closed', winnerBidId: null })).toBe(true);
    expect(isOpenForNextRound({ status: 'closed', winnerBidId: 7 })).toBe(false);
    expect(isOpenForNextRound({ status: 'finished', winnerBidId: null })).toBe(false);
  });
});

describe('creating rounds', () => {
  it('creates a next round once every lot is decided', () => {
    expect(canCreateNextRound({ auctionType: 'dutch', status: 'closed' })).toEqual({ ok: true });
    expect(canCreateNextRound({ auctionType: 'classic', status: 'finished' })).toMatchObject({
      message: T.undecidedLots,
    });
    expect(canCreateNextRound({ auctionType: 'classic', status: 'closed_with_next_round' })).toMatchObject({
      message: T.notClosed,
    });
    expect(canCreateNextRound({ auctionType: 'bank_to_bank', status: 'closed' })).toMatchObject({
      message: T.noNextRound,
    });
  });
  it('lets only the seller create a second round, once, when start prices were chosen', () => {
    const seller = { isAdmin: false, isSellerMember: true };
    const p = {
      endMode: 'convert',
      status: 'closed',
      canStartSecondRound: true,
      secondRoundId: null,
    } as const;
    expect(canCreateSecondRound(seller, p)).toEqual({ ok: true });
    expect(canCreateSecondRound(seller, { ...p, status: 'closed_without_winners' })).toEqual({ ok: true });
    expect(canCreateSecondRound({ isAdmin: true, isSellerMember: false }, p)).toMatchObject({
      httpStatus: 403,
    });
    expect(canCreateSecondRound(buyer, p)).toMatchObject({ message: T.ownerOnly });
    expect(canCreateSecondRound(seller, { ...p, endMode: 'ransom' })).toMatchObject({
      message: T.notConvert,
    });
    expect(canCreateSecondRound(seller, { ...p, secondRoundId: 9 })).toMatchObject({
      message: T.secondRoundExists,
    });
    expect(canCreateSecondRound(seller, { ...p, canStartSecondRound: false })).toMatchObject({
      message: T.secondRoundNotReady,
    });
    expect(canCreateSecondRound(seller, { ...p, status: 'finished' })).toMatchObject({
      message: T.secondRoundNotReady,
    });
  });
});
