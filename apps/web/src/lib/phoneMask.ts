/**
 * The phone mask '+7 ### ###-##-##' (spec 3 §5): whatever is typed or pasted becomes the masked form. The
 * country code is fixed; a pasted full number ('89161234567', '+7 (916) 123-45-67') keeps its ten national digits.
 */
export const PHONE_PREFIX = '+7 ';
const NATIONAL_DIGITS = 10;

/** The national digits (at most ten) of what is in the field. */
function nationalDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (raw.trimStart().startsWith('+7')) return digits.slice(1, 1 + NATIONAL_DIGITS);
  if (digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  return digits.slice(0, NATIONAL_DIGITS);
}

/** '9161234567' → '+7 916 123-45-67'; separators appear only once a digit follows them. */
function formatNationalDigits(digits: string): string {
  if (digits === '') return PHONE_PREFIX;
  let text = PHONE_PREFIX + digits.slice(0, 3);
  if (digits.length > 3) text += ` ${digits.slice(3, 6)}`;
  if (digits.length > 6) text += `-${digits.slice(6, 8)}`;
  if (digits.length > 8) text += `-${digits.slice(8, 10)}`;
  return text;
}

export function maskPhoneInput(raw: string): string {
  return formatNationalDigits(nationalDigits(raw));
}

/** Where the caret goes in the masked text: right after its n-th national digit (or after the prefix). */
function caretAfterDigit(masked: string, n: number): number {
  if (n <= 0) return PHONE_PREFIX.length;
  let seen = 0;
  for (let i = PHONE_PREFIX.length; i < masked.length; i++) {
    if (/\d/.test(masked.charAt(i)) && ++seen === n) return i + 1;
  }
  return masked.length;
}

/**
 * The field's next value after an edit. Deleting only a separator (the digits stayed the same, the text got
 * shorter) deletes the digit before it instead, so Backspace never gets stuck on a '-'.
 */
export function nextPhoneValue(
  previous: string,
  raw: string,
  caret: number | null,
): { value: string; caret: number } {
  const before = nationalDigits(previous);
  let digits = nationalDigits(raw);
  const at = caret ?? raw.length;
  // Digits before the caret in what was typed; the prefix's 7 is not one of them.
  let digitsBeforeCaret = nationalDigits(raw.slice(0, at)).length;
  if (raw.startsWith('+7') && at < 2) digitsBeforeCaret = 0;
  if (digits === before && raw.length < previous.length && digitsBeforeCaret > 0) {
    digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
    digitsBeforeCaret -= 1;
  }
  const value = formatNationalDigits(digits);
  return { value, caret: caretAfterDigit(value, digitsBeforeCaret) };
}
