/**
 * Route guards: who may call a route. Each reads the Bearer token, loads the user's context and sets
 * `request.auth`; failures answer 401 (no, bad or expired token, closed session) or 403 (role, standing).
 */
import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { forbidden, notInGoodStanding, tokenExpired, unauthorized } from '../../../http/errors.ts';
import { type AccessAnnouncer, concerns, readAccessChange } from '../../../realtime/access.ts';
import type { Bus, BusEvent } from '../../../realtime/bus.ts';
import { loadUserContext, type UserContext } from '../../user/user.queries.ts';
import { AUTH_MESSAGES } from '../auth.messages.ts';
import { isFamilyRevoked } from '../auth.queries.ts';
import type { TokenService } from '../session/tokens.ts';
import { readSessionFingerprint } from './guards.queries.ts';

export interface AuthContext extends UserContext {
  sessionId: string;
  /**
   * Set when the context came from the trading guard's short-lived cache: the fingerprint of the user's rows as
   * they were loaded. A write path that trusts the context checks it against the database inside its own
   * statement (sessionStillValid) and reloads the context when it no longer matches.
   */
  cachedFingerprint?: string;
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
  /**
   * goodStanding for the hot trading calls (placing a bid): the verified context is kept for a short while per
   * access token (decisions/0017), so a refused bid costs no query. Writes check it again (sessionStillValid).
   */
  tradingGoodStanding: Guard;
  /** Loads the context again, uncached (after sessionStillValid said no); 401 when the session is closed. */
  reload(auth: AuthContext): Promise<AuthContext>;
  /**
   * A write found this cached context still current in the database (session open, fingerprint equal, checked
   * under the lot's lock): it counts as loaded at that moment, so a trader who keeps bidding is not reloaded
   * every SESSION_CACHE_MS. A context that is not (or no longer) cached is left alone.
   */
  confirmed(auth: AuthContext): void;
  /** Forgets the session's cached contexts and ends its live sockets on every node (sign-out). */
  sessionClosed(sessionId: string): Promise<void>;
}

const MAX_CACHED = 20_000;

/** A context of the trading guard's cache: trusted until `until` (performance.now()), never past the token's expiry. */
interface CacheEntry {
  token: string;
  auth: AuthContext;
  until: number;
  expMs: number;
}

export const isAdmin = (auth: AuthContext | null): boolean => auth?.user.role === 'admin';

export function createGuards(deps: {
  db: Db;
  tokens: TokenService;
  now: () => Date;
  /** Brings other nodes' access changes (decision 0067) to this node's cache. */
  bus?: Bus;
  /** Announces access changes on the bus. */
  access?: AccessAnnouncer;
  /** How long the trading guard trusts a verified context (0: never). */
  sessionCacheMs?: number;
}): Guards {
  const cacheMs = deps.sessionCacheMs ?? 0;
  const cache = new Map<string, CacheEntry>();
  /** The entry each cached context came from, for `confirmed`. */
  const entries = new WeakMap<AuthContext, CacheEntry>();
  // Each entry lives a random span in the second half of the window, so sessions cached together (a server's
  // start, a burst of sign-ins) reload spread over time, not all in the same instant.
  const lifetime = () => cacheMs * (0.5 + Math.random() / 2);
  const forgetSession = (sessionId: string) => {
    for (const [token, entry] of cache) if (entry.auth.sessionId === sessionId) cache.delete(token);
  };
  deps.bus?.subscribe((event: BusEvent) => {
    const change = readAccessChange(event);
    if (!change || cache.size === 0) return;
    for (const [token, { auth }] of cache) {
      const who = {
        sessionId: auth.sessionId,
        userId: auth.user.id,
        companyIds: auth.memberships.map((m) => m.company.id),
      };
      if (concerns(change, who)) cache.delete(token);
    }
  });

  async function loadContext(userId: number, sessionId: string): Promise<AuthContext> {
    const [ctx, revoked] = await Promise.all([
      loadUserContext(deps.db, userId),
      isFamilyRevoked(deps.db, sessionId, userId),
    ]);
    if (!ctx || revoked) throw unauthorized(AUTH_MESSAGES.refreshInvalid);
    return { ...ctx, sessionId };
  }

  /**
   * loadContext with the fingerprint: the session check, the fingerprint and the user's rows read in one snapshot
   * (a read-only repeatable-read transaction), so the context is exactly the state the fingerprint describes. A
   * later check that finds the same fingerprint in the database therefore proves the context current
   * (sessionStillValid, and `confirmed` after it).
   */
  async function loadFingerprinted(userId: number, sessionId: string): Promise<AuthContext> {
    return deps.db.transaction(
      async (tx) => {
        const row = await readSessionFingerprint(tx, userId, sessionId);
        if (!row?.live) throw unauthorized(AUTH_MESSAGES.refreshInvalid);
        const ctx = await loadUserContext(tx, userId);
        if (!ctx) throw unauthorized(AUTH_MESSAGES.refreshInvalid);
        return { ...ctx, sessionId, cachedFingerprint: row.print ?? '' };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async function cachedContext(token: string): Promise<AuthContext> {
    const hit = cache.get(token);
    if (hit && performance.now() < hit.until && deps.now().getTime() < hit.expMs) return hit.auth;
    const claims = await deps.tokens.verifyAccess(token, deps.now());
    if (claims === 'expired') throw tokenExpired();
    if (!claims) throw unauthorized();
    const withPrint = await loadFingerprinted(claims.userId, claims.sessionId);
    if (cache.size >= MAX_CACHED) cache.clear();
    const entry: CacheEntry = {
      token,
      auth: withPrint,
      until: performance.now() + lifetime(),
      expMs: tokenExpiryMs(token),
    };
    cache.set(token, entry);
    entries.set(withPrint, entry);
    return withPrint;
  }

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
    return loadContext(claims.userId, claims.sessionId);
  }

  const requireStanding = (auth: AuthContext) => {
    if (auth.user.role !== 'admin' && !auth.company?.goodStanding) throw notInGoodStanding();
  };

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
      requireStanding(auth);
    },
    tradingGoodStanding: async (request) => {
      if (cacheMs <= 0) {
        request.auth = await authenticate(request);
      } else {
        const header = request.headers.authorization;
        const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
        if (!match?.[1]) throw unauthorized();
        request.auth = await cachedContext(match[1]);
      }
      requireStanding(request.auth);
    },
    confirmed: (auth) => {
      const entry = entries.get(auth);
      if (entry && cache.get(entry.token) === entry) entry.until = performance.now() + lifetime();
    },
    reload: async (auth) => {
      forgetSession(auth.sessionId);
      const fresh = await loadContext(auth.user.id, auth.sessionId);
      requireStanding(fresh);
      return fresh;
    },
    sessionClosed: async (sessionId) => {
      forgetSession(sessionId);
      await deps.access?.changed({ sessions: [sessionId] });
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

/** The token's expiry (ms) from its payload; the token was verified before this is read. */
function tokenExpiryMs(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: number;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}
