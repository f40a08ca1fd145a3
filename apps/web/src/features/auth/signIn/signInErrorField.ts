import { ApiError } from '../../../api/ApiError.ts';

/** Codes whose message belongs to the e-mail field (spec 3 §4.1); every other error goes to the password field. */
const EMAIL_CODES = new Set(['user_not_found', 'email_required']);

/** Which field of the sign-in form shows a failed sign-in's message. */
export function signInErrorField(error: unknown): 'email' | 'password' {
  return error instanceof ApiError && EMAIL_CODES.has(error.code) ? 'email' : 'password';
}
