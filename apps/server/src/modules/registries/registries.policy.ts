/** Who may do what with a procedure's registry (spec 1 §4, §6). */
import { mayCreateProcedures } from '@etp/domain';
import { allow, refuse, type Verdict } from '../../http/verdict.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { REGISTRY_MESSAGES as M } from './registries.messages.ts';

export interface RegistryFacts {
  companyId: number;
  status: string;
  /** The procedure this one is a next or second round of. */
  convertedFrom: number | null;
}

export const isAdministrator = (auth: AuthContext): boolean => auth.user.role === 'admin';

/** The seller's company members, or an administrator. */
export function canManageRegistry(auth: AuthContext, facts: Pick<RegistryFacts, 'companyId'>): boolean {
  return isAdministrator(auth) || auth.memberships.some((m) => m.company.id === facts.companyId);
}

/** The owner's company members only (the personal-data agreement is the seller's word). */
export function isOwner(auth: AuthContext, facts: Pick<RegistryFacts, 'companyId'>): boolean {
  return auth.memberships.some((m) => m.company.id === facts.companyId);
}

/** Files, matching and lotting change only while the procedure is created or pending. */
function registryEditable(facts: Pick<RegistryFacts, 'status'>): boolean {
  return facts.status === 'created' || facts.status === 'pending';
}

/**
 * A registry is uploaded, matched, let through the personal-data check or relotted only while the procedure is
 * created or pending, and never in a next or second round: a round sells the debts the round before offered, its
 * registry rows stay linked to that round's lots (decisions/0241, 0262). Deleting the whole procedure
 * (`wholeProcedure`) is allowed a created or pending round too.
 */
export function canChangeRegistry(
  facts: Pick<RegistryFacts, 'status' | 'convertedFrom'>,
  wholeProcedure = false,
): Verdict {
  if (facts.convertedFrom !== null && !wholeProcedure)
    return refuse(409, M.roundCarriesRegistry(facts.convertedFrom));
  if (!registryEditable(facts)) return refuse(409, M.notEditable);
  return allow;
}

/**
 * A user creates procedures (and uploads registries) for a company they belong to, only while it is accredited in
 * good standing and has the seller flag (spec 2 §1: full access means creating procedures); an administrator for
 * any company.
 */
export function canCreateFor(auth: AuthContext, companyId: number): boolean {
  return (
    isAdministrator(auth) ||
    auth.memberships.some(
      (m) =>
        m.company.id === companyId &&
        mayCreateProcedures({ admin: false, goodStanding: m.company.goodStanding, seller: m.company.seller }),
    )
  );
}

/** A member of the company that may not sell (under review, or a buyer only): told why, not "someone else's". */
export function isMemberOf(auth: AuthContext, companyId: number): boolean {
  return auth.memberships.some((m) => m.company.id === companyId);
}
