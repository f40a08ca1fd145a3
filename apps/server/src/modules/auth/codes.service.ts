/**
 * One-time codes (docs/decisions/0021-one-time-codes.md). SMS codes: 4 digits, stored as HMAC-SHA-256 with a
 * server key, valid 5 minutes, dead after 5 wrong attempts, a new one to the same phone not before 120 s after
 * one still unspent (a person who has just registered with a code may sign in at once) and at most 5 an hour; a code whose SMS was not delivered is killed at once. E-mailed tokens (password reset,
 * e-mail confirmation, bank-identity hand-over): `<row id>.<32 random bytes>`, stored hashed, single use.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { HOUR_MS, MINUTE_MS, maskPhone, SMS_CODE_LENGTH, SMS_RESEND_SECONDS } from '@etp/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { CodePurpose } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { Notifier } from '../../notify/notifier.ts';
import { AUTH_MESSAGES, SMS_TEXTS } from './auth.messages.ts';
import {
  type CodeRow,
  codesSentTo,
  consumeCode,
  extendCode,
  findCodeForUpdate,
  findLiveCodeForUpdate,
  insertCode,
  killLiveCodes,
  lockCodeTarget,
  recordFailedAttempt,
} from './codes.queries.ts';

const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
const SMS_CODE_MAX_ATTEMPTS = 5;
const SMS_CODES_PER_PHONE_PER_HOUR = 5;
/** A code that check_sms accepted stays good this long, so the registration form can be finished. */
const CHECKED_CODE_TTL_MS = 30 * MINUTE_MS;

/** deal_signing: a deal's agreement signed by SMS code (decisions/0261), bound to the deal by `bind`. */
export type SmsPurpose = 'registration' | 'sign_in' | 'phone_confirmation' | 'deal_signing';
const SMS_PURPOSES: SmsPurpose[] = ['registration', 'sign_in', 'phone_confirmation', 'deal_signing'];

/** The hashed target: the phone, and what the code is bound to (a code for one deal does not sign another). */
const boundTarget = (phone: string, bind: string | undefined) =>
  bind === undefined ? phone : `${phone}\0${bind}`;

export interface CodeDeps {
  db: Db;
  notifier: Notifier;
  now: () => Date;
  /** The key codes are hashed with (derived from JWT_SECRET by codeKey). */
  codeKey: Buffer;
  /** Seconds before a new code to the same phone (SMS_RESEND_SECONDS of the spec unless configured). */
  smsResendSeconds?: number;
}

export const codeKey = (secret: string): Buffer =>
  createHash('sha256').update(`etp-rd one-time codes\0${secret}`).digest();

const hashCode = (key: Buffer, purpose: CodePurpose, target: string, code: string) =>
  createHmac('sha256', key).update(`${purpose}\0${target}\0${code}`).digest('hex');

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

const codeError = (status: number, code: 'code_invalid' | 'code_expired', message: string) =>
  new AppError(status, code, message, { code: [message] });

/** Sends a fresh SMS code for the purpose; earlier live codes of that purpose for the phone stop working. */
export async function sendSmsCode(
  deps: CodeDeps,
  input: {
    purpose: SmsPurpose;
    phone: string;
    userId: number | null;
    bind?: string;
    /** The SMS text (the auth purposes have theirs in SMS_TEXTS). */
    text?: (code: string) => string;
  },
): Promise<{ phone: string; resend_in: number }> {
  const now = deps.now();
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const id = await deps.db.transaction(async (tx) => {
    await lockCodeTarget(tx, input.phone);
    const sent = await codesSentTo(tx, input.phone, SMS_PURPOSES, new Date(now.getTime() - HOUR_MS));
    const resendSeconds = deps.smsResendSeconds ?? SMS_RESEND_SECONDS;
    const resendAt = sent.lastAt ? sent.lastAt.getTime() + resendSeconds * 1000 : 0;
    if (resendAt > now.getTime()) {
      throw new AppError(
        429,
        'rate_limited',
        AUTH_MESSAGES.resendIn(Math.ceil((resendAt - now.getTime()) / 1000)),
      );
    }
    if (sent.recent.length >= SMS_CODES_PER_PHONE_PER_HOUR) {
      const freeAt = sent.recent[sent.recent.length - SMS_CODES_PER_PHONE_PER_HOUR]!.getTime() + HOUR_MS;
      const minutes = Math.max(1, Math.ceil((freeAt - now.getTime()) / MINUTE_MS));
      throw new AppError(429, 'rate_limited', AUTH_MESSAGES.tooManyCodesForPhone(minutes));
    }
    await killLiveCodes(tx, input.purpose, input.phone, now);
    return insertCode(tx, {
      purpose: input.purpose,
      target: input.phone,
      userId: input.userId,
      codeHash: hashCode(deps.codeKey, input.purpose, boundTarget(input.phone, input.bind), code),
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
      createdAt: now,
    });
  });
  const delivery = await deps.notifier
    .sms(input.phone, (input.text ?? SMS_TEXTS[input.purpose as keyof typeof SMS_TEXTS])(code))
    .catch(async (error) => {
      // Refused before sending (the platform's hourly ceiling): the code dies unsent.
      await deps.db.transaction((tx) => consumeCode(tx, id, deps.now()));
      throw error;
    });
  if (!delivery.delivered) {
    // No code is ever accepted without being sent.
    await deps.db.transaction((tx) => consumeCode(tx, id, deps.now()));
    throw new AppError(503, 'delivery_failed', AUTH_MESSAGES.smsFailed);
  }
  return { phone: maskPhone(input.phone), resend_in: deps.smsResendSeconds ?? SMS_RESEND_SECONDS };
}

