import { MONITORING_OFFLINE_AFTER_MS } from '@etp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { useLiveSubscription } from '../../../live/useLive.ts';

/**
 * GET /api/v1/briefcases/{id}/users, a page of 20, kept live from UsersStream (liveCache.ts). Going offline is a
 * silence, not a message (decisions/0013), so the page is also re-read every half of the offline delay.
 */
export function useMonitoring(briefcaseId: number, page: number) {
  useLiveSubscription('UsersStream', briefcaseId);
  return useQuery({
    queryKey: queryKeys.monitoring(briefcaseId, page),
    queryFn: ({ signal }) =>
      call(OPERATIONS.listMonitoredUsers, { params: { id: briefcaseId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: MONITORING_OFFLINE_AFTER_MS / 2,
  });
}
