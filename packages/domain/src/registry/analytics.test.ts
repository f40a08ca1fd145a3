import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyticsByLot, createAnalytics } from './analytics.ts';
import { debtColumnsOf } from './columns.ts';
import { debt, debtArbitrary } from './testDebts.ts';

describe('createAnalytics', () => {
  it('computes every field of the Analytics object', () => {
    const a = createAnalytics({ asOf: '2025-06-15' });
    a.add(
      debt({
        amountTotal: 0,
        amountBottomline: 5_000_00,
        regionCode: 7,
        paidAmount: 1_000_00,
        lastPaymentAmount: 300_00,
        amountFor360Days: 600_00,
        productType: 'Микрозайм',
        firstCreditor: 'ООО МКК «Займ на карту»',
        enforcementOrderPlacement: 'фссп',
        birthDate: '2000-06-16',
        sex: 'male',
        dpd: 100,
        dplp: 50,
        features: { dead: true, e_form: true, phones: true, presence_participants: true },
      }),
    );
    a.add(
      debt({
        amountTotal: 2_000_000_00,
        amountBottomline: 2_500_000_00,
        regionCode: 77,
        productType: 'Ипотека',
        firstCreditor: 'ООО МКК «Займ на карту»',
        birthDate: '1950-01-01',
        sex: 'female',
        dpd: 301,
        features: { secured_liability: true, paper_form: true, enforcement_proceedings_3_years: true },
      }),
    );
    a.add(debt({ amountTotal: 10_00, amountBottomline: 10_00, regionCode: null }));
    const r = a.result();
    expect(r).toMatchObject({
      paid_amount_cents: 1_000_00,
      last_payment_amount_cents: 300_00,
      amount_for_360_days_cents: 600_00,
      dead: 1,
      secured_liability: 1,
      presence_participants: 1,
      enforcement_proceedings_3_years: 1,
      e_form: 1,
      paper_form: 1,
      issuence_form: 2,
      phones_amount: 1,
      empty_amount_total: 1,
      paid_amount: 1,
      bankruptcy: 0,
      regions_list: { '07': 1, '77': 1 },
      kinds_list: [
        { title: 'Ипотека', value: 1 },
        { title: 'Микрозайм', value: 1 },
      ],
      first_creditors_list: [{ title: 'ООО МКК «Займ на карту»', value: 2 }],
      enforcement_order_placements_list: [{ title: 'фссп', value: 1 }],
    });
    expect(r.amount_bottomline_list.map((b) => b.value)).toEqual([2, 0, 0, 0, 0, 1]);
    expect(r.birth_dates).toEqual([
      { title: 'до 25 лет', total: 1, male: 1, female: 0, other: 0 },
      { title: '25–34 года', total: 0, male: 0, female: 0, other: 0 },
      { title: '35–44 года', total: 0, male: 0, female: 0, other: 0 },
      { title: '45–54 года', total: 0, male: 0, female: 0, other: 0 },
      { title: '55–64 года', total: 0, male: 0, female: 0, other: 0 },
      { title: '65 лет и старше', total: 1, male: 0, female: 1, other: 0 },
      { title: 'Отсутствуют', total: 1, male: 0, female: 0, other: 1 },
    ]);
    expect(a.totals()).toEqual({
      items_count: 3,
      amount_total: 2_000_010_00,
      amount_bottomline: 2_505_010_00,
      amount_mean: Math.round(2_000_010_00 / 3),
      bottomline_mean: Math.round(2_505_010_00 / 3),
      dpd: 201,
      dplp: 50,
    });
  });

  it('an age counts whole years: the day before a birthday is still the younger bucket', () => {
    const a = createAnalytics({ asOf: '2025-06-15' });
    a.add(debt({ birthDate: '2000-06-15' }));
    a.add(debt({ birthDate: '2000-06-16' }));
    const buckets = a.result().birth_dates;
    expect(buckets[0]?.total).toBe(1);
    expect(buckets[1]?.total).toBe(1);
  });

  it('per-lot analytics from the columns add up to the whole registry', () => {
    fc.assert(
      fc.property(
        fc.array(debtArbitrary, { maxLength: 60 }),
        fc.integer({ min: 1, max: 4 }),
        (debts, lots) => {
          const whole = createAnalytics({ asOf: '2025-01-01' });
          for (const d of debts) whole.add(d);
          const columns = debtColumnsOf(debts);
          const assignment = Int32Array.from(debts, (_, i) => i % lots);
          const parts = analyticsByLot(columns, assignment, lots, { asOf: '2025-01-01' });
          expect(parts.reduce((s, p) => s + p.totals.items_count, 0)).toBe(debts.length);
          expect(parts.reduce((s, p) => s + p.totals.amount_bottomline, 0)).toBe(
            whole.totals().amount_bottomline,
          );
          expect(parts.reduce((s, p) => s + p.analytics.dead, 0)).toBe(whole.result().dead);
          const one = analyticsByLot(columns, new Int32Array(debts.length), 1, { asOf: '2025-01-01' })[0]!;
          expect(one.analytics).toEqual(whole.result());
          expect(one.totals).toEqual(whole.totals());
        },
      ),
    );
  });
});
