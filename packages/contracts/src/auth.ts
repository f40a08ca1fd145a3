/** Authentication calls (spec 3 §7.1): sign-in by e-mail and by SMS code, token refresh, the current user. */
import { COMPANY_KINDS, USER_ROLES } from '@etp/domain';
import { z } from 'zod';
import { phoneField, smsCodeField } from './accountFields.ts';

/** How the user signs in with e-mail and password: at once, or with a code by SMS too (decisions/0125). */
export const AUTH_STRATEGIES = ['sms', 'email'] as const;
export type AuthStrategy = (typeof AUTH_STRATEGIES)[number];

export const authorizeByEmailBody = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
});

export const refreshBody = z.object({ refresh_token: z.string().min(1) });

const jwtSchema = z.object({
  token: z.string(),
  /** ISO 8601 UTC, as are all times of these replies. */
  expires_at: z.string(),
  refresh_token: z.string(),
  refresh_token_expires_at: z.string(),
});
export type Jwt = z.infer<typeof jwtSchema>;

/** POST /api/v2/auth/refresh: the new pair of tokens; the given refresh token is spent. */
export const refreshResultSchema = z.object({ jwt: jwtSchema });
export type RefreshResult = z.infer<typeof refreshResultSchema>;

export const filledFlagsSchema = z.object({
  has_email: z.boolean(),
  has_first_name: z.boolean(),
  has_last_name: z.boolean(),
  has_password: z.boolean(),
  has_phone: z.boolean(),
  has_unconfirmed_email: z.boolean(),
});

const allowedCompanySchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  owner: z.boolean(),
  current: z.boolean(),
});

export const userSchema = z.object({
  id: z.number().int(),
  avatar_url: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  confirmed_phone: z.boolean(),
  email: z.string().nullable(),
  unconfirmed_email: z.string().nullable(),
  confirmed_email: z.boolean(),
  auth_strategy: z.enum(AUTH_STRATEGIES),
  company_id: z.number().int().nullable(),
  company_good_standing: z.boolean(),
  /** The current company carries the seller flag (extension, decision 0068). */
  company_seller: z.boolean(),
  company_name: z.string().nullable(),
  company_kind: z.enum(COMPANY_KINDS).nullable(),
  /** ISO 8601 UTC. */
  created_at: z.string(),
  role: z.enum(USER_ROLES),
  has_password: z.boolean(),
  invited_at: z.string().nullable(),
  owner: z.boolean(),
  allowed_companies: z.array(allowedCompanySchema),
});
export type User = z.infer<typeof userSchema>;

export const authResultSchema = z.object({
  jwt: jwtSchema,
  profile: userSchema,
  filled: filledFlagsSchema,
});
export type AuthResult = z.infer<typeof authResultSchema>;

/** GET /auth_methods: which sign-in methods the screen offers; bank_id only when OpenID Connect is configured. */
export const authMethodsSchema = z.object({
  flash_call: z.boolean(),
  sms: z.boolean(),
  email: z.boolean(),
  bank_id: z.boolean(),
});

/** A code went out: to which number (masked) and when the next one may be asked for. */
export const codeSentSchema = z.object({ phone: z.string(), resend_in: z.number().int() });

/**
 * POST /api/v2/auth/sms answer. `sent` is false when the account lacks a phone (the phone stage follows) or a
 * first or last name (fillName); `filled` tells which.
 */
export const signInSmsResultSchema = z.object({
  sent: z.boolean(),
  phone: z.string().nullable(),
  resend_in: z.number().int().nullable(),
  filled: filledFlagsSchema,
});
export type SignInSmsResult = z.infer<typeof signInSmsResultSchema>;
export type FilledFlags = z.infer<typeof filledFlagsSchema>;

const optionalText = z.string().max(254).optional().nullable();

/**
 * POST /api/v2/auth/sms: the e-mail stage; the same checks and codes as authorize_by_email.
 * @alias of authorizeByEmailBody under the operation's name.
 */
export const signInSmsBody = authorizeByEmailBody;

/** POST /api/v2/auth/authorize: the sms stage. The account is found by e-mail, else by phone. */
export const authorizeBody = z.object({
  email: optionalText,
  phone: phoneField.optional().nullable(),
  code: smsCodeField,
  password: z.string().min(1).max(256),
});

/** POST /api/v2/auth/info_by_phone. */
export const phoneBody = z.object({ phone: phoneField });

/** POST /api/v2/auth/sms_data_not_filled: the account by phone (noEmail) or by e-mail and password (fillName). */
export const smsDataNotFilledBody = z.object({
  phone: phoneField.optional().nullable(),
  email: optionalText,
  password: optionalText,
});

/**
 * POST /api/v2/auth/authorize_data_not_filled: the code plus the items the account lacks. An item the account
 * already has is left as it is, except the password: when the account has one it must be given and match.
 */
export const authorizeDataNotFilledBody = smsDataNotFilledBody.extend({
  code: smsCodeField,
  first_name: optionalText,
  last_name: optionalText,
});

/** POST /api/v2/auth/sms_phone_not_filled: an account without a phone adds one. */
export const smsPhoneNotFilledBody = z.object({
  email: z.string().trim(),
  password: z.string().max(256),
  phone: phoneField,
});

/** POST /api/v2/auth/authorize_phone_not_filled. */
export const authorizePhoneNotFilledBody = smsPhoneNotFilledBody.extend({ code: smsCodeField });

/** POST /api/v2/auth/not_my_number: the spec sends nothing; our web adds the e-mail stage's credentials. */
export const notMyNumberBody = z
  .object({ email: optionalText, password: optionalText })
  .nullish()
  .transform((v) => v ?? {});

/** POST /api/v2/auth/bank_id/token: trades the hand-over code of a bank-identity sign-in for the tokens. */
export const bankIdTokenBody = z.object({ token: z.string().min(1).max(200) });
