/** Registration, password reset and e-mail confirmation calls (spec 3 §7.1). */
import { z } from 'zod';
import {
  agreementField,
  emailField,
  passwordField,
  phoneField,
  resetPasswordField,
  smsCodeField,
} from './accountFields.ts';
import { adminCompanyItemSchema, type adminCompanySchema, employeeSchema, invitedSchema } from './company.ts';
import type { CALL_REQUEST_MODES } from './public.ts';

/** POST /api/v2/registrations/sms. */
export const registrationSmsBody = z.object({ phone: phoneField });

/** POST /api/v2/registrations/check_sms. */
export const checkSmsBody = z.object({ phone: phoneField, code: smsCodeField });

/** POST /api/v2/registrations: answers the AuthResult (tokens, profile, filled flags). */
export const registrationBody = z.object({
  phone: phoneField,
  code: smsCodeField,
  email: emailField,
  password: passwordField,
  pers_data_agreement: agreementField,
  policy_agreement: agreementField,
  /** An invitation to a company; see docs/decisions/0023-registration.md. */
  company_token: z.string().max(200).optional().nullable(),
});
export type RegistrationBody = z.input<typeof registrationBody>;

/** POST /api/v2/password/send_reset_instructions. */
export const sendResetInstructionsBody = z.object({ email: emailField });

/** PUT /api/v2/password: the token from the e-mailed link and a new password of at least 6 characters. */
export const updatePasswordBody = z.object({
  reset_password_token: z.string().trim().min(1).max(200),
  password: resetPasswordField,
});

/** POST /api/v2/confirmations/send_instructions. */
export const sendConfirmationBody = z.object({ email: emailField });

/** GET /api/v2/confirmations?confirmation_token=: the e-mailed link; answers with a redirect. */
export const confirmationQuery = z.object({ confirmation_token: z.string().max(200).default('') });

// --- Replies that have no schema of their own elsewhere (spec 3 §7.2): the web app reads them by these types ---

/** GET /api/v1/company/users. */
export const employeesListSchema = z.object({ collection: z.array(employeeSchema), count: z.number().int() });

/** GET /api/v1/company/users/invited. */
export const invitedListSchema = z.object({ collection: z.array(invitedSchema), count: z.number().int() });

/**
 * POST /api/v1/company/users/invite_users: the addresses invited. The envelope's `errors` names the skipped
 * ones by their index ('emails.1': ['Уже сотрудник компании']), even when the call succeeded for the others.
 */
export const inviteUsersResultSchema = z.object({ invited: z.array(z.string()) });

export type AdminCompany = z.infer<typeof adminCompanySchema>;

/** GET /api/v1/admin/companies: one page of the accreditation queue. */
export const adminCompaniesPageSchema = z.object({
  collection: z.array(adminCompanyItemSchema),
  count: z.number().int(),
  total_pages: z.number().int(),
});

/** The call-request modes of the landing page (spec 3 §2.7), as the `mode` field of POST /api/v1/feedback/phone. */
export type CallRequestMode = (typeof CALL_REQUEST_MODES)[number];
