/**
 * The owner's side of employees (spec 3 §7.2; docs/decisions/0033-employees-and-invitations.md): remove an
 * employee or a pending invitation, hand the ownership over. Each runs under a lock of the company row, so two
 * owners' actions (an old and a new one) cannot interleave.
 */
import { normalizeEmail } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import { forbidden, notFound, validationFailed } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { COMPANY_TEXTS as T } from './company.messages.ts';
import { findCompanyForUpdate } from './company.queries.ts';
import { ownedCompanyOf } from './employees.policy.ts';
import {
  closeInvitations,
  deleteMembership,
  findCompanyOwnerIds,
  findEmployeeByEmail,
  switchOwner,
} from './employees.queries.ts';

/** Runs `work` with the company row locked, once the caller is still its owner. */
export async function asOwner<T>(
  ctx: AppContext,
  auth: AuthContext,
  work: (tx: Tx, companyId: number) => Promise<T>,
): Promise<T> {
  const company = ownedCompanyOf(auth);
  return ctx.db.transaction(async (tx) => {
    await findCompanyForUpdate(tx, company.id);
    // The ownership may have moved since the request was authenticated.
    if (!(await findCompanyOwnerIds(tx, company.id)).includes(auth.user.id)) throw forbidden(T.ownerOnly);
    return work(tx, company.id);
  });
}

const isSelf = (auth: AuthContext, email: string) =>
  auth.user.email !== null && normalizeEmail(auth.user.email) === email;

/** POST remove_user: an employee leaves the company; a pending invitation to the address is revoked too. */
export async function removeEmployee(ctx: AppContext, auth: AuthContext, email: string): Promise<string> {
  let removed: number | null = null;
  const message = await asOwner(ctx, auth, async (tx, companyId) => {
    if (isSelf(auth, email)) throw validationFailed({ email: [T.cannotRemoveSelf] }, T.cannotRemoveSelf);
    const now = ctx.now();
    const employee = await findEmployeeByEmail(tx, companyId, email);
    const revoked = await closeInvitations(tx, companyId, email, 'revoked', now);
    if (!employee) {
      if (revoked === 0) throw notFound(T.employeeNotFound);
      return T.invitationRevoked(email);
    }
    await deleteMembership(tx, companyId, employee.user.id);
    removed = employee.user.id;
    await appendAudit(tx, {
      briefcaseId: null,
      action: 'company_employee_removed',
      actorUserId: auth.user.id,
      payload: { company_id: companyId, user_id: employee.user.id },
      at: now,
    });
    return T.removed(email);
  });
  // The employee's open sockets lose the seller's frames now, not when they reconnect (decision 0067).
  if (removed !== null) await ctx.access.changed({ users: [removed] });
  return message;
}

/** POST switch_owner: the employee becomes the owner, the caller a collaborator. */
export async function handOverOwnership(ctx: AppContext, auth: AuthContext, email: string): Promise<string> {
  let newOwner: number | null = null;
  const message = await asOwner(ctx, auth, async (tx, companyId) => {
    if (isSelf(auth, email)) throw validationFailed({ email: [T.cannotSwitchToSelf] }, T.cannotSwitchToSelf);
    const employee = await findEmployeeByEmail(tx, companyId, email);
    if (!employee) throw notFound(T.employeeNotFound);
    await switchOwner(tx, companyId, auth.user.id, employee.user.id);
    newOwner = employee.user.id;
    await appendAudit(tx, {
      briefcaseId: null,
      action: 'company_owner_switched',
      actorUserId: auth.user.id,
      payload: { company_id: companyId, from_user_id: auth.user.id, to_user_id: employee.user.id },
      at: ctx.now(),
    });
    return T.ownerSwitched(email);
  });
  if (newOwner !== null) await ctx.access.changed({ users: [auth.user.id, newOwner] });
  return message;
}
