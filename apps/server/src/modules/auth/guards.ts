/**
 * Route guards: who may call a route. Each reads the Bearer token, loads the user's context and sets
 * `request.auth`; failures answer 401 (no, bad or expired token, closed session) or 403 (role, standing).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { forbidden, notInGoodStanding, tokenExpired, unauthorized } from '../../http/errors.ts';
import { loadUserContext, type UserContext } from '../user/user.queries.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';
import { isFamilyRevoked } from './auth.queries.ts';
import type { TokenService } from './tokens.ts';

export interface AuthContext extends UserContext {
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type Guard = (request: FastifyRequest) => Promise<void>;

export interface Guards {
  /** Verifies an access token and loads its user (for the WebSocket, which has no headers). */
  authenticateToken(token: string): Promise<AuthContext>;
  /** Sets request.auth when a valid token is present; never fails. */
  optional: Guard;
  user: Guard;
  goodStanding: Guard;
  admin: Guard;
}

export const isAdmin = (auth: AuthContext | null): boolean => auth?.user.role === 'admin';

export function createGuards(deps: { db: Db; tokens: TokenService; now: () => Date }): Guards {
  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw unauthorized();
    return authenticateToken(match[1]);
  }

  async function authenticateToken(token: string): Promise<AuthContext> {
    const claims = await deps.tokens.verifyAccess(token, deps.now());
    if (claims === 'expired') throw tokenExpired();
    if (!claims) throw unauthorized();
    const [ctx, revoked] = await Promise.all([
      loadUserContext(deps.db, claims.userId),
      isFamilyRevoked(deps.db, claims.sessionId),
    ]);
    if (!ctx || revoked) throw unauthorized(AUTH_MESSAGES.refreshInvalid);
    return { ...ctx, sessionId: claims.sessionId };
  }

  return {
    authenticateToken,
    optional: async (request) => {
      request.auth = null;
      if (!request.headers.authorization) return;
      try {
        request.auth = await authenticate(request);
      } catch {
        request.auth = null;
      }
    },
    user: async (request) => {
      request.auth = await authenticate(request);
    },
    goodStanding: async (request) => {
      const auth = await authenticate(request);
      request.auth = auth;
      if (auth.user.role !== 'admin' && !auth.company?.goodStanding) throw notInGoodStanding();
    },
    admin: async (request) => {
      const auth = await authenticate(request);
      request.auth = auth;
      if (auth.user.role !== 'admin') throw forbidden(AUTH_MESSAGES.adminOnly);
    },
  };
}

/** The signed-in user of a guarded route (the guard guarantees it is there). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
