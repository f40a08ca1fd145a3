/**
 * Money display and input. Money is an integer number of kopecks everywhere (the API's "cents"); these helpers are
 * the only place that turns kopecks into ruble text and user input back into kopecks.
 */
import { SHORT_MONEY_THRESHOLD_KOPECKS } from './constants.ts';

/** An integer amount of kopecks (1 ruble = 100 kopecks). */
export type Kopecks = number;

const KOPECKS_PER_RUBLE = 100;
const DEFAULT_CURRENCY = '₽';

/** Intl ru-RU groups thousands with U+00A0 and writes a decimal comma. */
const NBSP = '\u00a0';
const wholeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const oneDecimalFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

export interface MoneyFormatOptions {
  /** Symbol written after the amount; '' leaves the amount bare. */
  currency?: string;
}

/** Whole rubles, rounded up (towards +∞) so a price is never shown below what it is. */
export function kopecksToWholeRubles(kopecks: Kopecks): number {
  // `|| 0` turns -0 (from e.g. ceil(-0.5)) into 0, which Intl would print as "-0".
  return Math.ceil(kopecks / KOPECKS_PER_RUBLE) || 0;
}

function withCurrency(amount: string, currency: string): string {
  return currency === '' ? amount : `${amount}${NBSP}${currency}`;
}

/**
 * Full ruble format: ru-RU grouping, rounded up to whole rubles, no decimals.
 * 123456789 kopecks → '1 234 568 ₽' (the spaces are U+00A0). Non-finite input gives '—'.
 */
export function formatRubles(
  kopecks: Kopecks,
  { currency = DEFAULT_CURRENCY }: MoneyFormatOptions = {},
): string {
  if (!Number.isFinite(kopecks)) return '—';
  return withCurrency(wholeFormat.format(kopecksToWholeRubles(kopecks)), currency);
}

/**
 * An amount to the kopeck, for a confirmation that must state exactly what will be sent: '2 500 000,50 ₽';
 * whole rubles as formatRubles writes them ('2 500 000 ₽').
 */
export function formatRublesExact(kopecks: Kopecks): string {
  if (!Number.isSafeInteger(kopecks) || kopecks % KOPECKS_PER_RUBLE === 0) return formatRubles(kopecks);
  return withCurrency(groupMoneyInput(kopecksToInputText(kopecks)), DEFAULT_CURRENCY);
}

/** Short-form units: the unit applies from `from` rubles and divides by `divisor`. */
const SHORT_UNITS = [
  { word: 'трлн', from: 1e12, divisor: 1e12 },
  { word: 'млрд', from: 1e9, divisor: 1e9 },
  { word: 'млн', from: 1e6, divisor: 1e6 },
  // Spec 1 §9: 'тыс' from 100 000 rubles; below that the number is short enough as it is.
  { word: 'тыс', from: 1e5, divisor: 1e3 },
] as const;

/**
 * Compact ruble format, used where space is short (chart axes, tiles) whatever the amount:
 * - the amount is first rounded up to whole rubles, as in {@link formatRubles};
 * - below 100 000 ₽ it is written in full ('99 999 ₽');
 * - from 100 000 ₽ it is divided into 'тыс', from 1 000 000 into 'млн', then 'млрд', 'трлн';
 * - the quotient is rounded half-up to at most one decimal, with a decimal comma, and a trailing ',0' is dropped
 *   ('1,5 млн ₽', '2 млн ₽', '150 тыс ₽');
 * - when rounding reaches 1000 of a unit the next unit is used ('999 960 ₽' → '1 млн ₽');
 * - number, unit and currency are separated by U+00A0.
 */
export function formatCompactMoney(
  kopecks: Kopecks,
  { currency = DEFAULT_CURRENCY }: MoneyFormatOptions = {},
): string {
  if (!Number.isFinite(kopecks)) return '—';
  const rubles = kopecksToWholeRubles(kopecks);
  const sign = rubles < 0 ? -1 : 1;
  const abs = Math.abs(rubles);
  for (let i = 0; i < SHORT_UNITS.length; i++) {
    const unit = SHORT_UNITS[i]!;
    if (abs < unit.from) continue;
    const tenths = Math.round((abs * 10) / unit.divisor);
    const bigger = SHORT_UNITS[i - 1];
    if (bigger && tenths * unit.divisor >= bigger.from * 10) {
      const promoted = Math.round((abs * 10) / bigger.divisor) / 10;
      return withCurrency(`${oneDecimalFormat.format(sign * promoted)}${NBSP}${bigger.word}`, currency);
    }
    return withCurrency(`${oneDecimalFormat.format((sign * tenths) / 10)}${NBSP}${unit.word}`, currency);
  }
  return withCurrency(wholeFormat.format(rubles), currency);
}

/**
 * The spec's display rule (spec 2 §5): amounts up to {@link SHORT_MONEY_THRESHOLD_KOPECKS} (999 999,99 ₽) are
 * written in full by {@link formatRubles}; larger ones in the short form of {@link formatCompactMoney}, so in
 * practice from '1 млн ₽' upwards.
 */
