/**
 * The deal's deadlines in working days (decisions/0258): the seller sets them in step 3 of the wizard, within
 * DEAL_WORKING_DAYS_MIN..DEAL_WORKING_DAYS_MAX (dealLimits.ts); a procedure that sets none uses the defaults.
 */
import { DEAL_WORKING_DAYS_MAX, DEAL_WORKING_DAYS_MIN } from './dealLimits.ts';
import { DEAL_MESSAGES } from './dealMessages.ts';

/** The winner signs within a week: enough for both companies' legal review and their signatories' approval. */
const DEAL_SIGN_WORKING_DAYS = 5;
/** Then pays within two weeks: a bank's or a collection agency's payment approval cycle, counted from both signatures. */
const DEAL_PAY_WORKING_DAYS = 10;
/** The second-best bidder only says yes or no: three days keep the seller from waiting long. */
const DEAL_SECOND_OFFER_WORKING_DAYS = 3;

/** The deadlines one procedure's deals run on. */
export interface DealDeadlineSettings {
  sign_working_days: number;
  pay_working_days: number;
  second_offer_working_days: number;
}

export const DEFAULT_DEAL_DEADLINES: DealDeadlineSettings = {
  sign_working_days: DEAL_SIGN_WORKING_DAYS,
  pay_working_days: DEAL_PAY_WORKING_DAYS,
  second_offer_working_days: DEAL_SECOND_OFFER_WORKING_DAYS,
};

/** The wizard's message for one field, or null when the value is a whole number in range. */
export function validateDealWorkingDays(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return DEAL_MESSAGES.workingDaysRequired;
  if (typeof value !== 'number' || !Number.isInteger(value)) return DEAL_MESSAGES.workingDaysWhole;
  if (value < DEAL_WORKING_DAYS_MIN || value > DEAL_WORKING_DAYS_MAX) return DEAL_MESSAGES.workingDaysRange;
  return null;
}

/** Every field's message, keyed by field, empty when all three are valid (the API's `errors`). */
export function validateDealDeadlineSettings(
  settings: Partial<Record<keyof DealDeadlineSettings, unknown>>,
): Partial<Record<keyof DealDeadlineSettings, string>> {
  const errors: Partial<Record<keyof DealDeadlineSettings, string>> = {};
  for (const field of ['sign_working_days', 'pay_working_days', 'second_offer_working_days'] as const) {
    const message = validateDealWorkingDays(settings[field]);
    if (message !== null) errors[field] = message;
  }
  return errors;
}
