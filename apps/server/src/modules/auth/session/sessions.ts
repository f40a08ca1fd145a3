/** Opening a session (a refresh-token family) and the sign-in answer every successful sign-in returns. */
import { randomUUID } from 'node:crypto';
import type { AuthResult, Jwt } from '@etp/contracts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { AccessAnnouncer } from '../../../realtime/access.ts';
import { filledFlags, presentUser } from '../../user/user.presenter.ts';
import { loadUserContext } from '../../user/user.queries.ts';
import { AUTH_MESSAGES } from '../auth.messages.ts';
import { insertRefreshToken } from '../auth.queries.ts';
import { newRefreshToken, sha256, type TokenService } from './tokens.ts';

export interface SessionDeps {
  db: Db;
  tokens: TokenService;
  refreshTtlDays: number;
  now: () => Date;
  /** Announces sessions and users whose rights ended, so their live sockets end too (decision 0067). */
  access?: AccessAnnouncer;
}

/** Opens a new session (refresh family) for the user and returns its first token pair. */
export async function openSession(
  deps: SessionDeps,
  userId: number,
  familyId: string = randomUUID(),
): Promise<Jwt> {
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

/** Signs the user in: a new session, the profile and the filled flags (spec 3 §3, Authentication result). */
export async function signInResult(deps: SessionDeps, userId: number): Promise<AuthResult> {
  const ctx = await loadUserContext(deps.db, userId);
  if (!ctx) throw new AppError(404, 'user_not_found', AUTH_MESSAGES.userNotFound);
  const jwt = await openSession(deps, userId);
  return { jwt, profile: presentUser(ctx), filled: filledFlags(ctx) };
}
