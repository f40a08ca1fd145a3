import { describe, expect, it } from 'vitest';
import {
  defaultEndFor,
  defaultStartFor,
  endError,
  minimumStartDay,
  nextFullHour,
  startError,
} from './dates.ts';
import { planDutch } from './dutch.ts';
import {
  draftErrors,
  type ProcedureDraftFacts,
  resumeStep,
  stepErrorSummary,
  stepOfField,
  stepsWithErrors,
} from './steps.ts';

const at = (iso: string) => new Date(iso);

describe('wizard dates (Moscow, UTC+3 without DST)', () => {
  it('a start under a day away becomes the next full hour', () => {
    const now = at('2026-11-25T10:20:00+03:00');
    expect(defaultStartFor(at('2026-11-25T00:00:00+03:00'), now)).toEqual(at('2026-11-25T11:00:00+03:00'));
  });

  it('a later day starts at 11:00 Moscow of that day', () => {
    const now = at('2026-11-25T10:20:00+03:00');
    expect(defaultStartFor(at('2026-11-28T00:00:00+03:00'), now)).toEqual(at('2026-11-28T11:00:00+03:00'));
  });

  it('around Moscow midnight the day is Moscow’s, not UTC’s', () => {
    // 23:30 Moscow on 25 Nov is 20:30 UTC; 00:30 Moscow on 27 Nov is still 26 Nov in UTC.
    const now = at('2026-11-25T23:30:00+03:00');
    expect(minimumStartDay(now)).toEqual(at('2026-11-25T00:00:00+03:00'));
    expect(defaultStartFor(at('2026-11-27T00:30:00+03:00'), now)).toEqual(at('2026-11-27T11:00:00+03:00'));
    expect(nextFullHour(now)).toEqual(at('2026-11-26T00:00:00+03:00'));
    expect(minimumStartDay(at('2026-11-26T00:10:00+03:00'))).toEqual(at('2026-11-26T00:00:00+03:00'));
  });

  it('the end follows the start by two hours in classic and private_requests only', () => {
    const start = at('2026-12-01T11:00:00+03:00');
    expect(defaultEndFor('classic', start, null)).toEqual(at('2026-12-01T13:00:00+03:00'));
    expect(defaultEndFor('private_requests', start, at('2026-12-01T10:00:00+03:00'))).toEqual(
      at('2026-12-01T13:00:00+03:00'),
    );
    expect(defaultEndFor('classic', start, at('2026-12-02T10:00:00+03:00'))).toEqual(
      at('2026-12-02T10:00:00+03:00'),
    );
    expect(defaultEndFor('dutch', start, null)).toBeNull();
  });

  it('an end that was the previous start’s default moves with the start; one the seller set stays', () => {
    const before = at('2026-12-01T16:03:00+03:00');
    const start = at('2026-12-01T16:30:00+03:00');
    expect(defaultEndFor('classic', start, at('2026-12-01T18:03:00+03:00'), before)).toEqual(
      at('2026-12-01T18:30:00+03:00'),
    );
    expect(defaultEndFor('classic', start, at('2026-12-01T20:00:00+03:00'), before)).toEqual(
      at('2026-12-01T20:00:00+03:00'),
    );
    expect(defaultEndFor('dutch', start, null, before)).toBeNull();
  });

  it('checks a past start and an end not after the start with the spec’s texts', () => {
    const now = at('2026-11-25T12:00:00+03:00');
    expect(startError({ start: at('2026-11-25T11:59:00+03:00'), now })).toBe('Не может быть в прошлом');
    expect(startError({ start: at('2026-11-25T11:59:00+03:00'), now, zoneOffset: true })).toBe(
      'Не может быть в прошлом по Москве',
    );
    expect(startError({ start: at('2026-11-25T11:59:00+03:00'), now, skip: true })).toBeNull();
    expect(startError({ start: null, now })).toBe('Должно быть заполнено');
    expect(endError('classic', now, now)).toBe('Должна быть больше даты начала');
    expect(endError('dutch', now, null)).toBeNull();
  });
});

describe('dutch plan', () => {
  it('step count is ceil((max - start) / step) + 1 and the end is the latest lot end', () => {
    const start = at('2026-12-01T11:00:00+03:00');
    const plan = planDutch({
      lots: [{ id: 1, min_price: 100_000_00, step_price: null }],
      maxPrice: 200_000_00,
      stepPrice: 30_000_00,
      renewalMinutes: 10,
      start,
    });
    expect(plan.lots[0]).toMatchObject({ max_price: 200_000_00, step_count: 5 });
    expect(plan.end).toEqual(at('2026-12-01T11:50:00+03:00'));
  });
});