type CheckOutcome = { ok: true; row: CodeRow } | { ok: false; error: AppError };

/**
 * Checks an SMS code. A wrong code costs an attempt (committed even though the call fails); the fifth wrong
 * attempt kills the code. `consume` spends a right code; `extend` keeps it alive for CHECKED_CODE_TTL_MS.
 * `userId`, when given, must be the user the code was issued to.
 */
export async function verifySmsCode(
  deps: CodeDeps,
  input: {
    purpose: SmsPurpose;
    phone: string;
    code: string;
    mode: 'consume' | 'extend';
    userId?: number;
    bind?: string;
  },
): Promise<CodeRow> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<CheckOutcome> => {
    const row = await findLiveCodeForUpdate(tx, input.purpose, input.phone);
    if (!row || row.expiresAt <= now) {
      return { ok: false, error: codeError(422, 'code_expired', AUTH_MESSAGES.codeExpired) };
    }
    if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) {
      return { ok: false, error: codeError(422, 'code_expired', AUTH_MESSAGES.codeAttemptsExceeded) };
    }
    const target = boundTarget(input.phone, input.bind);
    const right = sameHash(row.codeHash, hashCode(deps.codeKey, input.purpose, target, input.code));
    const ownerMatches = input.userId === undefined || row.userId === input.userId;
    if (!right || !ownerMatches) {
      const attempts = await recordFailedAttempt(tx, row.id);
      const last = attempts >= SMS_CODE_MAX_ATTEMPTS;
      return {
        ok: false,
        error: codeError(
          422,
          'code_invalid',
          last ? AUTH_MESSAGES.codeLastAttempt : AUTH_MESSAGES.codeInvalid,
        ),
      };
    }
    if (input.mode === 'consume') await consumeCode(tx, row.id, now);
    else
      await extendCode(
        tx,
        row.id,
        new Date(Math.max(row.expiresAt.getTime(), now.getTime() + CHECKED_CODE_TTL_MS)),
      );
    return { ok: true, row };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.row;
}

export type TokenPurpose = 'password_reset' | 'email_confirmation' | 'bank_id_handover';

/** Creates a single-use token; earlier live tokens of the purpose for the same user stop working. */
export async function issueToken(
  deps: Pick<CodeDeps, 'db' | 'now' | 'codeKey'>,
  input: { purpose: TokenPurpose; target: string; userId: number; ttlMs: number },
): Promise<string> {
  const now = deps.now();
  const secret = randomBytes(32).toString('base64url');
  const id = await deps.db.transaction(async (tx) => {
    await killLiveCodes(tx, input.purpose, input.target, now);
    return insertCode(tx, {
      purpose: input.purpose,
      target: input.target,
      userId: input.userId,
      codeHash: hashCode(deps.codeKey, input.purpose, String(input.userId), secret),
      expiresAt: new Date(now.getTime() + input.ttlMs),
      createdAt: now,
    });
  });
  return `${id}.${secret}`;
}

/** Spends a token inside the caller's transaction; null when it is unknown, spent, expired or forged. */
export async function consumeToken(
  tx: DbOrTx,
  deps: Pick<CodeDeps, 'now' | 'codeKey'>,
  purpose: TokenPurpose,
  token: string,
): Promise<CodeRow | null> {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const row = await findCodeForUpdate(tx, purpose, Number(match[1]));
  const now = deps.now();
  if (!row || row.consumedAt || row.expiresAt <= now || row.userId === null) return null;
  if (!sameHash(row.codeHash, hashCode(deps.codeKey, purpose, String(row.userId), match[2]!))) return null;
  await consumeCode(tx, row.id, now);
  return row;
}
