/**
 * The state of a bank-identity sign-in between the redirect to the provider and its callback: state, nonce
 * and PKCE verifier in a short-lived HMAC-signed cookie, readable only by our callback path.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const BANK_ID_COOKIE = 'etp_bank_id';
export const BANK_ID_PATH = '/users/auth/bank_id';
const TTL_SECONDS = 600;

export interface PendingBankIdSignIn {
  state: string;
  nonce: string;
  verifier: string;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function sealPending(key: Buffer, pending: PendingBankIdSignIn, now: Date): string {
  const payload = Buffer.from(
    JSON.stringify({ ...pending, exp: Math.floor(now.getTime() / 1000) + TTL_SECONDS }),
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The pending sign-in, or null when the cookie is missing, forged or older than 10 minutes. */
export function openPending(key: Buffer, value: string | undefined, now: Date): PendingBankIdSignIn | null {
  const [payload, signature] = (value ?? '').split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof data.exp !== 'number' || data.exp * 1000 <= now.getTime()) return null;
    if (![data.state, data.nonce, data.verifier].every((v) => typeof v === 'string')) return null;
    return { state: data.state, nonce: data.nonce, verifier: data.verifier };
  } catch {
    return null;
  }
}

export function setCookieHeader(value: string, secure: boolean): string {
  const maxAge = value ? TTL_SECONDS : 0;
  return `${BANK_ID_COOKIE}=${value}; Path=${BANK_ID_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * The authenticity token of the federated sign-in's form post (spec 3 §7.1; decision 0066): a random nonce in an
 * HttpOnly, SameSite=Strict cookie, and the form field carries its HMAC. Another site can neither read the token
 * (the call that gives it is same-origin JSON) nor make the browser send the cookie with its own post.
 */
const AUTHENTICITY_COOKIE = 'etp_authenticity';
export const AUTH_PATH = '/users/auth';
const AUTHENTICITY_TTL_SECONDS = 3600;

const authenticityOf = (key: Buffer, nonce: string) => sign(key, `authenticity:${nonce}`);

export function issueAuthenticity(key: Buffer, secure: boolean): { token: string; cookie: string } {
  const nonce = randomBytes(24).toString('base64url');
  return {
    token: authenticityOf(key, nonce),
    cookie: `${AUTHENTICITY_COOKIE}=${nonce}; Path=${AUTH_PATH}; Max-Age=${AUTHENTICITY_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  };
}

/** True when the form's token is the HMAC of the nonce in this browser's cookie. */
export function authenticityHolds(key: Buffer, cookieHeader: string | undefined, token: unknown): boolean {
  const nonce = readCookie(cookieHeader, AUTHENTICITY_COOKIE);
  if (!nonce || typeof token !== 'string') return false;
  const expected = Buffer.from(authenticityOf(key, nonce));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
