/** Employees and invitations (spec 3 §7.2, docs/decisions/0033). */
import type { EmployeesList, InviteCompanyInfo, InvitedList, InviteUsersResult, User } from '@etp/contracts';
import { apiClient } from '../../api/apiClient.ts';

export const employeesApi = {
  employees: (signal?: AbortSignal) => apiClient.request<EmployeesList>('/api/v1/company/users', { signal }),
  invited: (signal?: AbortSignal) =>
    apiClient.request<InvitedList>('/api/v1/company/users/invited', { signal }),
  /** Removes an employee, or revokes the pending invitation of that address. */
  remove: (email: string) =>
    apiClient.requestEnvelope<null>('/api/v1/company/users/remove_user', { method: 'POST', body: { email } }),
  switchOwner: (email: string) =>
    apiClient.requestEnvelope<User>('/api/v1/company/users/switch_owner', {
      method: 'POST',
      body: { email },
    }),
  /** The envelope: its `errors` name the addresses that were skipped ('emails.1'). */
  invite: (emails: string[]) =>
    apiClient.requestEnvelope<InviteUsersResult>('/api/v1/company/users/invite_users', {
      method: 'POST',
      body: { emails },
    }),
  inviteInfo: (signal?: AbortSignal) =>
    apiClient.request<InviteCompanyInfo | null>('/api/v1/company/user/invite_company_info', { signal }),
  accept: (invitationId: number) =>
    apiClient.requestEnvelope<User>('/api/v1/company/user/accept_invite', {
      method: 'POST',
      body: { invitation_id: invitationId },
    }),
  decline: (invitationId: number) =>
    apiClient.requestEnvelope<User>('/api/v1/company/user/decline_invite', {
      method: 'POST',
      body: { invitation_id: invitationId },
    }),
  changeCompany: (companyId: number) =>
    apiClient.requestEnvelope<User>('/api/v1/allowed_companies/change', {
      method: 'POST',
      body: { company_id: companyId },
    }),
};