export function formatShortMoney(kopecks: Kopecks, options: MoneyFormatOptions = {}): string {
  return Math.abs(kopecks) > SHORT_MONEY_THRESHOLD_KOPECKS
    ? formatCompactMoney(kopecks, options)
    : formatRubles(kopecks, options);
}

/**
 * Parses a ruble amount typed by a user into kopecks: digits, at most one separator ('.' or ','), at most two
 * digits after it; spaces of any kind (grouping) are ignored. Anything else, an empty string, or an amount beyond
 * safe integers gives null. '1 234,5' → 123450; ',5' → 50; '12.' → 1200.
 */
export function rublesToKopecks(text: string): Kopecks | null {
  const match = /^(\d*)(?:[.,](\d{0,2}))?$/.exec(text.replace(/\s/g, ''));
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const kopecks = Number(whole || '0') * KOPECKS_PER_RUBLE + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kopecks) ? kopecks : null;
}

/**
 * What a money input keeps while the user types (spec 2 §5): digits and the first decimal separator (written as
 * ','), with at most two digits after it. '12a3.456,7' → '123,45'.
 */
export function sanitizeMoneyInput(text: string): string {
  let out = '';
  let decimals = -1;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') {
      if (decimals >= 2) continue;
      if (decimals >= 0) decimals++;
      out += ch;
    } else if ((ch === ',' || ch === '.') && decimals < 0) {
      decimals = 0;
      out += ',';
    }
  }
  return out;
}

/**
 * A money input's text grouped by thousands as it is typed, the way formatRubles groups (U+00A0 between groups):
 * whatever the user typed is first sanitised (sanitizeMoneyInput), then the whole part grouped.
 * '1234567,5' → '1 234 567,5'; '12a34' → '1 234'; '' → ''.
 */
export function groupMoneyInput(text: string): string {
  const clean = sanitizeMoneyInput(text);
  const comma = clean.indexOf(',');
  const whole = comma < 0 ? clean : clean.slice(0, comma);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return comma < 0 ? grouped : `${grouped}${clean.slice(comma)}`;
}

/**
 * Where the caret goes after an input's text is regrouped: after as many kept characters (digits and the decimal
 * separator) as stood before it in the typed text, so typing, deleting and pasting in the middle of
 * '1 234 567' do not throw the caret to the end.
 */
export function caretAfterGrouping(typed: string, caret: number, grouped: string): number {
  let kept = sanitizeMoneyInput(typed.slice(0, caret)).length;
  if (kept === 0) return 0;
  for (let i = 0; i < grouped.length; i++) {
    if (grouped[i] !== NBSP && --kept === 0) return i + 1;
  }
  return grouped.length;
}

/** Kopecks as an input's editable text, without grouping: 123450 → '1234,50', 120000 → '1200'. */
export function kopecksToInputText(kopecks: Kopecks): string {
  const sign = kopecks < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kopecks));
  const whole = Math.floor(abs / KOPECKS_PER_RUBLE);
  const rest = abs % KOPECKS_PER_RUBLE;
  return rest === 0 ? `${sign}${whole}` : `${sign}${whole},${String(rest).padStart(2, '0')}`;
}

const percentFormats = new Map<number, Intl.NumberFormat>();

/**
 * A percentage with exactly `fractionDigits` decimals (two by default), ru-RU digits and a '%' written straight
 * after the number, without the space Intl's percent style would put there: 12.345 → '12,35%' (half away from
 * zero on the decimal as written), 1234.5 → '1 234,50%', -0.001 → '0,00%' (never '-0,00%'). We drop the space so
 * percentages stay compact in table cells and chips.
 */
export function formatPercent(
  percent: number,
  { fractionDigits = 2 }: { fractionDigits?: number } = {},
): string {
  if (!Number.isFinite(percent)) return '—';
  let format = percentFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      signDisplay: 'negative',
    });
    percentFormats.set(fractionDigits, format);
  }
  return `${format.format(percent)}%`;
}

/** `part` as a percentage of `whole`, unrounded; 0 when `whole` is 0 or either is not finite. */
export function percentOf(part: number, whole: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole === 0) return 0;
  return (part / whole) * 100;
}

/** The amount that is `percent` of `whole` kopecks, rounded to whole kopecks (the bid dialog's percent input). */
export function kopecksFromPercent(percent: number, whole: Kopecks): Kopecks {
  return Math.round((whole * percent) / 100) || 0;
}

/**
 * Parses a typed percentage: spaces and a '%' sign are ignored, a comma is a decimal point. '12,5 %' → 12.5.
 * Returns null for anything that is not a non-negative decimal number. Range checks are the caller's.
 */
export function parsePercent(text: string): number | null {
  const cleaned = text.replace(/[\s%]/g, '').replace(',', '.');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  return Number(cleaned);
}
