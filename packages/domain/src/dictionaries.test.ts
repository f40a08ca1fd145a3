import { describe, expect, it } from 'vitest';
import {
  ALLOWED_PARTICIPANT_KINDS,
  COMPANY_KIND_LABELS,
  DOCUMENT_KIND_LABELS,
  innLengthFor,
  LIABILITY_LABELS,
  LOTTING_TYPES,
  PARTICIPANT_RESTRICTION_PARENT,
  PAYMENT_KIND_LABELS,
  PERCENT_MODE_LABELS,
  SOURCE_TYPE_LABELS,
} from './dictionaries.ts';

describe('dictionaries', () => {
  it('carry the spec texts', () => {
    expect(PAYMENT_KIND_LABELS).toEqual({ agent: 'За счёт покупателя', standard: 'За счёт продавца' });
    expect(PERCENT_MODE_LABELS).toEqual({ amount_total_debt: 'ОД', amount_bottomline_debt: 'ОСЗ' });
    expect(LIABILITY_LABELS.partially_secured).toBe('Частичное');
    expect(SOURCE_TYPE_LABELS).toEqual({ hand: 'Ставка', auto: 'Автоставка' });
    expect(COMPANY_KIND_LABELS.self).toBe('Индивидуальный предприниматель');
    expect(DOCUMENT_KIND_LABELS.other).toBe('Другой документ');
    expect(LOTTING_TYPES[0]).toBe('manual_splitting');
  });

  it('INN has 12 digits for persons and 10 for organisations', () => {
    expect(innLengthFor('physical')).toBe(12);
    expect(innLengthFor('self')).toBe(12);
    expect(innLengthFor('legal')).toBe(10);
    expect(innLengthFor('bank')).toBe(10);
    expect(innLengthFor('mfo')).toBe(10);
  });

  it('every narrowing flag is an allowed kind with an allowed parent', () => {
    for (const [flag, parent] of Object.entries(PARTICIPANT_RESTRICTION_PARENT)) {
      expect(ALLOWED_PARTICIPANT_KINDS).toContain(flag);
      expect(ALLOWED_PARTICIPANT_KINDS).toContain(parent);
    }
  });
});
