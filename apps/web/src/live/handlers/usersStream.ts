/**
 * UsersStream: users → the Monitoring tab's counts and the user's row at once, and its pages re-read at most every
 * MONITORING_REFRESH_MS (the order and the newcomers are the server's).
 */
import type { LiveMessageOf, MonitoringPage } from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { createKeyedThrottle } from '../keyedThrottle.ts';

/** How often the Monitoring tab re-reads its page while visitors come and go. */
const MONITORING_REFRESH_MS = 2000;

export interface UsersStreamHandler {
  users(message: LiveMessageOf<'users'>): void;
  dispose(): void;
}

export function createUsersStreamHandler(queryClient: QueryClient): UsersStreamHandler {
  const monitoringRefresh = createKeyedThrottle(MONITORING_REFRESH_MS);
  return {
    users(message) {
      const { payload } = message;
      const id = message.briefcase_id;
      if (typeof id !== 'number' || typeof payload?.user?.user_id !== 'number') return;
      const pages = queryClient.getQueriesData<MonitoringPage>({ queryKey: queryKeys.monitoringOf(id) });
      if (pages.length === 0) return;
      queryClient.setQueriesData<MonitoringPage>({ queryKey: queryKeys.monitoringOf(id) }, (page) =>
        page
          ? {
              ...page,
              online_count: payload.online_count,
              total_count: payload.total_count,
              users: page.users.map((u) => (u.user_id === payload.user.user_id ? payload.user : u)),
            }
          : page,
      );
      monitoringRefresh.schedule(
        String(id),
        () => void queryClient.invalidateQueries({ queryKey: queryKeys.monitoringOf(id) }),
      );
    },
    dispose() {
      monitoringRefresh.dispose();
    },
  };
}
