import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceInFiguresAndWords, rublesInWords, wholeNumberInWords } from './priceInWords.ts';

/** Reads the words back into kopecks: an independent check of what rublesInWords wrote. */
const VALUES: Record<string, number> = {};
[
  ['ноль', 0],
  ['один', 1],
  ['одна', 1],
  ['два', 2],
  ['две', 2],
  ['три', 3],
  ['четыре', 4],
  ['пять', 5],
  ['шесть', 6],
  ['семь', 7],
  ['восемь', 8],
  ['девять', 9],
  ['десять', 10],
  ['одиннадцать', 11],
  ['двенадцать', 12],
  ['тринадцать', 13],
  ['четырнадцать', 14],
  ['пятнадцать', 15],
  ['шестнадцать', 16],
  ['семнадцать', 17],
  ['восемнадцать', 18],
  ['девятнадцать', 19],
  ['двадцать', 20],
  ['тридцать', 30],
  ['сорок', 40],
  ['пятьдесят', 50],
  ['шестьдесят', 60],
  ['семьдесят', 70],
  ['восемьдесят', 80],
  ['девяносто', 90],
  ['сто', 100],
  ['двести', 200],
  ['триста', 300],
  ['четыреста', 400],
  ['пятьсот', 500],
  ['шестьсот', 600],
  ['семьсот', 700],
  ['восемьсот', 800],
  ['девятьсот', 900],
].forEach(([word, value]) => {
  VALUES[word as string] = value as number;
});
const SCALE_OF = (word: string): number | undefined =>
  word.startsWith('тысяч')
    ? 1e3
    : word.startsWith('миллион')
      ? 1e6
      : word.startsWith('миллиард')
        ? 1e9
        : word.startsWith('триллион')
          ? 1e12
          : undefined;

function readBack(text: string): number {
  const match = text.match(/^(.+) (рубль|рубля|рублей) (\d\d) (копейка|копейки|копеек)$/);
  if (!match) throw new Error(`unreadable: ${text}`);
  let total = 0;
  let group = 0;
  for (const word of (match[1] as string).toLowerCase().split(' ')) {
    const scale = SCALE_OF(word);
    if (scale !== undefined) {
      total += group * scale;
      group = 0;
    } else if (word in VALUES) group += VALUES[word] as number;
    else throw new Error(`unknown word ${word} in ${text}`);
  }
  return (total + group) * 100 + Number(match[3]);
}

describe('rublesInWords', () => {
  it.each([
    [0, 'Ноль рублей 00 копеек'],
    [1, 'Ноль рублей 01 копейка'],
    [2, 'Ноль рублей 02 копейки'],
    [11, 'Ноль рублей 11 копеек'],
    [21, 'Ноль рублей 21 копейка'],
    [100, 'Один рубль 00 копеек'],
    [200, 'Два рубля 00 копеек'],
    [500, 'Пять рублей 00 копеек'],
    [1_100, 'Одиннадцать рублей 00 копеек'],
    [2_100, 'Двадцать один рубль 00 копеек'],
    [2_454, 'Двадцать четыре рубля 54 копейки'],
    [100_000, 'Одна тысяча рублей 00 копеек'],
    [200_000, 'Две тысячи рублей 00 копеек'],
    [500_000, 'Пять тысяч рублей 00 копеек'],
    [1_100_000, 'Одиннадцать тысяч рублей 00 копеек'],
    [2_100_000, 'Двадцать одна тысяча рублей 00 копеек'],
    [120_000_000, 'Один миллион двести тысяч рублей 00 копеек'],
    [100_100_100, 'Один миллион одна тысяча один рубль 00 копеек'],
    [123_456_789, 'Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей 89 копеек'],
    [200_000_000_000, 'Два миллиарда рублей 00 копеек'],
    [
      99_999_999_999_999,
      'Девятьсот девяносто девять миллиардов девятьсот девяносто девять миллионов девятьсот девяносто девять тысяч ' +
        'девятьсот девяносто девять рублей 99 копеек',
    ],
    [100_000_000_000_000, 'Один триллион рублей 00 копеек'],
    [320_000_000_000_000, 'Три триллиона двести миллиардов рублей 00 копеек'],
    [300_200_000_000_000, 'Три триллиона два миллиарда рублей 00 копеек'],
  ])('%d → %s', (kopecks, words) => {
    expect(rublesInWords(kopecks)).toBe(words);
    expect(readBack(words)).toBe(kopecks);
  });

  it('refuses what is not a whole, non-negative, safe number of kopecks', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => rublesInWords(bad)).toThrow(RangeError);
  });

  it('reads back as the same amount, 0 to 10^12 kopecks and up to the largest safe integer', () => {
    const amount = fc.oneof(
      fc.integer({ min: 0, max: 1_000_000_000_000 }),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.constantFrom(0, 1, 99, 100, 101, Number.MAX_SAFE_INTEGER),
    );
    fc.assert(
      fc.property(amount, (kopecks) => {
        const words = rublesInWords(kopecks);
        expect(words.charAt(0)).toBe(words.charAt(0).toUpperCase());
        expect(readBack(words)).toBe(kopecks);
      }),
    );
  });

  it('puts the noun in the form its number takes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (rubles) => {
        const words = rublesInWords(rubles * 100);
        const last2 = rubles % 100;
        const last = rubles % 10;
        const noun =
          last2 >= 11 && last2 <= 14
            ? 'рублей'
            : last === 1
              ? 'рубль'
              : last >= 2 && last <= 4
                ? 'рубля'
                : 'рублей';
        expect(words.endsWith(` ${noun} 00 копеек`)).toBe(true);
      }),
    );
  });
});

describe('wholeNumberInWords', () => {
  it('writes units in the gender asked for', () => {
    expect(wholeNumberInWords(2, 'feminine')).toBe('две');
    expect(wholeNumberInWords(2)).toBe('два');
    expect(wholeNumberInWords(1_001_000)).toBe('один миллион одна тысяча');
  });
});

describe('priceInFiguresAndWords', () => {
  it('writes figures then words, as the agreement states the price', () => {
    expect(priceInFiguresAndWords(120_000_050).replaceAll('\u00a0', ' ')).toBe(
      '1 200 000,50 ₽ (Один миллион двести тысяч рублей 50 копеек)',
    );
    expect(priceInFiguresAndWords(120_000_000).replaceAll('\u00a0', ' ')).toBe(
      '1 200 000 ₽ (Один миллион двести тысяч рублей 00 копеек)',
    );
  });
});
