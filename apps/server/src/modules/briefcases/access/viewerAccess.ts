/** Resolves what a signed-in user may do with one procedure; shared by the card, lots and live channels. */
import type { DbOrTx } from '../../../db/client.ts';
import { notFound, notInGoodStanding } from '../../../http/errors.ts';
import type { AuthContext } from '../../auth/guards/routeGuards.ts';
import { type BriefcaseAccessFacts, canOpen, canSeeInFeed, isMaster } from '../briefcases.policy.ts';
import { type FeedRow, findCardRow, findLotAccessFacts, type Viewer } from '../briefcases.queries.ts';

export const BRIEFCASE_NOT_FOUND = 'Торговая процедура не найдена';

export function viewerOf(auth: AuthContext): Viewer {
  return {
    userId: auth.user.id,
    isAdmin: auth.user.role === 'admin',
    companyIds: auth.memberships.map((m) => m.company.id),
    currentCompanyId: auth.company?.id ?? null,
  };
}

export type BriefcaseAccess =
  | { kind: 'missing' }
  | { kind: 'not_in_good_standing' }
  | { kind: 'hidden'; row: FeedRow }
  | { kind: 'open'; row: FeedRow; master: boolean };

export async function resolveBriefcaseAccess(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
): Promise<BriefcaseAccess> {
  const row = await findCardRow(db, viewerOf(auth), id);
  if (!row) return { kind: 'missing' };
  const facts = { ...row.briefcase, blacklisted: row.blacklisted, notInvited: row.notInvited };
  const verdict = decideAccess(auth, facts);
  return verdict.kind === 'open' || verdict.kind === 'hidden' ? { ...verdict, row } : verdict;
}

export type AccessVerdict =
  | { kind: 'missing' }
  | { kind: 'not_in_good_standing' }
  | { kind: 'hidden' }
  | { kind: 'open'; master: boolean };

/** The rules of resolveBriefcaseAccess over the facts alone (shared by the card and the lot calls). */
export function decideAccess(auth: AuthContext, facts: BriefcaseAccessFacts): AccessVerdict {
  const master = auth.user.role === 'admin' || isMaster(auth, facts);
  if (master) return { kind: 'open', master };
  if (!auth.company?.goodStanding) return { kind: 'not_in_good_standing' };
  if (facts.hidden) return { kind: 'hidden' };
  if (!canSeeInFeed(auth, facts) || !canOpen(auth, facts)) return { kind: 'missing' };
  return { kind: 'open', master };
}

/**
 * Access to the procedure of a lot, from the lot id, in one small query: only the facts the rules need (the card's
 * counters are not computed). Same verdicts as resolveBriefcaseAccess.
 */
export async function resolveLotAccess(
  db: DbOrTx,
  auth: AuthContext,
  lotId: number,
): Promise<AccessVerdict & { briefcaseId?: number }> {
  const company = auth.company?.id ?? 0;
  const row = await findLotAccessFacts(db, lotId, company);
  if (!row) return { kind: 'missing' };
  return { ...decideAccess(auth, row), briefcaseId: row.briefcaseId };
}

/** The procedure when the user may open its card; 404 when it is missing or hidden from them, 403 without standing. */
export async function requireOpenBriefcase(
  db: DbOrTx,
  auth: AuthContext,
  id: number,
): Promise<Extract<BriefcaseAccess, { kind: 'open' }>> {
  const access = await resolveBriefcaseAccess(db, auth, id);
  if (access.kind === 'not_in_good_standing') throw notInGoodStanding();
  if (access.kind !== 'open') throw notFound(BRIEFCASE_NOT_FOUND);
  return access;
}
