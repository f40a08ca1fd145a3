/** Authentication calls: sign-in by e-mail, token refresh, the current user. */
import { z } from 'zod';

export const authorizeByEmailBody = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
});
export type AuthorizeByEmailBody = z.infer<typeof authorizeByEmailBody>;

export const refreshBody = z.object({ refresh_token: z.string().min(1) });
export type RefreshBody = z.infer<typeof refreshBody>;

export const jwtSchema = z.object({
  token: z.string(),
  expires_at: z.string(),
  refresh_token: z.string(),
  refresh_token_expires_at: z.string(),
});
export type Jwt = z.infer<typeof jwtSchema>;

export const filledFlagsSchema = z.object({
  has_email: z.boolean(),
  has_first_name: z.boolean(),
  has_last_name: z.boolean(),
  has_password: z.boolean(),
  has_phone: z.boolean(),
  has_unconfirmed_email: z.boolean(),
});

export const allowedCompanySchema = z.object({
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
  auth_strategy: z.string(),
  company_id: z.number().int().nullable(),
  company_good_standing: z.boolean(),
  company_name: z.string().nullable(),
  company_kind: z.enum(['legal', 'bank', 'mfo', 'self', 'physical']).nullable(),
  created_at: z.string(),
  role: z.enum(['user', 'admin']),
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
