import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { useLiveSubscription } from '../../../live/useLive.ts';

/**
 * GET /api/v1/charts/briefcases/{id}/stats, kept live: the counters come on BriefcaseStats after each bid, and the
 * lots' updates (a lot ending, a new price) re-read the rest (liveCache.ts).
 */
export function useBriefcaseStats(briefcaseId: number) {
  useLiveSubscription('BriefcaseStats', briefcaseId);
  useLiveSubscription('LotsStream', briefcaseId);
  return useQuery({
    queryKey: queryKeys.stats(briefcaseId),
    queryFn: ({ signal }) => call(OPERATIONS.getBriefcaseStats, { params: { id: briefcaseId }, signal }),
  });
}
