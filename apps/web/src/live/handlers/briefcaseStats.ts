/**
 * BriefcaseStats: stats → the Statistics tab's counters at once, and its charts and lots re-read at most every
 * STATS_REFRESH_MS (lot updates, which the tab follows too, re-read them as well: `scheduleRefresh`). A read of
 * the statistics that started before a message and answered after it does not put older counters back.
 */
import type { BriefcaseStats, LiveMessageOf } from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { createKeyedThrottle } from '../keyedThrottle.ts';

/** How often the Statistics tab re-reads its charts and lots while bids come. */
const STATS_REFRESH_MS = 2000;

export interface BriefcaseStatsHandler {
  stats(message: LiveMessageOf<'stats'>): void;
  /** The Statistics tab's charts and lots, when it is open (or cached), re-read at most every STATS_REFRESH_MS. */
  scheduleRefresh(id: number): void;
  /** A read of some query started (the cache's `fetch` action). */
  readStarted(queryKey: readonly unknown[]): void;
  /** A read of some query answered: the statistics get the newer live counters back. */
  readAnswered(queryKey: readonly unknown[]): void;
  recover(): void;
  dispose(): void;
}

export function createBriefcaseStatsHandler(queryClient: QueryClient): BriefcaseStatsHandler {
  const statsRefresh = createKeyedThrottle(STATS_REFRESH_MS);
  /** The `t` of the newest stats message of each procedure. */
  const statsT = new Map<number, number>();
  /**
   * Order of events in this tab: the newest stats message of each procedure and the start of each read of its
   * statistics, so a read that started before a message and answered after it does not put older counters back.
   */
  let tick = 0;
  const liveCounters = new Map<number, { at: number; bids: number; users: number }>();
  const statsReadStarted = new Map<number, number>();

  function scheduleRefresh(id: number): void {
    if (queryClient.getQueryData(queryKeys.stats(id)) === undefined) return;
    statsRefresh.schedule(
      String(id),
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.stats(id) }),
    );
  }

  function patchCounters(id: number): void {
    const live = liveCounters.get(id);
    if (!live) return;
    queryClient.setQueryData<BriefcaseStats>(queryKeys.stats(id), (stats) =>
      stats ? { ...stats, attributes: { ...stats.attributes, bids: live.bids, users: live.users } } : stats,
    );
  }

  /** The procedure of a statistics query, null for any other query. */
  const statsOf = ([kind, id]: readonly unknown[]) =>
    kind === 'stats' && typeof id === 'number' ? id : null;

  return {
    stats(message) {
      const { payload } = message;
      const id = payload?.briefcase_id ?? message.briefcase_id;
      if (typeof id !== 'number' || typeof payload?.bids !== 'number') return;
      if (message.t < (statsT.get(id) ?? 0)) return;
      statsT.set(id, message.t);
      liveCounters.set(id, { at: ++tick, bids: payload.bids, users: payload.users });
      patchCounters(id);
      scheduleRefresh(id);
    },
    scheduleRefresh,
    readStarted(queryKey) {
      const id = statsOf(queryKey);
      if (id !== null) statsReadStarted.set(id, ++tick);
    },
    readAnswered(queryKey) {
      const id = statsOf(queryKey);
      if (id !== null && (liveCounters.get(id)?.at ?? 0) > (statsReadStarted.get(id) ?? 0)) patchCounters(id);
    },
    recover() {
      statsT.clear();
      liveCounters.clear();
    },
    dispose() {
      statsRefresh.dispose();
    },
  };
}
