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
export async function downloadFile(url: string, fileName: string): Promise<void> {
  const blob = await apiClient.download(url);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
