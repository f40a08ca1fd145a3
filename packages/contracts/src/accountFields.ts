/**
 * Request fields that carry a form rule of spec 3 §5: each runs the domain's validator, so a bad value is
 * answered 422 with the field's Russian text, the same text the web shows before sending.
 */
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  normalizeEmail,
  normalizePhone,
  PASSWORD_MAX_LENGTH,
  PASSWORD_RESET_MIN_LENGTH,
  VALIDATION_MESSAGES,
  validateEmail,
  validateName,
  validatePassword,
  validatePhone,
  validateSmsCode,
} from '@etp/domain';
import { z } from 'zod';

type Rule = (value: string) => string | null;

/** A string checked by a domain rule; a missing field gets the rule's "empty" text, not zod's. */
function ruled(rule: Rule, maxLength: number) {
  return z
    .string({ error: (issue) => (issue.input == null ? (rule('') ?? undefined) : undefined) })
    .max(maxLength * 2)
    .superRefine((value, ctx) => {
      const message = rule(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/** A phone in any typed form; the parsed value is the stored form '79161234567'. */
export const phoneField = ruled(validatePhone, 32).transform((value) => normalizePhone(value) ?? value);
/** A valid address, trimmed and lower-cased. */
export const emailField = ruled((v) => validateEmail(v, { detailed: true }), EMAIL_MAX_LENGTH).transform(
  normalizeEmail,
);
export const nameField = ruled(validateName, NAME_MAX_LENGTH).transform((value) => value.trim());
export const smsCodeField = ruled(validateSmsCode, 4).transform((value) => value.trim());
/** At least 8 characters (sign-in, registration). */
export const passwordField = ruled((v) => validatePassword(v), PASSWORD_MAX_LENGTH);
/** At least 6 characters (the password-change screen). */
export const resetPasswordField = ruled(
  (v) => validatePassword(v, PASSWORD_RESET_MIN_LENGTH),
  PASSWORD_MAX_LENGTH,
);
/** A ticked agreement box: anything but `true` is refused with the field's text. */
export const agreementField = z.literal(true, { error: VALIDATION_MESSAGES.agreementRequired });
