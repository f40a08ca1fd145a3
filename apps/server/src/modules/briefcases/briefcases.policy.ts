/** Who may see which procedure, and how much of it (spec 2 §6, spec 3 §6). */
import type { CompanyKind } from '@etp/domain';
import type { AuthContext } from '../auth/guards/routeGuards.ts';

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

interface AdmissionCompany {
  kind: CompanyKind;
  fssp: boolean;
  okved: string | null;
}

interface AdmissionRules {
  allowedKindsMap: Record<string, boolean>;
  fsspOnly: boolean;
  okved8291Only: boolean;
  fsspBankOnly: boolean;
  fsspMfoOnly: boolean;
}

/**
 * Whether a company's kind and registry flags admit it to a procedure (spec 1 step 4, spec 2 "allowed participant
 * ownership types"): its kind is allowed; the fssp-only flag of the legal entities, banks or MFOs demands the
 * company be in the FSSP register; okved_82_91_only demands the collection-agency OKVED 82.91.
 */
export function isAdmitted(company: AdmissionCompany, rules: AdmissionRules): boolean {
  if (rules.allowedKindsMap[company.kind] === false) return false;
  if (company.kind === 'legal' && rules.fsspOnly && !company.fssp) return false;
  if (company.kind === 'legal' && rules.okved8291Only && !company.okved?.startsWith('82.91')) return false;
  if (company.kind === 'bank' && rules.fsspBankOnly && !company.fssp) return false;
  if (company.kind === 'mfo' && rules.fsspMfoOnly && !company.fssp) return false;
  return true;
}
