/**
 * Russian mobile numbers (spec 3 §5): +7 and ten digits. People type them in many ways ('+7 916 123-45-67',
 * '8 (916) 123 45 67'); the platform stores one form, eleven digits starting with 7: '79161234567'.
 */
import { PHONE_DIGITS } from '../constants.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

/** The second digit (the first of the area code) may only be one of these. */
const AREA_CODE_FIRST_DIGITS = new Set(['3', '4', '8', '9']);

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * The error text for a typed phone, or null when it is a valid number. A field that holds only the '+7 '
 * the mask pre-fills counts as empty.
 */
export function validatePhone(value: string | null | undefined): string | null {
  const raw = (value ?? '').trim();
  const digits = digitsOf(raw);
  if (digits === '' || (digits === '7' && raw.startsWith('+'))) return VALIDATION_MESSAGES.phoneRequired;
  if (digits[0] !== '7' && digits[0] !== '8') return VALIDATION_MESSAGES.phoneIncomplete;
  if (digits.length >= 2 && !AREA_CODE_FIRST_DIGITS.has(digits[1]!)) return VALIDATION_MESSAGES.phoneAreaCode;
  if (digits.length !== PHONE_DIGITS) return VALIDATION_MESSAGES.phoneIncomplete;
  return null;
}

/** '+7 916 123-45-67' or '89161234567' → '79161234567'; null when the number is not valid. */
export function normalizePhone(value: string | null | undefined): string | null {
  if (validatePhone(value) !== null) return null;
  return `7${digitsOf(value ?? '').slice(1)}`;
}

/** '79161234567' → '+7 916 123-45-67' (the input mask's form). */
export function formatPhone(phone: string): string {
  const d = digitsOf(phone);
  if (d.length !== PHONE_DIGITS) return phone;
  return `+7 ${d.slice(1, 4)} ${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9, 11)}`;
}

/** '79161234567' → '+7 916 ***-**-67': enough to recognise one's own number, not to learn someone else's. */
export function maskPhone(phone: string): string {
  const d = digitsOf(phone);
  if (d.length !== PHONE_DIGITS) return '***';
  return `+7 ${d.slice(1, 4)} ***-**-${d.slice(9, 11)}`;
}
