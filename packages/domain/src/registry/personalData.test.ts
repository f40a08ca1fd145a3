import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_HEADERS } from './attributes.ts';
import { createPersonalDataScanner, snilsChecksumOk } from './personalData.ts';
import type { Cell } from './types.ts';

function kindsIn(cells: Cell[], headers: Cell[] = []) {
  const s = createPersonalDataScanner(headers);
  s.scan(cells, 2);
  return s.findings().map((f) => [f.column, f.kind]);
}

describe('createPersonalDataScanner: values', () => {
  it.each([
    ['Иванов Иван Иванович', 'full_name'],
    ['Петрова Анна Сергеевна', 'full_name'],
    ['Мамедов Эльдар Рашид оглы', 'full_name'],
    ['Салтыков-Щедрин Михаил Евграфович', 'full_name'],
    ['должник: Иванов И.И.', 'full_name'],
    ['И. И. Иванов', 'full_name'],
    ['4510 123456', 'passport'],
    ['45 10 123456', 'passport'],
    ['паспорт 4510№123456', 'passport'],
    ['112-233-445 95', 'snils'],
    ['+7 (916) 123-45-67', 'phone'],
    ['89161234567', 'phone'],
    ['8-916-123-45-67', 'phone'],
    ['тел. +79161234567', 'phone'],
    ['ivanov.ii@mail.ru', 'email'],
    ['г. Москва, ул. Ленина, д. 5, кв. 12', 'address'],
    ['Тверская улица, дом 7', 'address'],
    ['пр-т Мира 15, кв. 3', 'address'],
  ])('%s is %s', (text, kind) => {
    expect(kindsIn([text])).toEqual([['A', kind]]);
  });

  it('a mobile number stored as a number is a phone', () => {
    expect(kindsIn([79161234567])).toEqual([['A', 'phone']]);
  });

  it.each([
    '112-233-445 96', // wrong SNILS checksum
    '001-001-998 00', // below the checksummed range
    '4510123456', // a bare ten-digit run: too often an account or contract number
    'КД-2021/000123',
    '40817810099910004312',
    '1 234 567,89',
    '2021-03-04',
    'Потребительский кредит',
    'ПАО «Волжский народный банк»',
    'ООО МФК «Деньги до зарплаты»',
    'Исполнительное производство',
    'Целевой, залог недвижимости',
    'Москва',
    'Иван',
    'Ленина 5',
  ])('%s is clean', (text) => {
    expect(kindsIn([text])).toEqual([]);
  });

  it('SNILS checksum', () => {
    expect(snilsChecksumOk('11223344595')).toBe(true);
    expect(snilsChecksumOk('11223344596')).toBe(false);
  });
});

describe('createPersonalDataScanner: columns', () => {
  it('counts per column and keeps the first five row numbers, never the values', () => {
    const s = createPersonalDataScanner(['Номер договора', 'Комментарий']);
    for (let row = 2; row < 10; row++) s.scan([`КД-${row}`, `звонить +7 916 123-45-6${row}`], row);
    expect(s.found).toBe(true);
    expect(s.findings()).toEqual(
      [
        {
          column: 'B',
          columnIndex: 1,
          header: 'Комментарий',
          kind: 'phone',
          count: 8,
          rows: [2, 3, 4, 5, 6, 7],
          byHeader: false,
        },
      ].map((f) => ({ ...f, rows: f.rows.slice(0, 5) })),
    );
    expect(JSON.stringify(s.findings())).not.toContain('916');
  });

  it('repeated values are counted every time; clean ones remembered never hide a dirty one', () => {
    const s = createPersonalDataScanner([]);
    const rows = [
      'Кредитная карта',
      'Иванов Иван Иванович',
      'Кредитная карта',
      'Иванов Иван Иванович',
      'Кредитная карта',
    ];
    rows.forEach((text, i) => {
      s.scan([text], i + 2);
    });
    expect(s.findings().map((f) => [f.kind, f.count, f.rows])).toEqual([['full_name', 2, [3, 5]]]);
  });

  it('a column whose header names personal data counts its non-empty cells', () => {
    const headers = ['ФИО должника', 'Паспорт', 'СНИЛС', 'Телефон', 'Адрес регистрации', 'Номер договора'];
    expect(kindsIn(['Иван', '123', 'x', '123-45', 'Ленина', 'A-1'], headers)).toEqual([
      ['A', 'full_name'],
      ['B', 'passport'],
      ['C', 'snils'],
      ['D', 'phone'],
      ['E', 'address'],
    ]);
  });

  it("the template's own yes/no columns (e.g. 'Телефон должника известен') are not personal data", () => {
    const headers = [...TEMPLATE_HEADERS];
    const row: Cell[] = headers.map(() => 'да');
    expect(kindsIn(row, headers)).toEqual([]);
    expect(kindsIn([null, 'нет', 1], ['Телефон', 'Телефон', 'Телефон'])).toEqual([]);
  });

  it('realistic clean registry rows find nothing', () => {
    const row = fc.tuple(
      fc.oneof(
        fc.integer({ min: 1, max: 999_999 }).map((n) => `КД-2021/${String(n).padStart(6, '0')}`),
        fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }).map(String),
        fc.integer({ min: 1_000_000_000, max: 9_999_999_999 }),
      ),
      fc.integer({ min: 1, max: 95 }),
      fc.integer({ min: 0, max: 1e11 }).map((k) => k / 100),
      fc
        .integer({ min: 0, max: 1e9 })
        .map((k) => `${Math.floor(k / 100).toLocaleString('ru-RU')},${String(k % 100).padStart(2, '0')}`),
      fc.integer({ min: 0, max: 3000 }),
      fc.date({ min: new Date('1940-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => {
        const iso = d.toISOString().slice(0, 10);
        return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
      }),
      fc.constantFrom(
        'Потребительский кредит',
        'Кредитная карта',
        'Микрозайм',
        'Автокредит',
        'Ипотека',
        'Целевой (POS)',
        'Досудебная',
        'Исполнительное производство',
        'АО КБ «Южный расчётный»',
        'ООО МКК «Займ на карту»',
        'не предъявлялся',
        'ФССП',
        'М',
        'Ж',
        'да',
        'нет',
      ),
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 50 }), (rows) => {
        const s = createPersonalDataScanner([
          'Номер договора',
          'Код региона',
          'ОД',
          'ОСЗ',
          'DPD',
          'Дата',
          'Тип',
        ]);
        rows.forEach((r, i) => {
          s.scan(r as Cell[], i + 2);
        });
        expect(s.findings()).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
