import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dutchStepCount } from '../auction/pricing.ts';
import { planDutch, splitDutchMaxPrice } from './dutch.ts';
import { dutchMaxPriceError, lotPriceError, lotPriceFloor } from './lotPrices.ts';
import { draftErrors, type ProcedureDraftFacts } from './steps.ts';

/** The money format's spaces (narrow no-break) as plain spaces, to write the texts readably. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, ' '));

const priceError = (...args: Parameters<typeof lotPriceError>) => plain(lotPriceError(...args));
const OSZ = 10_000_000_00; // 10 000 000 ₽: floor 1 % = 100 000 ₽

describe('a lot price (Ограничение цены лота)', () => {
  it('is required, above 0 and not below the lot minimum price', () => {
    expect(priceError('classic', { price: null, amount_bottomline: OSZ })).toBe('Должно быть заполнено');
    expect(priceError('classic', { price: 0, amount_bottomline: OSZ })).toBe('Должно быть больше 0');
    expect(lotPriceFloor({ amount_bottomline: OSZ })).toBe(100_000_00);
    expect(priceError('classic', { price: 99_999_00, amount_bottomline: OSZ })).toBe(
      'Не может быть меньше 100 000 ₽',
    );
    expect(priceError('classic', { price: 100_000_00, amount_bottomline: OSZ })).toBeNull();
    // The 20 000 ₽ floor of a small lot.
    expect(priceError('dutch', { price: 19_000_00, amount_bottomline: 50_000_00 })).toBe(
      'Не может быть меньше 20 000 ₽',
    );
  });

  it('private_requests: below the ОСЗ, as every offer must be; bank_to_bank and classic: no cap', () => {
    expect(priceError('private_requests', { price: OSZ, amount_bottomline: OSZ })).toBe(
      'Должно быть меньше общей суммы задолженности',
    );
    expect(priceError('bank_to_bank', { price: OSZ, amount_bottomline: OSZ })).toBeNull();
    expect(priceError('classic', { price: OSZ * 2, amount_bottomline: OSZ })).toBeNull();
  });

  it('any price at or above the floor passes, any below fails (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (osz, price) => {
        const error = lotPriceError('classic', { price, amount_bottomline: osz });
        expect(error === null).toBe(price >= lotPriceFloor({ amount_bottomline: osz }));
      }),
    );
  });
});

describe('the dutch maximum price', () => {
  it('must exceed the sum of the lots minima', () => {
    expect(plain(dutchMaxPriceError(null, [1]))).toBe('Необходимо указать максимальную цену');
    expect(plain(dutchMaxPriceError(10_000_000_00, [6_000_000_00, 4_000_000_00]))).toBe(
      'Должна быть больше суммы цен отсечения лотов: 10 000 000 ₽',
    );
    expect(dutchMaxPriceError(10_000_000_01, [6_000_000_00, 4_000_000_00])).toBeNull();
  });

  it('is split so the lots maxima add up to it, each at least its minimum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 20_000_00, max: 5e11 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 1e12 }),
        (minima, surplus) => {
          const total = minima.reduce((s, m) => s + m, 0);
          const maxima = splitDutchMaxPrice(total + surplus, minima);
          expect(maxima.reduce((s, m) => s + m, 0)).toBe(total + surplus);
          maxima.forEach((max, i) => {
            expect(max).toBeGreaterThanOrEqual(minima[i]!);
            // The share beyond the minimum is whole rubles, but for the first lot's odd kopecks.
            if (i > 0) expect((max - minima[i]!) % 100).toBe(0);
          });
        },
      ),
    );
  });

  it('the issue example: 10 000 000 ₽, step 500 000 ₽, 10 minutes, falls step by step on every lot', () => {
    const start = new Date('2026-12-01T08:00:00Z');
    const plan = planDutch({
      lots: [
        { id: 1, min_price: 2_000_000_00, step_price: null },
        { id: 2, min_price: 3_000_000_00, step_price: null },
      ],
      maxPrice: 10_000_000_00,
      stepPrice: 500_000_00,
      renewalMinutes: 10,
      start,
    });
    expect(plan.lots.map((l) => l.max_price)).toEqual([4_000_000_00, 6_000_000_00]);
    expect(plan.lots.map((l) => l.step_count)).toEqual([
      dutchStepCount(4_000_000_00, 2_000_000_00, 500_000_00),
      dutchStepCount(6_000_000_00, 3_000_000_00, 500_000_00),
    ]);
    expect(plan.lots.map((l) => l.step_count)).toEqual([5, 7]);
    expect(plan.end).toEqual(new Date(start.getTime() + 7 * 10 * 60_000));
  });
});

describe('step 3 with lot prices', () => {
  const base: ProcedureDraftFacts = {
    auction_type: 'dutch',
    has_registry: true,
    personal_data_found: false,
    personal_data_agreement: false,
    personal_data_skipped: false,
    activity: 'banking',
    source_kind: 'overdue_loans',
    source_debtor_type: 'individuals',
    liability: 'unsecured',
    percentages: {},
    start_datetime: new Date('2026-12-01T08:00:00Z'),
    end_datetime: null,
    max_price: 10_000_000_00,
    step_price: 500_000_00,
    custom_steps: false,
    lots: [
      { id: 1, step_price: null, price: 5_000_000_00, amount_bottomline: 100_000_000_00 },
      { id: 2, step_price: null, price: 500_00, amount_bottomline: 100_000_000_00 },
    ],
    lot_renewal_minutes: 10,
    renewal_after_last_bid_in_minutes: 0,
    steps_after_first_bid: -1,
    max_bids: null,
    allowed_kinds_map: { legal: true, bank: true, mfo: true, self: true, physical: true },
    invited_company_ids: [],
    rejected_company_ids: [],
    documents: [],
  };
  it('names the lot below its minimum, the maximum not above the minima and negative steps after the first bid', () => {
    const errors = plain(draftErrors(base, { now: new Date('2026-11-25T08:00:00Z') }));
    expect(errors).toEqual({
      'lots.2.start_price': 'Не может быть меньше 1 000 000 ₽',
      steps_after_first_bid: 'Не может быть меньше 0',
    });
    const over = { ...base, lots: [base.lots[0]!, { ...base.lots[1]!, price: 6_000_000_00 }] };
    expect(
      plain(draftErrors({ ...over, steps_after_first_bid: 0 }, { now: new Date('2026-11-25T08:00:00Z') })),
    ).toEqual({ max_price: 'Должна быть больше суммы цен отсечения лотов: 11 000 000 ₽' });
  });
});
