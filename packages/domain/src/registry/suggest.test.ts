import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_VALUES, TEMPLATE_HEADERS } from './attributes.ts';
import { suggestColumnMatch } from './suggest.ts';

describe('suggestColumnMatch', () => {
  it('recognises a typical custom registry by headers and values', () => {
    const headers = [
      '№ п/п',
      'ФИО должника',
      'Номер КД',
      'Дата рождения',
      'Регион',
      'Сумма ОД',
      'ОСЗ',
      'Просрочка, дней',
      'Дата выдачи',
      'Пол',
      'Банкрот',
    ];
    const rows = [
      [1, 'Иванов Иван Иванович', 'КД-1', '1980-01-02', 77, 1000.5, 1500, 120, '2020-03-04', 'М', 'нет'],
      [2, 'Петрова Анна Сергеевна', 'КД-2', '1975-05-06', 50, 2000, 2600, 400, '2019-07-08', 'Ж', 'да'],
    ];
    expect(suggestColumnMatch(headers, rows)).toEqual([
      null,
      null,
      'contract_id',
      'birth_date',
      'region_code',
      'amount_total',
      'amount_bottomline',
      'dpd',
      'issue_date',
      'sex',
      'bankruptcy',
    ]);
  });

  it('reads other word forms of the synonyms', () => {
    expect(
      suggestColumnMatch(
        [
          'Сумма задолженности',
          'Просроченный основной долг',
          'Дата последнего платежа по договору',
          'Стадии взыскания',
        ],
        [],
      ),
    ).toEqual(['amount_bottomline', 'amount_total', 'last_payment_date', 'stage']);
  });

  it('uses values when the header says nothing: birth dates and issue dates apart', () => {
    const headers = ['Колонка 1', 'Колонка 2', 'Колонка 3'];
    const rows = [
      ['1961-02-03', '2021-02-03', 'М'],
      ['1990-12-31', '2022-01-01', 'Ж'],
    ];
    expect(suggestColumnMatch(headers, rows)).toEqual(['birth_date', null, 'sex']);
  });

  it('matches the template headers exactly', () => {
    expect(suggestColumnMatch([...TEMPLATE_HEADERS], [])).toEqual([...ATTRIBUTE_VALUES]);
  });

  it('never suggests one attribute twice', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom('Долг', 'ОСЗ', 'Сумма долга', 'Регион', 'Код региона', 'Дата', 'ОД', 'Пол', 'x'),
          {
            maxLength: 12,
          },
        ),
        (headers) => {
          const out = suggestColumnMatch(headers, [headers.map(() => 77)]).filter((v) => v !== null);
          expect(new Set(out).size).toBe(out.length);
        },
      ),
    );
  });
});
