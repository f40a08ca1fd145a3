/**
 * The agreement's price in Russian words, as contracts write it: "Один миллион двести тысяч рублей 00 копеек".
 * Rubles in words (тысяча is feminine: одна, две тысячи; рубль, миллион and up are masculine), kopecks in two
 * figures, each noun in the form its number takes (plural.ts). Any whole kopeck amount from 0 to
 * Number.MAX_SAFE_INTEGER (about 90 trillion rubles).
 */
import { formatRublesExact, type Kopecks } from '../money.ts';
import { type PluralForms, plural } from '../plural.ts';

const RUBLES: PluralForms = ['рубль', 'рубля', 'рублей'];
const KOPECKS: PluralForms = ['копейка', 'копейки', 'копеек'];

type Gender = 'masculine' | 'feminine';

const UNITS_MASCULINE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const UNITS_FEMININE = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

/** Groups of three digits above the units, lowest first. */
const SCALES: readonly { forms: PluralForms; gender: Gender }[] = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], gender: 'feminine' },
  { forms: ['миллион', 'миллиона', 'миллионов'], gender: 'masculine' },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], gender: 'masculine' },
  { forms: ['триллион', 'триллиона', 'триллионов'], gender: 'masculine' },
];

/** 1..999 in words, the units in the given gender. */
function tripletInWords(n: number, gender: Gender): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(HUNDREDS[hundreds] as string);
  if (rest >= 10 && rest < 20) {
    words.push(TEENS[rest - 10] as string);
    return words;
  }
  const tens = Math.floor(rest / 10);
  const units = rest % 10;
  if (tens > 0) words.push(TENS[tens] as string);
  if (units > 0) words.push((gender === 'feminine' ? UNITS_FEMININE : UNITS_MASCULINE)[units] as string);
  return words;
}

/** A whole number of rubles in words, lower case, without the noun: 1 200 000 → 'один миллион двести тысяч'. */
export function wholeNumberInWords(n: number, gender: Gender = 'masculine'): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`wholeNumberInWords: ${n}`);
  if (n === 0) return 'ноль';
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const group = groups[i] as number;
    if (group === 0) continue;
    if (i === 0) {
      words.push(...tripletInWords(group, gender));
      continue;
    }
    const scale = SCALES[i - 1];
    if (!scale) throw new RangeError(`wholeNumberInWords: ${n} is too large`);
    words.push(...tripletInWords(group, scale.gender), plural(group, scale.forms));
  }
  return words.join(' ');
}

/**
 * The amount in words with a capital first letter: 120000000 → 'Один миллион двести тысяч рублей 00 копеек',
 * 101 → 'Один рубль 01 копейка'. Throws RangeError for a negative, fractional or unsafe amount.
 */
export function rublesInWords(kopecks: Kopecks): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`rublesInWords: ${kopecks}`);
  const rubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const words = `${wholeNumberInWords(rubles)} ${plural(rubles, RUBLES)} ${String(cents).padStart(2, '0')} ${plural(cents, KOPECKS)}`;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The price as the agreement states it, figures then words: '1 200 000 ₽ (Один миллион двести тысяч рублей 00 копеек)'. */
export function priceInFiguresAndWords(kopecks: Kopecks): string {
  return `${formatRublesExact(kopecks)} (${rublesInWords(kopecks)})`;
}
