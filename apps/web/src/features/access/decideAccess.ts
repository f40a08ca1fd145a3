import type { User } from '@etp/contracts';
import { hasFullAccess } from './hasFullAccess.ts';
import { FEED_PATH, type RouteAccessRequest, SIGN_IN_PATH } from './routeAccess.ts';

export type AccessDecision =
  | { kind: 'allow' }
  /** Go to sign-in and come back here afterwards. */
  | { kind: 'signIn'; to: typeof SIGN_IN_PATH }
  /** Signed in but not allowed: go elsewhere without remembering this page. */
  | { kind: 'redirect'; to: string };

const ALLOW: AccessDecision = { kind: 'allow' };
const SIGN_IN: AccessDecision = { kind: 'signIn', to: SIGN_IN_PATH };
const TO_FEED: AccessDecision = { kind: 'redirect', to: FEED_PATH };

/**
 * What the router does with a user (null: nobody signed in) on a route. Mirrors the server's rules for the user's
 * sake; the server enforces them again on every call.
 */
export function decideAccess(route: RouteAccessRequest, user: User | null): AccessDecision {
  switch (route.access) {
    case 'public':
      return ALLOW;
    case 'feed':
      return user || route.needAuthFlag ? ALLOW : SIGN_IN;
    case 'signedIn':
      return user ? ALLOW : SIGN_IN;
    case 'goodStanding':
      if (!user) return SIGN_IN;
      return hasFullAccess(user) ? ALLOW : TO_FEED;
    case 'admin':
      if (!user) return SIGN_IN;
      return user.role === 'admin' ? ALLOW : TO_FEED;
    default:
      return assertNever(route.access);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown access rule: ${String(value)}`);
}
