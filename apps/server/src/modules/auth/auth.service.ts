/** Sign-in by e-mail and password, refresh-token rotation with reuse detection, sign-out. */
import { randomUUID } from 'node:crypto';
import type { AuthResult, Jwt } from '@etp/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { filledFlags, presentUser } from '../user/user.presenter.ts';
import { loadUserContext } from '../user/user.queries.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import {
  findRefreshTokenForUpdate,
  findUserByEmail,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
} from './auth.queries.ts';
import { verifyPassword } from './passwords.ts';
import { newRefreshToken, sha256, type TokenService } from './tokens.ts';

export interface AuthDeps {
  db: Db;
  tokens: TokenService;
  refreshTtlDays: number;
  now: () => Date;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Opens a new session (refresh family) for the user and returns its first token pair. */
async function openSession(deps: AuthDeps, userId: number, familyId: string = randomUUID()): Promise<Jwt> {
  const now = deps.now();
  const refresh = newRefreshToken();
  const refreshExpiresAt = new Date(now.getTime() + deps.refreshTtlDays * 86_400_000);
  await insertRefreshToken(deps.db, {
    userId,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: refreshExpiresAt,
  });
  const access = await deps.tokens.signAccess({ userId, sessionId: familyId }, now);
  return {
    token: access.token,
    expires_at: access.expiresAt.toISOString(),
    refresh_token: refresh,
    refresh_token_expires_at: refreshExpiresAt.toISOString(),
  };
}

export async function authorizeByEmail(deps: AuthDeps, email: string, password: string): Promise<AuthResult> {
  const trimmed = email.trim();
  if (!trimmed) {
    throw new AppError(422, 'email_required', AUTH_MESSAGES.emailRequired, {
      email: [AUTH_MESSAGES.emailRequired],
    });
  }
  if (!EMAIL_RE.test(trimmed)) {
    throw new AppError(422, 'validation_failed', AUTH_MESSAGES.emailInvalid, {
      email: [AUTH_MESSAGES.emailInvalid],
    });
  }
  const user = await findUserByEmail(deps.db, trimmed);
  if (!user) {
    throw new AppError(404, 'user_not_found', AUTH_MESSAGES.userNotFound, {
      email: [AUTH_MESSAGES.userNotFound],
    });
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(401, 'invalid_credentials', AUTH_MESSAGES.wrongPassword, {
      password: [AUTH_MESSAGES.wrongPassword],
    });
  }
  const ctx = await loadUserContext(deps.db, user.id);
  if (!ctx) throw new AppError(404, 'user_not_found', AUTH_MESSAGES.userNotFound);
  const jwt = await openSession(deps, user.id);
  return { jwt, profile: presentUser(ctx), filled: filledFlags(ctx) };
}

type RefreshOutcome =
  | { kind: 'ok'; userId: number; familyId: string }
  | { kind: 'invalid' }
  | { kind: 'reused' };

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
      return { kind: 'reused' };
    }
    await markRefreshTokenUsed(tx, row.id, now);
    return { kind: 'ok', userId: row.userId, familyId: row.familyId };
  });
  if (outcome.kind === 'reused') {
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
