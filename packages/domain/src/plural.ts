/**
 * Russian plural forms. A noun after a number takes one of three forms: one (1, 21, 101 шаг), few (2-4, 22-24
 * шага) or many (0, 5-20, 11-14, 25 шагов). Ready-made forms for the words the UI counts are below.
 */

/** [one, few, many]: ['шаг', 'шага', 'шагов']. */
export type PluralForms = readonly [one: string, few: string, many: string];

/**
 * The form that goes with `n`. The sign is ignored. Fractions take the "few" form (1,5 шага, 0,5 дня), as
 * Russian reads them as "of a step".
 */
export function plural(n: number, forms: PluralForms): string {
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return forms[1];
  const mod100 = abs % 100;
  const mod10 = abs % 10;
  if (mod100 >= 11 && mod100 <= 14) return forms[2];
  if (mod10 === 1) return forms[0];
  if (mod10 >= 2 && mod10 <= 4) return forms[1];
  return forms[2];
}

/** The number and its noun: countWithNoun(5, STEPS) → '5 шагов'. */
export function countWithNoun(n: number, forms: PluralForms): string {
  return `${n} ${plural(n, forms)}`;
}

export const STEPS: PluralForms = ['шаг', 'шага', 'шагов'];
export const DAYS: PluralForms = ['день', 'дня', 'дней'];
export const MINUTES: PluralForms = ['минута', 'минуты', 'минут'];
export const LOTS: PluralForms = ['лот', 'лота', 'лотов'];
export const PROCEDURES: PluralForms = ['процедура', 'процедуры', 'процедур'];
export const BIDS: PluralForms = ['ставка', 'ставки', 'ставок'];
export const PARTICIPANTS: PluralForms = ['участник', 'участника', 'участников'];
export const CASES: PluralForms = ['дело', 'дела', 'дел'];
