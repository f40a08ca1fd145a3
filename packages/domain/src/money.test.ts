import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHORT_MONEY_THRESHOLD_KOPECKS } from './constants.ts';
import {
  caretAfterGrouping,
  formatCompactMoney,
  formatPercent,
  formatRubles,
  formatRublesExact,
  formatShortMoney,
  groupMoneyInput,
  kopecksFromPercent,
  kopecksToInputText,
  parsePercent,
  percentOf,
  rublesToKopecks,
  sanitizeMoneyInput,
} from './money.ts';

const S = '\u00a0';
const rubles = (n: number) => n * 100;

describe('formatRublesExact', () => {
  it('states kopecks when there are any, else writes whole rubles as formatRubles does', () => {
    expect(formatRublesExact(250_000_050)).toBe('2\u00a0500\u00a0000,50\u00a0₽');
    expect(formatRublesExact(250_000_000)).toBe('2\u00a0500\u00a0000\u00a0₽');
    expect(formatRublesExact(5)).toBe('0,05\u00a0₽');
  });
});

describe('formatRubles', () => {
  it('groups with no-break spaces and rounds up to whole rubles', () => {
    expect(formatRubles(123456789)).toBe(`1${S}234${S}568${S}₽`);
    expect(formatRubles(100)).toBe(`1${S}₽`);
    expect(formatRubles(101)).toBe(`2${S}₽`);
    expect(formatRubles(0)).toBe(`0${S}₽`);
    expect(formatRubles(99_999_999)).toBe(`1${S}000${S}000${S}₽`);
  });

  it('never prints -0 and rounds negatives up too', () => {
    expect(formatRubles(-50)).toBe(`0${S}₽`);
    expect(formatRubles(-150)).toBe(`-1${S}₽`);
  });

  it('takes another currency symbol, or none', () => {
    expect(formatRubles(rubles(1500), { currency: '$' })).toBe(`1${S}500${S}$`);
    expect(formatRubles(rubles(1500), { currency: '' })).toBe(`1${S}500`);
    expect(formatRubles(Number.NaN)).toBe('—');
  });

  it('never shows decimals and never rounds down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (kopecks) => {
        const text = formatRubles(kopecks, { currency: '' });
        expect(text).toMatch(/^\d{1,3}(\u00a0\d{3})*$/);
        const shown = Number(text.replaceAll(S, '')) * 100;
        expect(shown).toBeGreaterThanOrEqual(kopecks);
        expect(shown - kopecks).toBeLessThan(100);
      }),
    );
  });
});

describe('formatCompactMoney', () => {
  it('writes small amounts in full and larger ones with тыс, млн, млрд, трлн', () => {
    expect(formatCompactMoney(rubles(99_999))).toBe(`99${S}999${S}₽`);
    expect(formatCompactMoney(rubles(100_000))).toBe(`100${S}тыс${S}₽`);
    expect(formatCompactMoney(rubles(150_449))).toBe(`150,4${S}тыс${S}₽`);
    expect(formatCompactMoney(rubles(1_500_000))).toBe(`1,5${S}млн${S}₽`);
    expect(formatCompactMoney(rubles(2_040_000))).toBe(`2${S}млн${S}₽`);
    expect(formatCompactMoney(rubles(1_250_000_000))).toBe(`1,3${S}млрд${S}₽`);
    expect(formatCompactMoney(rubles(50_000_000_000_000))).toBe(`50${S}трлн${S}₽`);
  });

  it('moves to the next unit when rounding reaches 1000', () => {
    expect(formatCompactMoney(rubles(999_940))).toBe(`999,9${S}тыс${S}₽`);
    expect(formatCompactMoney(rubles(999_960))).toBe(`1${S}млн${S}₽`);
    expect(formatCompactMoney(rubles(999_950_000))).toBe(`1${S}млрд${S}₽`);
  });

  it('rounds the kopecks up before shortening, and keeps the sign', () => {
    expect(formatCompactMoney(rubles(1_049_999))).toBe(`1${S}млн${S}₽`);
    // One more kopeck makes 1 050 000 ₽, which rounds half-up to 1,1 млн.
    expect(formatCompactMoney(rubles(1_049_999) + 1)).toBe(`1,1${S}млн${S}₽`);
    expect(formatCompactMoney(-rubles(1_500_000))).toBe(`-1,5${S}млн${S}₽`);
  });
});

describe('formatShortMoney', () => {
  it('uses the full form up to 99 999 999 kopecks and the short form above', () => {
    expect(formatShortMoney(rubles(150_000))).toBe(`150${S}000${S}₽`);
    expect(formatShortMoney(SHORT_MONEY_THRESHOLD_KOPECKS)).toBe(`1${S}000${S}000${S}₽`);
    expect(formatShortMoney(SHORT_MONEY_THRESHOLD_KOPECKS + 1)).toBe(`1${S}млн${S}₽`);
    expect(formatShortMoney(123_456_789_00)).toBe(`123,5${S}млн${S}₽`);
  });

  it('always gives at most one decimal and a unit above the threshold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: SHORT_MONEY_THRESHOLD_KOPECKS + 1, max: Number.MAX_SAFE_INTEGER }),
        (k) => {
          expect(formatShortMoney(k)).toMatch(/^[1-9]\d{0,2}(,\d)?\u00a0(млн|млрд|трлн)\u00a0₽$/);
        },
      ),
    );
  });
});

