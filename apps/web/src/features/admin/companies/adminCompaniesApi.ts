/** The administrator's accreditation calls (docs/decisions/0032). */

import { call, callEnvelope } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';

export const ACCREDITATION_FILTERS = ['pending', 'approved', 'rejected', 'draft', 'all'] as const;
export type AccreditationFilter = (typeof ACCREDITATION_FILTERS)[number];

export const adminCompaniesApi = {
  list: (status: AccreditationFilter, page: number, signal?: AbortSignal) =>
    call(OPERATIONS.listAdminCompanies, { query: { status, page, per_page: 20 }, signal }),
  get: (id: number, signal?: AbortSignal) => call(OPERATIONS.getAdminCompany, { params: { id }, signal }),
  approve: (id: number, flags: { fssp: boolean; need_attention: boolean }) =>
    callEnvelope(OPERATIONS.approveCompany, { params: { id }, body: flags }),
  reject: (id: number, reason: string) =>
    callEnvelope(OPERATIONS.rejectCompany, { params: { id }, body: { reason } }),
};
