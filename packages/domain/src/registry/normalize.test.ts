import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Invalid,
  parseDate,
  parseDays,
  parseFlag,
  parseIssuenceForm,
  parseLotNumber,
  parseMoney,
  parseRegion,
  parseSex,
  parseText,
} from './normalize.ts';
import { columnLetter } from './types.ts';

const message = (v: unknown) => (v instanceof Invalid ? v.message : null);

describe('parseMoney', () => {
  it.each([
    [1234.56, 123456],
    [0, 0],
    [0.1 + 0.2, 30],
    [1234.5600000001, 123456],
    [1_000_000_000.01, 100_000_000_001],
    ['1 234,56', 123456],
    ['1\u00a0234,5', 123450],
    ['1\u202f000', 100000],
    ['12.34', 1234],
    ['100 ₽', 10000],
    ['100 руб.', 10000],
    ['-0', 0],
    [null, null],
    ['  ', null],
  ])('%j → %j', (cell, kopecks) => {
    expect(parseMoney(cell)).toBe(kopecks);
  });

  it.each([
    [-1, 'Сумма не может быть отрицательной'],
    ['-1 000,00', 'Сумма не может быть отрицательной'],
    [12.345, 'В сумме не может быть больше двух знаков после запятой'],
    [1_000_000_000.005, 'В сумме не может быть больше двух знаков после запятой'],
    ['12,345', 'В сумме не может быть больше двух знаков после запятой'],
    ['1,234.56', 'Сумма должна быть числом в рублях, например 1 234,56'],
    ['сто', 'Сумма должна быть числом в рублях, например 1 234,56'],
    [true, 'Сумма должна быть числом в рублях, например 1 234,56'],
    [1e20, 'Сумма слишком велика'],
  ])('%j is refused: %s', (cell, text) => {
    expect(message(parseMoney(cell))).toBe(text);
  });

  it('reads back any kopeck amount written as ruble text with a comma and grouping', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (k) => {
        const rubles = Math.floor(k / 100)
          .toString()
          .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
        const text = `${rubles},${String(k % 100).padStart(2, '0')}`;
        expect(parseMoney(text)).toBe(k);
        expect(parseMoney(k / 100)).toBe(k);
      }),
    );
  });
});

describe('parseDate', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2024-02-29T13:45:00', '2024-02-29'],
    ['29.02.2024', '2024-02-29'],
    ['1.3.2024', '2024-03-01'],
    [45351, '2024-02-29'],
    [45351.75, '2024-02-29'],
    ['45351', '2024-02-29'],
    [61, '1900-03-01'],
    [null, null],
  ])('%j → %j', (cell, iso) => {
    expect(parseDate(cell)).toBe(iso);
  });

  it.each([
    ['31.02.2024', 'Такой даты не существует'],
    ['2023-02-29', 'Такой даты не существует'],
    ['01.01.1850', 'Год должен быть от 1900 до 2099'],
    ['вчера', 'Дата должна быть в формате ДД.ММ.ГГГГ'],
    [20240115, 'Число не похоже на дату Excel (1900–2099)'],
    [5, 'Число не похоже на дату Excel (1900–2099)'],
    [true, 'Дата должна быть в формате ДД.ММ.ГГГГ'],
  ])('%j is refused: %s', (cell, text) => {
    expect(message(parseDate(cell))).toBe(text);
  });

  it('the fast ISO path agrees with the ДД.ММ.ГГГГ path on every day, real or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1890, max: 2110 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const p2 = (n: number) => String(n).padStart(2, '0');
          const iso = parseDate(`${y}-${p2(m)}-${p2(d)}`);
          const ru = parseDate(`${p2(d)}.${p2(m)}.${y}`);
          expect(iso instanceof Invalid ? iso.message : iso).toBe(ru instanceof Invalid ? ru.message : ru);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a serial and its ДД.ММ.ГГГГ text are the same day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 61, max: 73_050 }), (serial) => {
        const iso = parseDate(serial) as string;
        const [y, m, d] = iso.split('-');
        expect(parseDate(`${d}.${m}.${y}`)).toBe(iso);
      }),
    );
  });
});

describe('parseRegion', () => {
  it.each([
    ['7', 7],
    ['07', 7],
    [77, 77],
    [' 95 ', 95],
    [1, 1],
  ])('%j → %j', (cell, code) => {
    expect(parseRegion(cell)).toBe(code);
  });

  it.each([
    [0, 'Неизвестный код региона 0'],
    ['96', 'Неизвестный код региона 96'],
    [177, 'Неизвестный код региона 177'],
    ['Москва', 'Неизвестный код региона Москва'],
    [7.5, 'Неизвестный код региона 7.5'],
  ])('%j is refused', (cell, text) => {
    expect(message(parseRegion(cell))).toBe(text);
  });
});

describe('small parsers', () => {
  it('days are whole and not negative', () => {
    expect(parseDays(120)).toBe(120);
    expect(parseDays('1 200')).toBe(1200);
    expect(message(parseDays(-1))).toBe('Число дней не может быть отрицательным');
    expect(message(parseDays(1.5))).toBe('Должно быть целым числом');
    expect(message(parseDays('много'))).toBe('Должно быть целым числом');
  });

  it('sex accepts М/Ж, муж/жен, male/female', () => {
    for (const v of ['М', 'м', 'муж', 'Мужской', 'male']) expect(parseSex(v)).toBe('male');
    for (const v of ['Ж', 'жен.', 'female', 'F']) expect(parseSex(v)).toBe('female');
    expect(parseSex('')).toBeNull();
    expect(message(parseSex('X'))).toBe('Пол указывается как М или Ж');
  });

  it('flags accept да/нет, 1/0, true/false, +/-, empty', () => {
    for (const v of ['да', 'Да', 1, '1', true, 'TRUE', '+']) expect(parseFlag(v)).toBe(true);
    for (const v of ['нет', 0, '0', false, 'false', '-', '', null]) expect(parseFlag(v)).toBe(false);
    expect(message(parseFlag('может быть'))).toBe('Допустимые значения: да или нет (1/0, +/-)');
    expect(message(parseFlag(2))).toBe('Допустимые значения: да или нет (1/0, +/-)');
  });

  it('issuance form, lot number, text', () => {
    expect(parseIssuenceForm('Электронная')).toBe('e_form');
    expect(parseIssuenceForm('онлайн')).toBe('e_form');
    expect(parseIssuenceForm('Бумажная')).toBe('paper_form');
    expect(message(parseIssuenceForm('по телефону'))).toBe('Форма выдачи: электронная или бумажная');
    expect(parseLotNumber(3)).toBe(3);
    expect(message(parseLotNumber(0))).toBe('Номер лота должен быть целым числом больше 0');
    expect(parseText('  Ипотека ')).toBe('Ипотека');
    expect(parseText(12345)).toBe('12345');
  });

  it('column letters follow Excel', () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16383].map(columnLetter)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });
});
