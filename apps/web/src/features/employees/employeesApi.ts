/** Employees and invitations (spec 3 §7.2, docs/decisions/0033). */

import { call, callEnvelope } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';

export const employeesApi = {
  employees: (signal?: AbortSignal) => call(OPERATIONS.listCompanyUsers, { signal }),
  invited: (signal?: AbortSignal) => call(OPERATIONS.listInvitedUsers, { signal }),
  /** Removes an employee, or revokes the pending invitation of that address. */
  remove: (email: string) => callEnvelope(OPERATIONS.removeCompanyUser, { body: { email } }),
  switchOwner: (email: string) => callEnvelope(OPERATIONS.switchCompanyOwner, { body: { email } }),
  /** The envelope: its `errors` name the addresses that were skipped ('emails.1'). */
  invite: (emails: string[]) => callEnvelope(OPERATIONS.inviteCompanyUsers, { body: { emails } }),
  inviteInfo: (signal?: AbortSignal) => call(OPERATIONS.getInviteCompanyInfo, { signal }),
  accept: (invitationId: number) =>
    callEnvelope(OPERATIONS.acceptInvite, { body: { invitation_id: invitationId } }),
  decline: (invitationId: number) =>
    callEnvelope(OPERATIONS.declineInvite, { body: { invitation_id: invitationId } }),
  changeCompany: (companyId: number) =>
    callEnvelope(OPERATIONS.changeCompany, { body: { company_id: companyId } }),
};
