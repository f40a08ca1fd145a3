import { useQuery } from '@tanstack/react-query';
import { call } from './call.ts';
import { OPERATIONS } from './operations.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /api/v1/briefcases/counts: the feed tabs' counters (accredited users only). */
export function useBriefcaseCounts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.briefcaseCounts,
    queryFn: ({ signal }) => call(OPERATIONS.countBriefcases, { signal }),
    enabled,
    staleTime: 30_000,
  });
}
