/**
 * E-mail rules (spec 3 §5). The basic rule answers 'Введите Email' or 'Введите корректный Email'; the
 * detailed one names what is wrong: Russian letters, other symbols, no @, no dot after it, fewer than two
 * characters between the @ and the dot, or after the last dot.
 */
import { VALIDATION_MESSAGES as M } from './messages.ts';

/**
 * Latin letters, digits and . _ % + - around one @; at least two characters between the @ and the first dot
 * and after the last dot, as the detailed rule of the spec says.
 */
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]{2,}(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const ALLOWED_CHARS_RE = /^[A-Za-z0-9._%+@-]*$/;
const CYRILLIC_RE = /[а-яё]/i;

export const EMAIL_MAX_LENGTH = 254;

export interface EmailRuleOptions {
  /** 'Введите ваш Email' instead of 'Введите Email' for an empty field. */
  rich?: boolean;
  /** Name the reason instead of the general 'Введите корректный Email'. */
  detailed?: boolean;
}

export function validateEmail(
  value: string | null | undefined,
  options: EmailRuleOptions = {},
): string | null {
  const email = (value ?? '').trim();
  if (email === '') return options.rich ? M.emailRequiredRich : M.emailRequired;
  if (EMAIL_RE.test(email) && email.length <= EMAIL_MAX_LENGTH) return null;
  if (!options.detailed) return M.emailInvalid;
  return detailedReason(email) ?? M.emailInvalid;
}

function detailedReason(email: string): string | null {
  if (CYRILLIC_RE.test(email)) return M.emailCyrillic;
  if (!ALLOWED_CHARS_RE.test(email)) return M.emailSymbols;
  const at = email.indexOf('@');
  if (at < 0) return M.emailNoAt;
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.');
  if (dot < 0) return M.emailNoDot;
  if (dot < 2) return M.emailShortAfterAt;
  if (domain.length - domain.lastIndexOf('.') - 1 < 2) return M.emailShortAfterDot;
  return null;
}

/** The form the platform stores and compares: trimmed and lower-case. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
