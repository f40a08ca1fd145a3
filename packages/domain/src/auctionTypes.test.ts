import { describe, expect, it } from 'vitest';
import {
  AUCTION_TYPE_DESCRIPTIONS,
  AUCTION_TYPE_LABELS,
  AUCTION_TYPE_ROUTES,
  AUCTION_TYPES,
  auctionTypeFromRoute,
  endingSoonMs,
  isAuctionType,
  isPrivateAuction,
  timeLeftWarningMs,
} from './auctionTypes.ts';

describe('auction types', () => {
  it('have Russian names and tooltips', () => {
    expect(AUCTION_TYPES.map((t) => AUCTION_TYPE_LABELS[t])).toEqual([
      'Классический аукцион',
      'Голландский аукцион',
      'Закрытый запрос предложений',
      'От кредитора кредитору',
    ]);
    for (const type of AUCTION_TYPES) expect(AUCTION_TYPE_DESCRIPTIONS[type]).toMatch(/^[А-Я].+\.$/);
  });

  it('map to list routes and back', () => {
    expect(AUCTION_TYPE_ROUTES.bank_to_bank).toBe('/creditor_to_creditor');
    expect(auctionTypeFromRoute('/creditor_to_creditor')).toBe('bank_to_bank');
    expect(auctionTypeFromRoute('/dutch/')).toBe('dutch');
    expect(auctionTypeFromRoute('/bank_to_bank')).toBeNull();
    for (const type of AUCTION_TYPES) expect(auctionTypeFromRoute(AUCTION_TYPE_ROUTES[type])).toBe(type);
  });

  it('split into open and sealed formats with their thresholds', () => {
    expect(AUCTION_TYPES.filter(isPrivateAuction)).toEqual(['private_requests', 'bank_to_bank']);
    expect(timeLeftWarningMs('classic')).toBe(1_200_000);
    expect(timeLeftWarningMs('bank_to_bank')).toBe(18_000_000);
    expect(endingSoonMs('dutch')).toBe(300_000);
    expect(endingSoonMs('private_requests')).toBe(18_000_000);
    expect(isAuctionType('creditor_to_creditor')).toBe(false);
  });
});
