import { describe, expect, it } from 'vitest';
import {
  encodeForecastInput,
  FACTOR_COLUMNS,
  FEATURE_COUNT,
  FORECAST_FACTORS,
  type ForecastLotFacts,
  forecastFormOf,
  forecastInputFromForm,
  forecastInputFromLot,
} from './features.ts';
import { FORECAST_FACTOR_LABELS } from './messages.ts';
import { dpdBand, priorShares, shareToPrice } from './prior.ts';

const lot: ForecastLotFacts = {
  auctionType: 'dutch',
  amountTotal: 80_000_000,
  amountBottomline: 120_000_000,
  dpd: 640,
  dplp: 410,
  itemsCount: 200,
  sellerKind: 'mfo',
  analytics: {
    dead: 4,
    bankruptcy: 10,
    court_order: 120,
    paid_amount: 50,
    amount_for_360_days_cents: 6_000_000,
    regions_list: { '77': 30, '78': 10, '16': 60, '50': 20, '63': 80 },
  },
};

describe('forecast feature encoding', () => {
  it('gives the same vector for a lot and for the form the lot pre-fills', () => {
    const fromLot = forecastInputFromLot(lot);
    const form = forecastFormOf(fromLot);
    const fromForm = forecastInputFromForm(form, fromLot);
    expect(encodeForecastInput(fromForm)).toEqual(encodeForecastInput(fromLot));
  });

  it('reads flags as shares of the lot’s cases and the registry’s payments and regions', () => {
    const input = forecastInputFromLot(lot);
    expect(input.flags.dead).toBe(0.02);
    expect(input.flags.court_order).toBe(0.6);
    expect(input.flags.fraud).toBe(0);
    expect(input.capital_share).toBe(0.3);
    const v = encodeForecastInput(input);
    expect(v).toHaveLength(FEATURE_COUNT);
    expect(v[FACTOR_COLUMNS.auction_type[0]]).toBe(1);
    expect(v.slice(...FACTOR_COLUMNS.seller_type)).toEqual([0, 0, 1, 0, 0]);
    expect(v[FACTOR_COLUMNS.payments_360[0]]).toBe(0.05);
    expect(v[FACTOR_COLUMNS.dpd[0]]).toBe(640);
  });

  it('changes exactly the edited factor’s columns when the form changes DPD', () => {
    const input = forecastInputFromLot(lot);
    const edited = forecastInputFromForm({ ...forecastFormOf(input), dpd: 1500 }, input);
    const a = encodeForecastInput(input);
    const b = encodeForecastInput(edited);
    const changed = a.flatMap((x, i) => (x === b[i] ? [] : [i]));
    expect(changed).toEqual([FACTOR_COLUMNS.dpd[0]]);
  });

  it('never yields NaN for an empty lot, and counts a sealed-offer lot as classic', () => {
    const empty = forecastInputFromLot({
      ...lot,
      auctionType: 'private_requests',
      amountBottomline: 0,
      amountTotal: 0,
      itemsCount: 0,
      dpd: null,
      dplp: null,
      analytics: null,
    });
    expect(empty.auction_type).toBe('classic');
    expect(encodeForecastInput(empty).every(Number.isFinite)).toBe(true);
  });

  it('names every factor in Russian', () => {
    for (const factor of FORECAST_FACTORS) expect(FORECAST_FACTOR_LABELS[factor]).toMatch(/\S/);
  });
});

describe('forecast prior', () => {
  it('puts a bank’s debt of a year and a half in the 5–8 % band and an MFO’s in the 14–21 % band', () => {
    expect(priorShares({ seller_type: 'bank', dpd: 500 })).toEqual({ low: 0.05, median: 0.065 });
    expect(priorShares({ seller_type: 'mfo', dpd: 500 })).toEqual({ low: 0.14, median: 0.175 });
  });

  it('prices older debt lower', () => {
    const young = priorShares({ seller_type: 'bank', dpd: 90 });
    const old = priorShares({ seller_type: 'bank', dpd: 2000 });
    expect(young.median).toBeGreaterThan(old.median);
    expect(dpdBand(90)).toBe(0);
    expect(dpdBand(2000)).toBe(4);
  });

  it('rounds prices to whole rubles', () => {
    expect(shareToPrice(0.065, 123_456_78)).toBe(802_500);
  });
});
