import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  looksLikeTemplate,
  matchTemplateHeaders,
  normalizeHeader,
  RECOMMENDED_ATTRIBUTES,
  REGISTRY_ATTRIBUTES,
  TEMPLATE_HEADERS,
} from './attributes.ts';
import { createPersonalDataScanner } from './personalData.ts';
import { suggestColumnMatch } from './suggest.ts';
import type { Cell } from './types.ts';
import { createRowValidator, REGISTRY_ERRORS_INLINE_LIMIT } from './validator.ts';

const HEADERS = [
  'Номер договора',
  'Код региона',
  'Сумма основного долга (ОД), руб.',
  'Остаток задолженности (ОСЗ), руб.',
];

function validatorFor(extra: string[] = []) {
  const headers = [...HEADERS, ...extra];
  const { map } = matchTemplateHeaders(headers);
  return createRowValidator(map, headers);
}

describe('matchTemplateHeaders', () => {
  it('matches the template itself with no mismatch', () => {
    const m = matchTemplateHeaders([...TEMPLATE_HEADERS]);
    expect(m.mismatch).toBe(false);
    expect(m.missingRequired).toEqual([]);
    expect(m.map).toHaveLength(TEMPLATE_HEADERS.length);
    expect(m.map[0]).toBe('contract_id');
  });

  it('ignores case, ё and punctuation, and any column order', () => {
    const m = matchTemplateHeaders([
      'остаток задолженности осз руб',
      'НОМЕР ДОГОВОРА',
      'Код региона',
      'Сумма основного долга (ОД) руб',
    ]);
    expect(m.map).toEqual(['amount_bottomline', 'contract_id', 'region_code', 'amount_total']);
    expect(m.mismatch).toBe(false);
  });

  it('has 35 attributes, four required, the rest of the analytics ones recommended', () => {
    expect(REGISTRY_ATTRIBUTES).toHaveLength(35);
    expect(new Set(TEMPLATE_HEADERS).size).toBe(35);
    expect(REGISTRY_ATTRIBUTES.filter((a) => a.required).map((a) => a.value)).toEqual([
      'contract_id',
      'region_code',
      'amount_total',
      'amount_bottomline',
    ]);
    expect(RECOMMENDED_ATTRIBUTES).toContain('dpd');
    expect(RECOMMENDED_ATTRIBUTES).not.toContain('amount_total');
    expect(RECOMMENDED_ATTRIBUTES).not.toContain('contract_id');
    for (const a of REGISTRY_ATTRIBUTES) expect(a.hint).toMatch(/[А-Яа-я]/);
  });

  it('reports unknown headers, repeats and missing required columns', () => {
    const m = matchTemplateHeaders(['Номер договора', 'ФИО', 'Номер договора', null]);
    expect(m.mismatch).toBe(true);
    expect(m.map).toEqual(['contract_id', null, null]);
    expect(m.missingRequired).toEqual(['region_code', 'amount_total', 'amount_bottomline']);
  });
});

describe('the template with columns of its own or without a required one (decisions/0243)', () => {
  it('takes columns beyond the template as extras, not a mismatch', () => {
    const m = matchTemplateHeaders([...TEMPLATE_HEADERS, 'ФИО', 'Паспорт']);
    expect(m.mismatch).toBe(false);
    expect(m.extra).toEqual([TEMPLATE_HEADERS.length, TEMPLATE_HEADERS.length + 1]);
    expect(m.map.slice(-2)).toEqual([null, null]);
  });

  it('reads any columns added to the template as extras, and names any required one left out', () => {
    const known = new Set(TEMPLATE_HEADERS.map((h) => normalizeHeader(h)));
    const ownHeader = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((h) => normalizeHeader(h) !== '' && !known.has(normalizeHeader(h)));
    const required = REGISTRY_ATTRIBUTES.filter((a) => a.required);
    fc.assert(
      fc.property(
        fc.uniqueArray(ownHeader, { maxLength: 6, selector: (h) => normalizeHeader(h) }),
        fc.subarray(required, { minLength: 0 }),
        (own, dropped) => {
          const kept = TEMPLATE_HEADERS.filter((h) => !dropped.some((a) => a.text === h));
          const m = matchTemplateHeaders([...kept, ...own]);
          expect(m.extra).toEqual(own.map((_, i) => kept.length + i));
          expect(m.missingRequired).toEqual(dropped.map((a) => a.value));
          expect(m.mismatch).toBe(dropped.length > 0);
          expect(looksLikeTemplate(m)).toBe(true);
        },
      ),
    );
  });

  it('tells the template missing a column from a layout of the seller’s own', () => {
    const missing = matchTemplateHeaders(TEMPLATE_HEADERS.filter((h) => h !== 'Код региона'));
    expect(missing.missingRequired).toEqual(['region_code']);
    expect(looksLikeTemplate(missing)).toBe(true);
    const own = matchTemplateHeaders(['Договор №', 'Регион', 'Основной долг', 'Номер договора']);
    expect(own.mismatch).toBe(true);
    expect(looksLikeTemplate(own)).toBe(false);
  });
});