const complete: ProcedureDraftFacts = {
  auction_type: 'classic',
  has_registry: true,
  personal_data_found: false,
  personal_data_agreement: false,
  personal_data_skipped: false,
  activity: 'banking',
  source_kind: 'overdue_loans',
  source_debtor_type: 'individuals',
  liability: 'unsecured',
  percentages: {},
  start_datetime: at('2026-12-01T11:00:00+03:00'),
  end_datetime: at('2026-12-01T13:00:00+03:00'),
  max_price: null,
  step_price: 1_000_00,
  custom_steps: false,
  lots: [{ id: 7, step_price: null, price: 50_000_00, amount_bottomline: 1_000_000_00 }],
  lot_renewal_minutes: 10,
  renewal_after_last_bid_in_minutes: 10,
  steps_after_first_bid: null,
  max_bids: null,
  allowed_kinds_map: { legal: true, bank: true, mfo: true, self: true, physical: true },
  invited_company_ids: [],
  rejected_company_ids: [],
  documents: [],
};
const ctx = { now: at('2026-11-25T12:00:00+03:00') };

describe('step validity', () => {
  it('a complete draft has no errors and resumes on step 4', () => {
    expect(draftErrors(complete, ctx)).toEqual({});
    expect(resumeStep(complete, ctx)).toBe(4);
  });

  it('step 2 needs the registry and the four classifiers', () => {
    const errors = draftErrors({ ...complete, has_registry: false, activity: null, liability: null }, ctx);
    expect(errors).toMatchObject({
      source: 'Загрузите реестр',
      activity: 'Должно быть заполнено',
      liability: 'Должно быть заполнено',
    });
    expect(stepsWithErrors(errors)).toEqual([2]);
  });

  it('an unresolved personal-data finding blocks step 2; agreement or skip resolves it', () => {
    const found = { ...complete, personal_data_found: true, has_registry: false };
    expect(draftErrors(found, ctx).personal_data).toBe('Подозрение на наличие персональных данных');
    expect(draftErrors({ ...found, personal_data_agreement: true, has_registry: true }, ctx)).toEqual({});
  });

  it('percent fields: above 0 and at most 100', () => {
    const errors = draftErrors(
      { ...complete, percentages: { paper_dossiers: 101, deal_dossiers: 0, cases_dossiers: null } },
      ctx,
    );
    expect(errors).toEqual({
      paper_dossiers: 'Не должно быть больше 100',
      deal_dossiers: 'Должно быть больше 0',
    });
  });

  it('step 3: step price, per-lot steps, dutch maximum and renewal', () => {
    expect(draftErrors({ ...complete, step_price: null }, ctx).step_price).toBe(
      'Необходимо указать размер шага',
    );
    expect(draftErrors({ ...complete, step_price: 0 }, ctx).step_price).toBe('Должно быть больше 0');
    expect(draftErrors({ ...complete, custom_steps: true, step_price: null }, ctx)).toEqual({
      'lots.7.step_price': 'Должно быть больше 0',
    });
    const dutch = draftErrors(
      { ...complete, auction_type: 'dutch', end_datetime: null, lot_renewal_minutes: 0 },
      ctx,
    );
    expect(dutch).toEqual({
      max_price: 'Необходимо указать максимальную цену',
      lot_renewal_minutes: 'Должно быть больше 0',
    });
    expect(draftErrors({ ...complete, renewal_after_last_bid_in_minutes: 61 }, ctx)).toHaveProperty(
      'renewal_after_last_bid_in_minutes',
    );
    expect(draftErrors({ ...complete, max_bids: 0 }, ctx)).toHaveProperty('max_bids');
  });

  it('step 4: at least one kind, or two invited companies', () => {
    const none = { legal: false, bank: false, mfo: false, self: false, physical: false };
    expect(draftErrors({ ...complete, allowed_kinds_map: none }, ctx).allowed_kinds).toBeDefined();
    expect(draftErrors({ ...complete, allowed_kinds_map: none, invited_company_ids: [1, 2] }, ctx)).toEqual(
      {},
    );
  });

  it('groups errors by step and words the summary', () => {
    expect(stepOfField('liability')).toBe(2);
    expect(stepOfField('lots.3.step_price')).toBe(3);
    expect(stepOfField('invited_companies')).toBe(4);
    expect(stepErrorSummary([3])).toBe('Исправьте ошибки на шаге 3');
    expect(stepErrorSummary([2, 4])).toBe('Исправьте ошибки на шагах 2, 4');
    expect(stepErrorSummary([])).toBeNull();
  });

  it('a draft without a start resumes on step 3', () => {
    expect(resumeStep({ ...complete, start_datetime: null, end_datetime: null }, ctx)).toBe(3);
    expect(resumeStep({ ...complete, activity: null }, ctx)).toBe(2);
  });
});
