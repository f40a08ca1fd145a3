import type { BriefcaseCounts } from '@etp/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './apiClient.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /api/v1/briefcases/counts: the feed tabs' counters (accredited users only). */
export function useBriefcaseCounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.briefcaseCounts,
    queryFn: ({ signal }) => apiClient.request<BriefcaseCounts>('/api/v1/briefcases/counts', { signal }),
    enabled,
    staleTime: 30_000,
  });
}
