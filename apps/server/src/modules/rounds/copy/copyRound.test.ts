import { describe, expect, it } from 'vitest';
import type { LotRow } from '../../lots/lots.queries.ts';
import type { BriefcaseRow } from '../../lots/trading/lotState.ts';
import { copyLot, copyProcedure, mergeAnalytics } from './copyRound.ts';

const at = new Date('2026-11-22T09:00:00Z');

const lot = (over: Partial<LotRow>): LotRow =>
  ({
    id: 1,
    briefcaseId: 10,
    number: 1,
    aliasNumber: null,
    name: null,
    status: 'closed',
    composite: false,
    amountTotal: 1000,
    amountBottomline: 2000,
    bottomlineMean: 0,
    itemsCount: 10,
    dpd: 100,
    dplp: null,
    startPrice: 500,
    maxPrice: null,
    minPrice: null,
    stepPrice: 50,
    stepCount: null,
    currentStep: null,
    currentPrice: 700,
    bidsCount: 3,
    maxBidsCnt: null,
    biddersCount: 2,
    leaderBidId: 5,
    winnerBidId: null,
    winnerCompanyId: null,
    isWithoutWinner: true,
    renewalsCount: 1,
    startDatetime: at,
    endDatetime: at,
    productType: null,
    federalDistrict: null,
    stage: null,
    secondRoundStartPrice: null,
    convertedFrom: null,
    predictedStartPrice: null,
    predictedEndPrice: null,
    analytics: null,
    version: 4,
    createdAt: at,
    updatedAt: at,
    ...over,
  }) as LotRow;

describe('mergeAnalytics', () => {
  it('adds counts, merges region maps and titled lists', () => {
    const merged = mergeAnalytics([
      { dead: 1, regions_list: { '77': 2 }, kinds_list: [{ title: 'ПК', value: 3 }] },
      null,
      {
        dead: 2,
        regions_list: { '77': 1, '50': 4 },
        kinds_list: [
          { title: 'Авто', value: 5 },
          { title: 'ПК', value: 1 },
        ],
      },
    ]);
    expect(merged).toEqual({
      dead: 3,
      kinds_list: [
        { title: 'Авто', value: 5 },
        { title: 'ПК', value: 4 },
      ],
      regions_list: { '50': 4, '77': 3 },
    });
    expect(mergeAnalytics([null])).toBeNull();
  });
});

describe('copyLot', () => {
  it('keeps the portfolio and the price policy, drops the trading state and links the original', () => {
    const copy = copyLot(lot({ id: 7, number: 3 }), 20, at);
    expect(copy).toMatchObject({
      briefcaseId: 20,
      number: 3,
      status: 'created',
      startPrice: 500,
      convertedFrom: 7,
    });
    expect(copy).not.toHaveProperty('currentPrice');
    expect(copy).not.toHaveProperty('leaderBidId');
    expect(copy).not.toHaveProperty('bidsCount');
  });
});

describe('copyProcedure', () => {
  it('copies the settings, clears dates and links, and sums the lots', () => {
    const old = {
      id: 10,
      status: 'closed_without_winners',
      startDatetime: at,
      endDatetime: at,
      publishedAt: at,
      nextRoundId: null,
      secondRoundId: null,
      canStartSecondRound: false,
      maxPrice: null,
      companyId: 3,
      auctionType: 'classic',
      description: 'Описание',
    } as unknown as BriefcaseRow;
    const copies = [
      copyLot(lot({ id: 1, dpd: 100 }), 0, at),
      copyLot(lot({ id: 2, dpd: 400, itemsCount: 30 }), 0, at),
    ];
    const row = copyProcedure(old, copies, at, { convertedFrom: 10 });
    expect(row).toMatchObject({
      status: 'created',
      companyId: 3,
      description: 'Описание',
      convertedFrom: 10,
      amountTotal: 2000,
      itemsCount: 40,
      amountMean: 50,
      startPrice: 1000,
      dpd: 325,
      dplp: null,
    });
    expect(row).not.toHaveProperty('id');
    expect(row).not.toHaveProperty('startDatetime');
    expect(row).not.toHaveProperty('publishedAt');
  });

  it('counts each debt once when the whole-portfolio lot goes with its parts (issue 29)', () => {
    const old = { id: 10, status: 'closed', maxPrice: null } as unknown as BriefcaseRow;
    const a = copyLot(lot({ id: 1, itemsCount: 10, amountTotal: 1000, startPrice: 500 }), 0, at);
    const b = copyLot(lot({ id: 2, itemsCount: 30, amountTotal: 3000, startPrice: 700 }), 0, at);
    const whole = copyLot(
      lot({ id: 3, composite: true, itemsCount: 40, amountTotal: 4000, startPrice: 1200 }),
      0,
      at,
    );
    expect(copyProcedure(old, [a, b, whole], at, {})).toMatchObject({
      amountTotal: 4000,
      itemsCount: 40,
      startPrice: 1200,
      withCompositeLot: true,
    });
    // The whole portfolio with only one of its parts: the whole lot holds every debt.
    expect(copyProcedure(old, [b, whole], at, {})).toMatchObject({ amountTotal: 4000, itemsCount: 40 });
  });
});
