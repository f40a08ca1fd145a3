/**
 * Password rules (spec 3 §5): at least 8 characters at sign-in and registration, at least 6 on the
 * password-change (reset) screen. The upper bound keeps hashing cheap for a hostile client.
 */
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

export const PASSWORD_MAX_LENGTH = 128;

export function validatePassword(
  value: string | null | undefined,
  minLength: number = PASSWORD_MIN_LENGTH,
): string | null {
  const password = value ?? '';
  if (password === '') return M.passwordRequired;
  if (password.length < minLength) return M.passwordTooShort(minLength);
  if (password.length > PASSWORD_MAX_LENGTH) return M.passwordTooLong(PASSWORD_MAX_LENGTH);
  return null;
}

export function validatePasswordRepeat(password: string, repeat: string): string | null {
  return password === repeat ? null : M.passwordsDiffer;
}
