/** GET /api/v1/briefcases/{id}/documents: what this viewer may download; read again when the status changes. */
import type { BriefcaseDocuments } from '@etp/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../api/apiClient.ts';
import { queryKeys } from '../../../api/queryKeys.ts';

export function useBriefcaseDocuments(briefcaseId: number, status: string) {
  return useQuery({
    queryKey: queryKeys.briefcaseDocuments(briefcaseId, status),
    queryFn: ({ signal }) =>
      apiClient.request<BriefcaseDocuments>(`/api/v1/briefcases/${briefcaseId}/documents`, { signal }),
  });
}
