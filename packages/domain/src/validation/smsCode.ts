/** The SMS code (spec 3 §5, §9): exactly four digits. */
import { SMS_CODE_LENGTH } from '../constants.ts';
import { VALIDATION_MESSAGES as M } from './messages.ts';

const CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

export function validateSmsCode(value: string | null | undefined): string | null {
  const code = (value ?? '').trim();
  if (code === '') return M.smsCodeRequired;
  return CODE_RE.test(code) ? null : M.smsCodeFormat;
}
