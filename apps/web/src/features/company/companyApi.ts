/** The user's company (spec 3 §7.2): GET, and POST (saving sends it to accreditation). */
import type { Company } from '@etp/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/apiClient.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export const companyApi = {
  get: (signal?: AbortSignal) => apiClient.request<Company | null>('/api/v1/company', { signal }),
  save: (form: FormData) =>
    apiClient.requestEnvelope<Company>('/api/v1/company', { method: 'POST', body: form }),
};

export function useCompany() {
  return useQuery({ queryKey: queryKeys.company, queryFn: ({ signal }) => companyApi.get(signal) });
}

/** Saves a document the server gives only with the token, under its own name. */
export { downloadFile } from '../../api/downloadFile.ts';
