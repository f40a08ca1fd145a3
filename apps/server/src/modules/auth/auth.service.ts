/** Sign-in by e-mail and password, refresh-token rotation with reuse detection, sign-out. */
import type { AuthResult, Jwt } from '@etp/contracts';
import { normalizeEmail, validateEmail } from '@etp/domain';
import { AppError } from '../../http/errors.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import {
  findRefreshTokenForUpdate,
  findUserByEmail,
  markRefreshTokenUsed,
  revokeFamily,
} from './auth.queries.ts';
import type { SignInGuard } from './credentials/signInGuard.ts';
import { openSession, type SessionDeps, signInResult } from './session/sessions.ts';
import { sha256 } from './session/tokens.ts';

export type AuthDeps = SessionDeps & { signIn: SignInGuard };

/**
 * The e-mail stage's checks (spec 3 §4.1): a blank or malformed address and an unknown one answer on the
 * e-mail field (email_required, user_not_found); a wrong password on the password field. Every attempt passes
 * the sign-in guard first (a locked account, the demo password on an exposed server: signInGuard.ts).
 */
export async function checkCredentials(
  deps: Pick<AuthDeps, 'db' | 'signIn'>,
  email: string,
  password: string,
) {
  const trimmed = email.trim();
  const problem = validateEmail(trimmed);
  if (problem) {
    const code = trimmed ? 'validation_failed' : 'email_required';
    throw new AppError(422, code, problem, { email: [problem] });
  }
  const account = `email:${normalizeEmail(trimmed)}` as const;
  await deps.signIn.assertOpen(account);
  const user = await findUserByEmail(deps.db, trimmed);
  const right = await deps.signIn.check(account, user?.passwordHash ?? null, password);
  if (!user) {
    throw new AppError(404, 'user_not_found', AUTH_MESSAGES.userNotFound, {
      email: [AUTH_MESSAGES.userNotFound],
    });
  }
  if (!right) throw wrongPassword();
  return user;
}

export const wrongPassword = () =>
  new AppError(401, 'invalid_credentials', AUTH_MESSAGES.wrongPassword, {
    password: [AUTH_MESSAGES.wrongPassword],
  });

/**
 * The direct path: e-mail and password give the tokens at once (docs/decisions/0022-sign-in-stages.md).
 * An account whose profile says "Кодом из SMS" (auth_strategy sms, decisions/0125), or any account under
 * SIGN_IN_SMS=required, must finish the sms stage instead when it has a phone.
 */
export async function authorizeByEmail(
  deps: AuthDeps & { smsRequired?: boolean },
  email: string,
  password: string,
): Promise<AuthResult> {
  const user = await checkCredentials(deps, email, password);
  if ((deps.smsRequired || user.authStrategy === 'sms') && user.phone) {
    throw new AppError(403, 'sms_required', AUTH_MESSAGES.smsRequired);
  }
  return signInResult(deps, user.id);
}

type RefreshOutcome =
  | { kind: 'ok'; userId: number; familyId: string }
  | { kind: 'invalid' }
  | { kind: 'reused'; familyId: string };

/**
 * Rotates a refresh token. A token may be used once; presenting a used token again means it leaked, so the
 * whole family (the session) is revoked and both the thief and the owner must sign in again.
 */
export async function refreshSession(deps: AuthDeps, refreshToken: string): Promise<Jwt> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const row = await findRefreshTokenForUpdate(tx, sha256(refreshToken));
    if (!row || row.revokedAt || row.expiresAt <= now) return { kind: 'invalid' };
    if (row.usedAt) {
      await revokeFamily(tx, row.familyId, now);
      return { kind: 'reused', familyId: row.familyId };
    }
    await markRefreshTokenUsed(tx, row.id, now);
    return { kind: 'ok', userId: row.userId, familyId: row.familyId };
  });
  if (outcome.kind === 'reused') {
    await deps.access?.changed({ sessions: [outcome.familyId] });
    throw new AppError(401, 'refresh_token_invalid', AUTH_MESSAGES.sessionRevoked);
  }
  if (outcome.kind === 'invalid') {
    throw new AppError(401, 'refresh_token_invalid', AUTH_MESSAGES.refreshInvalid);
  }
  return openSession(deps, outcome.userId, outcome.familyId);
}

export async function signOut(deps: AuthDeps, sessionId: string): Promise<void> {
  await revokeFamily(deps.db, sessionId, deps.now());
}
