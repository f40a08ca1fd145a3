/** Who may see which procedure, and how much of it (spec 2 §6, spec 3 §6). */
import type { AuthContext } from '../auth/guards.ts';

export interface BriefcaseAccessFacts {
  status: string;
  companyId: number;
  hidden: boolean;
  /** Companies excluded from this procedure (blacklist). */
  blacklisted: boolean;
  /** The procedure has an invitation list and the viewer's company is not on it. */
  notInvited: boolean;
}

export function isMaster(auth: AuthContext, facts: Pick<BriefcaseAccessFacts, 'companyId'>): boolean {
  return auth.memberships.some((m) => m.company.id === facts.companyId);
}

/** Created and pending procedures are drafts: only their seller and administrators see them at all. */
export function canSeeInFeed(auth: AuthContext, facts: BriefcaseAccessFacts): boolean {
  if (auth.user.role === 'admin' || isMaster(auth, facts)) return true;
  if (facts.hidden) return false;
  return facts.status !== 'created' && facts.status !== 'pending';
}

/** Whether the feed card is a link to the card page (spec 2 §2 `can_show`). */
export function canOpen(auth: AuthContext, facts: BriefcaseAccessFacts): boolean {
  if (auth.user.role === 'admin' || isMaster(auth, facts)) return true;
  if (!auth.company?.goodStanding) return false;
  return !facts.blacklisted && !facts.notInvited && canSeeInFeed(auth, facts);
}

/** Bid details (leaders, bidders) are for the seller and administrators. */
export function canViewBidsInfo(auth: AuthContext, facts: Pick<BriefcaseAccessFacts, 'companyId'>): boolean {
  return auth.user.role === 'admin' || isMaster(auth, facts);
}
