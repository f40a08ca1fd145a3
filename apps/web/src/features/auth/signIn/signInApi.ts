/** The calls of the sign-in screen (spec 3 §7.1), each a plain function over the contract's operations. */

import { normalizePhone } from '@etp/domain';
import { call, pathOf } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import type { AccountRef, Credentials, FillData } from './signInMachine.ts';

/** '+7 916 123-45-67' → '79161234567', the form the server stores; anything else goes as typed. */
export const phoneForServer = (phone: string) => normalizePhone(phone) ?? phone;

export const signInApi = {
  authMethods: (signal?: AbortSignal) => call(OPERATIONS.getAuthMethods, { signal }),
  authenticityToken: (signal?: AbortSignal) => call(OPERATIONS.getAuthenticityToken, { signal }),
  authorizeByEmail: (credentials: Credentials) => call(OPERATIONS.authorizeByEmail, { body: credentials }),
  requestSignInCode: (credentials: Credentials) => call(OPERATIONS.sendSignInCode, { body: credentials }),
  authorizeWithCode: (credentials: Credentials, code: string) =>
    call(OPERATIONS.authorize, { body: { ...credentials, code } }),
  notMyNumber: (credentials: Credentials) => call(OPERATIONS.reportNotMyNumber, { body: credentials }),
  infoByPhone: (phone: string) => call(OPERATIONS.getInfoByPhone, { body: { phone: phoneForServer(phone) } }),
  requestDataCode: (account: AccountRef, data: FillData) =>
    call(OPERATIONS.sendDataNotFilledCode, { body: lookupBody(account, data) }),
  authorizeDataNotFilled: (account: AccountRef, data: FillData, code: string) =>
    call(OPERATIONS.authorizeDataNotFilled, {
      body: { ...data, ...lookupBody(account, data), code },
    }),
  requestPhoneCode: (credentials: Credentials, phone: string) =>
    call(OPERATIONS.sendPhoneNotFilledCode, { body: { ...credentials, phone: phoneForServer(phone) } }),
  authorizePhoneNotFilled: (credentials: Credentials, phone: string, code: string) =>
    call(OPERATIONS.authorizePhoneNotFilled, {
      body: { ...credentials, phone: phoneForServer(phone), code },
    }),
  sendResetInstructions: (email: string) => call(OPERATIONS.sendResetInstructions, { body: { email } }),
  bankIdToken: (token: string) => call(OPERATIONS.redeemBankIdToken, { body: { token } }),
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
    await window.fetch(pathOf(OPERATIONS.signOut), { headers: { Authorization: `Bearer ${accessToken}` } });
  } catch {
    // The session simply expires.
  }
}
