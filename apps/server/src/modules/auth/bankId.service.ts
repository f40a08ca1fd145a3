/**
 * Bank-identity sign-in (docs/decisions/0025-bank-id-sign-in.md): the provider's subject finds the account it
 * was linked to; an unlinked subject is linked to the account whose confirmed e-mail the provider vouches for.
 * Nobody is registered this way. The browser gets a one-minute hand-over code, traded for the tokens by a call.
 */

import type { AuthResult } from '@etp/contracts';
import { MINUTE_MS, normalizeEmail } from '@etp/domain';
import { AppError } from '../../http/errors.ts';
import { findUserByOidcSubject, uniqueViolation, updateUser } from './accounts.queries.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import { findUserByEmail } from './auth.queries.ts';
import type { BankIdentity } from './bankId/client.ts';
import { consumeToken, issueToken } from './codes.service.ts';
import type { AccountDeps } from './deps/accountDeps.ts';
import { signInResult } from './session/sessions.ts';

const HANDOVER_TTL_MS = MINUTE_MS;

/** The account of the identity, linking it on first use; null when there is none to link. */
export async function linkBankIdentity(deps: AccountDeps, identity: BankIdentity): Promise<number | null> {
  const linked = await findUserByOidcSubject(deps.db, identity.subject);
  if (linked) return linked.id;
  if (!identity.email || !identity.emailVerified) return null;
  const user = await findUserByEmail(deps.db, normalizeEmail(identity.email));
  // Only a confirmed e-mail: else whoever registered someone else's address would get their bank sign-in.
  if (!user?.confirmedEmail || user.oidcSubject) return null;
  try {
    await updateUser(deps.db, user.id, { oidcSubject: identity.subject }, deps.now());
  } catch (error) {
    if (uniqueViolation(error) !== null) return null;
    throw error;
  }
  return user.id;
}

export function issueHandover(deps: AccountDeps, userId: number): Promise<string> {
  return issueToken(deps, {
    purpose: 'bank_id_handover',
    target: `user:${userId}`,
    userId,
    ttlMs: HANDOVER_TTL_MS,
  });
}

/** POST /api/v2/auth/bank_id/token: the hand-over code, once, within a minute. */
export async function redeemHandover(deps: AccountDeps, token: string): Promise<AuthResult> {
  const row = await deps.db.transaction((tx) => consumeToken(tx, deps, 'bank_id_handover', token));
  if (!row?.userId) {
    throw new AppError(401, 'token_invalid', AUTH_MESSAGES.bankIdTokenInvalid, {
      token: [AUTH_MESSAGES.bankIdTokenInvalid],
    });
  }
  return signInResult(deps, row.userId);
}