describe('rublesToKopecks', () => {
  it.each([
    ['1234', 123400],
    ['1 234,5', 123450],
    [`1${S}234.56`, 123456],
    [',5', 50],
    ['12.', 1200],
    ['007', 700],
  ])('parses %j', (text, kopecks) => {
    expect(rublesToKopecks(text)).toBe(kopecks);
  });

  it.each(['', ' ', ',', '1,2,3', '1.234', '-5', '12a', '1e5', '99999999999999999'])('rejects %j', (text) => {
    expect(rublesToKopecks(text)).toBeNull();
  });

  it('reads back what kopecksToInputText writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (kopecks) => {
        expect(rublesToKopecks(kopecksToInputText(kopecks))).toBe(kopecks);
      }),
    );
  });
});

describe('money input helpers', () => {
  it('keeps digits and the first separator with two decimals', () => {
    expect(sanitizeMoneyInput('12a3.456,7')).toBe('123,45');
    expect(sanitizeMoneyInput('1 000 ₽')).toBe('1000');
    expect(sanitizeMoneyInput('-5')).toBe('5');
  });

  it('writes kopecks for editing', () => {
    expect(kopecksToInputText(123450)).toBe('1234,50');
    expect(kopecksToInputText(120000)).toBe('1200');
    expect(kopecksToInputText(5)).toBe('0,05');
  });

  it('sanitised input is always parseable or empty', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const clean = sanitizeMoneyInput(text);
        if (clean !== '' && clean !== ',') expect(rublesToKopecks(clean)).not.toBeNull();
      }),
    );
  });
});

describe('grouping a money input while typing', () => {
  const N = '\u00a0';
  it('groups the whole part by thousands as formatRubles does, keeping the decimals', () => {
    expect(groupMoneyInput('1234567')).toBe(`1${N}234${N}567`);
    expect(groupMoneyInput('1234567,5')).toBe(`1${N}234${N}567,5`);
    expect(groupMoneyInput(`12${N}34 5.678`)).toBe(`12${N}345,67`);
    expect(groupMoneyInput('999')).toBe('999');
    expect(groupMoneyInput('')).toBe('');
    expect(formatRubles(123456700).startsWith(groupMoneyInput('1234567'))).toBe(true);
  });

  it('parses back to the same kopecks', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const clean = sanitizeMoneyInput(typed);
        expect(rublesToKopecks(groupMoneyInput(typed))).toBe(rublesToKopecks(clean));
      }),
    );
  });

  it('keeps the caret after the same digits', () => {
    // '1234|' typed at the end of '123' → '1 234|'
    expect(caretAfterGrouping('1234', 4, `1${N}234`)).toBe(5);
    // a digit typed after the first one of '1 234': '15| 234' → '15 234', the caret still after the 5
    const typed = `15${N}234`;
    expect(caretAfterGrouping(typed, 2, groupMoneyInput(typed))).toBe(2);
    // '1 2345|67' (a digit typed in the middle) → '1 234 5|67'
    expect(caretAfterGrouping(`1${N}234567`, 6, `1${N}234${N}567`)).toBe(7);
    // deleting the group's space deletes nothing the number keeps: the caret stays before the next digit
    expect(caretAfterGrouping('1234', 1, `1${N}234`)).toBe(1);
    expect(caretAfterGrouping('', 0, '')).toBe(0);
  });
});

describe('percentages', () => {
  it('formats with two decimals, a comma and no space before %', () => {
    expect(formatPercent(12.345)).toBe('12,35%');
    expect(formatPercent(0)).toBe('0,00%');
    expect(formatPercent(-0.001)).toBe('0,00%');
    expect(formatPercent(1234.5)).toBe(`1${S}234,50%`);
    expect(formatPercent(33.333, { fractionDigits: 0 })).toBe('33%');
  });

  it('computes and inverts a share', () => {
    expect(percentOf(25, 200)).toBe(12.5);
    expect(percentOf(5, 0)).toBe(0);
    expect(kopecksFromPercent(12.35, rubles(1000))).toBe(12_350);
    expect(kopecksFromPercent(33.333, 100)).toBe(33);
  });

  it('parses typed percentages', () => {
    expect(parsePercent('12,5 %')).toBe(12.5);
    expect(parsePercent('100')).toBe(100);
    expect(parsePercent(',5')).toBe(0.5);
    expect(parsePercent('')).toBeNull();
    expect(parsePercent('1,2,3')).toBeNull();
    expect(parsePercent('-3')).toBeNull();
  });
});
