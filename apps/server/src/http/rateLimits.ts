/**
 * Who a request is counted as, and where @fastify/rate-limit keeps its counts. A request is counted by its client
 * address (the socket's, or what TRUST_PROXY's proxies vouch for), an IPv6 client by its /64 (one subscriber's
 * network), and a signed-in user by the user, once the token's signature and expiry have been checked: so colleagues
 * behind one office address do not share a budget, and no header a client makes up (a junk Authorization, a new
 * X-Forwarded-For) ever opens a fresh one.
 */
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { TokenService } from '../modules/auth/session/tokens.ts';
import type { Counters } from './counters.ts';

/** The address a limit counts: an IPv4 address as it is, an IPv6 one by its first 64 bits. */
export function clientKey(ip: string): string {
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(plain) !== 6) return plain;
  return `${expandV6(plain).slice(0, 4).join(':')}::/64`;
}

function expandV6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((part) =>
    (part || '0').toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

const MAX_REMEMBERED = 10_000;

/**
 * The bucket of a request: `user:<id>` for a valid access token (its verification remembered until the token
 * expires), `ip:<address>` for anything else.
 */
export function requestBucket(tokens: TokenService, now: () => Date) {
  const verified = new Map<string, { userId: number; expMs: number }>();
  return async (request: FastifyRequest): Promise<string> => {
    const header = request.headers.authorization;
    const token = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
    if (token && token.length < 4096) {
      const nowMs = now().getTime();
      const known = verified.get(token);
      if (known && known.expMs > nowMs) return `user:${known.userId}`;
      const claims = await tokens.verifyAccess(token, now());
      if (claims && claims !== 'expired') {
        if (verified.size >= MAX_REMEMBERED) verified.clear();
        verified.set(token, { userId: claims.userId, expMs: claims.expiresAt.getTime() });
        return `user:${claims.userId}`;
      }
    }
    return `ip:${clientKey(request.ip)}`;
  };
}

interface RouteParams {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** A store for @fastify/rate-limit over the shared counters: each route with its own limit counts apart. */
export function countersStore(counters: Counters) {
  return class CountersStore {
    private readonly prefix: string;

    constructor(params?: unknown) {
      this.prefix = typeof params === 'string' ? params : 'rate:';
    }

    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(`${this.prefix}${key}`, timeWindow).then(
        (count) => done(null, { current: count.count, ttl: count.resetInMs }),
        (error: Error) => done(error),
      );
    }

    /** Typed loosely: the plugin passes the route's merged limit parameters, not what its types declare. */
    child(options: object): CountersStore {
      const params = options as RouteParams;
      const route = params.groupId ?? `${params.routeInfo?.method ?? ''}${params.routeInfo?.url ?? ''}`;
      return new CountersStore(`${this.prefix}${route}:`);
    }
  };
}
