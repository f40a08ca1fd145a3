import type { User } from '@etp/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { type AccessDecision, decideAccess } from './decideAccess.ts';
import type { RouteAccess, RouteAccessRequest } from './routeAccess.ts';

const anonymous = null;
const limited = buildUser({ company_good_standing: false });
const accredited = buildUser({ company_good_standing: true });
const admin = buildUser({ role: 'admin', company_good_standing: false });
const noCompany = buildUser({
  company_id: null,
  company_name: null,
  company_kind: null,
  company_good_standing: false,
});

const allow: AccessDecision = { kind: 'allow' };
const signIn: AccessDecision = { kind: 'signIn', to: '/users/sign_in' };
const toFeed: AccessDecision = { kind: 'redirect', to: '/briefcases' };

type Row = [label: string, user: User | null, expected: Record<RouteAccess, AccessDecision>];

// Every rule against every kind of visitor (spec 3 §2.1, §6; spec 2 §2).
const TABLE: Row[] = [
  [
    'anonymous',
    anonymous,
    { public: allow, feed: signIn, signedIn: signIn, goodStanding: signIn, admin: signIn },
  ],
  [
    'not in good standing',
    limited,
    { public: allow, feed: allow, signedIn: allow, goodStanding: toFeed, admin: toFeed },
  ],
  [
    'without a company',
    noCompany,
    { public: allow, feed: allow, signedIn: allow, goodStanding: toFeed, admin: toFeed },
  ],
  [
    'in good standing',
    accredited,
    { public: allow, feed: allow, signedIn: allow, goodStanding: allow, admin: toFeed },
  ],
  ['admin', admin, { public: allow, feed: allow, signedIn: allow, goodStanding: allow, admin: allow }],
];

describe('decideAccess', () => {
  for (const [label, user, expected] of TABLE) {
    for (const access of Object.keys(expected) as RouteAccess[]) {
      it(`${label} on a "${access}" route → ${expected[access].kind}`, () => {
        expect(decideAccess({ access }, user)).toEqual(expected[access]);
      });
    }
  }

  it('lets an anonymous visitor open the feed when the need_auth flag is present', () => {
    const route: RouteAccessRequest = { access: 'feed', needAuthFlag: true };
    expect(decideAccess(route, anonymous)).toEqual(allow);
  });

  it('ignores the need_auth flag on every other rule', () => {
    for (const access of ['signedIn', 'goodStanding', 'admin'] as const) {
      expect(decideAccess({ access, needAuthFlag: true }, anonymous)).toEqual(signIn);
    }
    expect(decideAccess({ access: 'goodStanding', needAuthFlag: true }, limited)).toEqual(toFeed);
  });
});
