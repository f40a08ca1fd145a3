/** The administrator's accreditation calls (docs/decisions/0032). */
import type { AdminCompaniesPage, AdminCompany } from '@etp/contracts';
import { apiClient } from '../../../api/apiClient.ts';

export const ACCREDITATION_FILTERS = ['pending', 'approved', 'rejected', 'draft', 'all'] as const;
export type AccreditationFilter = (typeof ACCREDITATION_FILTERS)[number];

export const adminCompaniesApi = {
  list: (status: AccreditationFilter, page: number, signal?: AbortSignal) =>
    apiClient.request<AdminCompaniesPage>('/api/v1/admin/companies', {
      query: { status, page, per_page: 20 },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    apiClient.request<AdminCompany>(`/api/v1/admin/companies/${id}`, { signal }),
  approve: (id: number, flags: { fssp: boolean; need_attention: boolean }) =>
    apiClient.requestEnvelope<AdminCompany>(`/api/v1/admin/companies/${id}/approve`, {
      method: 'POST',
      body: flags,
    }),
  reject: (id: number, reason: string) =>
    apiClient.requestEnvelope<AdminCompany>(`/api/v1/admin/companies/${id}/reject`, {
      method: 'POST',
      body: { reason },
    }),
};
