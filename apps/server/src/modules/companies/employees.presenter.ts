/** Employees and invitations JSON (spec 3 §7.2). */
import type { Employee, InviteCompanyInfo, Invited } from '@etp/contracts';
import type { findEmployees, findInvitationsFor, findInvited } from './employees.queries.ts';

type EmployeeRow = Awaited<ReturnType<typeof findEmployees>>[number];
type InvitedRow = Awaited<ReturnType<typeof findInvited>>[number];
type InvitationRow = Awaited<ReturnType<typeof findInvitationsFor>>[number];

export function presentEmployee({ user, owner, joinedAt }: EmployeeRow): Employee {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    avatar_url: user.avatarKey ? `/api/v1/files/avatars/${user.id}` : null,
    owner,
    joined_at: joinedAt.toISOString(),
  };
}

export function presentInvited({ invitation, invitedBy }: InvitedRow): Invited {
  return {
    id: invitation.id,
    email: invitation.email,
    invited_at: invitation.createdAt.toISOString(),
    invited_by: invitedBy,
  };
}

export function presentInviteInfo({ invitation, company, invitedBy }: InvitationRow): InviteCompanyInfo {
  return {
    invitation_id: invitation.id,
    company_id: company.id,
    company_name: company.name,
    company_kind: company.kind,
    invited_by: invitedBy,
    invited_at: invitation.createdAt.toISOString(),
  };
}
