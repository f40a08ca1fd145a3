/** The calls of the sign-in screen (spec 3 §7.1), each a plain function over the app's API client. */
import type {
  AuthenticityToken,
  AuthMethods,
  AuthResult,
  CodeSent,
  FilledFlags,
  SignInSmsResult,
} from '@etp/contracts';
import { normalizePhone } from '@etp/domain';
import { apiClient } from '../../../api/apiClient.ts';
import type { AccountRef, Credentials, FillData } from './signInMachine.ts';

const post = <T>(path: string, body: unknown) =>
  apiClient.request<T>(path, { method: 'POST', body, auth: false });

/** '+7 916 123-45-67' → '79161234567', the form the server stores; anything else goes as typed. */
export const phoneForServer = (phone: string) => normalizePhone(phone) ?? phone;

export const signInApi = {
  authMethods: (signal?: AbortSignal) =>
    apiClient.request<AuthMethods>('/auth_methods', { auth: false, signal }),
  authenticityToken: (signal?: AbortSignal) =>
    apiClient.request<AuthenticityToken>('/users/auth/authenticity_token', { auth: false, signal }),
  authorizeByEmail: (credentials: Credentials) =>
    post<AuthResult>('/api/v2/auth/authorize_by_email', credentials),
  requestSignInCode: (credentials: Credentials) => post<SignInSmsResult>('/api/v2/auth/sms', credentials),
  authorizeWithCode: (credentials: Credentials, code: string) =>
    post<AuthResult>('/api/v2/auth/authorize', { ...credentials, code }),
  notMyNumber: (credentials: Credentials) => post<null>('/api/v2/auth/not_my_number', credentials),
  infoByPhone: (phone: string) =>
    post<FilledFlags>('/api/v2/auth/info_by_phone', { phone: phoneForServer(phone) }),
  requestDataCode: (account: AccountRef, data: FillData) =>
    post<CodeSent>('/api/v2/auth/sms_data_not_filled', lookupBody(account, data)),
  authorizeDataNotFilled: (account: AccountRef, data: FillData, code: string) =>
    post<AuthResult>('/api/v2/auth/authorize_data_not_filled', {
      ...data,
      ...lookupBody(account, data),
      code,
    }),
  requestPhoneCode: (credentials: Credentials, phone: string) =>
    post<CodeSent>('/api/v2/auth/sms_phone_not_filled', { ...credentials, phone: phoneForServer(phone) }),
  authorizePhoneNotFilled: (credentials: Credentials, phone: string, code: string) =>
    post<AuthResult>('/api/v2/auth/authorize_phone_not_filled', {
      ...credentials,
      phone: phoneForServer(phone),
      code,
    }),
  sendResetInstructions: (email: string) => post<null>('/api/v2/password/send_reset_instructions', { email }),
  bankIdToken: (token: string) => post<AuthResult>('/api/v2/auth/bank_id/token', { token }),
};

/**
 * The account of the fill stages: by phone (the typed password, if any, goes along to be checked or set), or by
 * the e-mail stage's e-mail and password.
 */
function lookupBody(account: AccountRef, data: FillData) {
  return account.by === 'phone'
    ? { phone: phoneForServer(account.phone), password: data.password ?? null }
    : { email: account.credentials.email, password: account.credentials.password };
}

/**
 * Ends a session the screen will not use (the account must fill something first): tokens that nobody holds
 * should not stay valid for 30 days. Best effort.
 */
export async function revokeSession(accessToken: string): Promise<void> {
  try {
    await window.fetch('/api/v1/user/sign_out', { headers: { Authorization: `Bearer ${accessToken}` } });
  } catch {
    // The session simply expires.
  }
}