describe('createRowValidator', () => {
  it('turns a clean row into a debt in kopecks', () => {
    const v = validatorFor([
      'Дата рождения должника',
      'Пол должника',
      'Должник умер',
      'Форма выдачи кредита',
    ]);
    const debt = v.validate(['КД-1', '7', '1 234,56', 2000, '1985-03-04', 'Ж', 'да', 'электронная'], 2);
    expect(v.errors).toEqual([]);
    expect(debt).toMatchObject({
      contractId: 'КД-1',
      regionCode: 7,
      amountTotal: 123456,
      amountBottomline: 200000,
      birthDate: '1985-03-04',
      sex: 'female',
    });
    expect(debt?.features.dead).toBe(true);
    expect(debt?.features.e_form).toBe(true);
    expect(debt?.features.bankruptcy).toBe(false);
  });

  it('collects every error of a row with column letter, header, value and a Russian message', () => {
    const v = validatorFor();
    expect(v.validate([null, '99', '-5', 'abc'], 7)).toBeNull();
    expect(v.errors).toEqual([
      { row: 7, column: 'A', header: 'Номер договора', value: '', message: 'Должно быть заполнено' },
      { row: 7, column: 'B', header: 'Код региона', value: '99', message: 'Неизвестный код региона 99' },
      {
        row: 7,
        column: 'C',
        header: 'Сумма основного долга (ОД), руб.',
        value: '-5',
        message: 'Сумма не может быть отрицательной',
      },
      {
        row: 7,
        column: 'D',
        header: 'Остаток задолженности (ОСЗ), руб.',
        value: 'abc',
        message: 'Сумма должна быть числом в рублях, например 1 234,56',
      },
    ]);
    expect(v.errorCount).toBe(4);
  });

  it('finds a repeated contract id and names the first row', () => {
    const v = validatorFor();
    expect(v.validate(['A-1', 77, 100, 100], 2)).not.toBeNull();
    expect(v.validate(['A-2', 77, 100, 100], 3)).not.toBeNull();
    expect(v.validate(['A-1', 77, 100, 100], 4)).toBeNull();
    expect(v.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [4, 'A', 'Номер договора A-1 повторяется (строка 2)'],
    ]);
    expect(v.validCount).toBe(2);
  });

  it('refuses ОСЗ below ОД', () => {
    const v = validatorFor();
    expect(v.validate(['A-1', 77, 200, 100], 2)).toBeNull();
    expect(v.errors[0]?.message).toBe(
      'Остаток задолженности (ОСЗ) не может быть меньше основного долга (ОД)',
    );
  });

  it('says so on every row when the map lacks a required attribute', () => {
    const v = createRowValidator(['contract_id'], ['Номер договора']);
    expect(v.validate(['A-1'] as Cell[], 2)).toBeNull();
    expect(v.errors.map((e) => e.header)).toEqual([
      'Код региона',
      'Сумма основного долга (ОД), руб.',
      'Остаток задолженности (ОСЗ), руб.',
    ]);
  });

  it('streams errors to onError instead of keeping them', () => {
    const seen: string[] = [];
    const { map } = matchTemplateHeaders(HEADERS);
    const v = createRowValidator(map, HEADERS, { onError: (e) => seen.push(`${e.row}${e.column}`) });
    expect(v.validate(['A', 0, 1, 1], 5)).toBeNull();
    expect(v.validate(['A', 1, 1, 1], 6)).toBeNull();
    expect(seen).toEqual(['5B', '6A']);
    expect(v.errors).toEqual([]);
    expect(v.errorCount).toBe(2);
  });

  it('exports the inline error limit', () => {
    expect(REGISTRY_ERRORS_INLINE_LIMIT).toBe(50);
  });
});

describe('robustness', () => {
  const cell = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('1 234,56', '-0,01', '31.12.2099', '2024-02-30', '077', '+', 'ДА', ' нет ', '₽', '1e5'),
  );

  it('any cells give a debt or errors, never a throw, and every error names its row and has a Russian message', () => {
    const { map } = matchTemplateHeaders([...TEMPLATE_HEADERS]);
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 40 }), { maxLength: 20 }), (rows) => {
        const v = createRowValidator(map, [...TEMPLATE_HEADERS]);
        const scanner = createPersonalDataScanner([...TEMPLATE_HEADERS]);
        rows.forEach((row, i) => {
          scanner.scan(row, i + 2);
          const debt = v.validate(row, i + 2);
          if (debt) {
            expect(Number.isSafeInteger(debt.amountTotal) && debt.amountTotal >= 0).toBe(true);
            expect(debt.amountBottomline).toBeGreaterThanOrEqual(debt.amountTotal);
          }
        });
        for (const e of v.errors) {
          expect(e.row).toBeGreaterThanOrEqual(2);
          expect(e.message).toMatch(/[А-Яа-я]/);
        }
        suggestColumnMatch([...TEMPLATE_HEADERS], rows);
      }),
      { numRuns: 200 },
    );
  });
});
