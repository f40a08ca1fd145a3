/**
 * Writes live messages into the TanStack Query caches that own the data, so every screen showing it (feed card,
 * card header, Торги row, open lot dialog) changes at once. One handler per channel (handlers/):
 * - LotsStream (lotsStream.ts): lot_update → the cached pages of lots and the lot, then the procedure's card
 *   (procedureCard.ts) and statistics re-read, throttled; autobid_maxed_out → the lot's autobid is off;
 * - BriefcaseStatus (briefcaseStatus.ts): briefcase_status_update / briefcase_closed / next_round → the card and
 *   its feed entries, and the lots re-read;
 * - DealsStream (no procedure; "Мои сделки", the administrator's deals, the lot's "Сделка" block subscribe):
 *   deal_update → the procedure's lots, the lot and the deals re-read;
 * - BriefcaseStats (briefcaseStats.ts): stats → the Statistics tab's counters at once, its charts re-read;
 * - UsersStream (usersStream.ts): users → the Monitoring tab's counts and the user's row;
 * - BriefcaseQuestions (briefcaseQuestions.ts): questions → the FAQ tab's pages re-read.
 * The switch over actions here is exhaustive (a new action does not compile until it is handled); a message of an
 * action this build does not know is ignored (LiveConnection drops such messages before they get here).
 */
import type { BriefcaseCard, LiveChannel, LiveMessage, LiveMessageOf } from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import { onQuestions } from './handlers/briefcaseQuestions.ts';
import { createBriefcaseStatsHandler } from './handlers/briefcaseStats.ts';
import { onStatus } from './handlers/briefcaseStatus.ts';
import { createLotsStreamHandler } from './handlers/lotsStream.ts';
import { createProcedureCardWriter } from './handlers/procedureCard.ts';
import { createUsersStreamHandler } from './handlers/usersStream.ts';

export interface LiveCacheWriter {
  apply(message: LiveMessage): void;
  /** The messages of one frame, in order (lot updates in one write per cached page). */
  applyFrame(messages: LiveMessage[]): void;
  /** After a reconnect: everything live may be stale. */
  recover(): void;
  /**
   * A subscription is confirmed. The Statistics and Monitoring tabs re-read theirs: a change between their first
   * read and the subscription would otherwise wait for the next message (a visitor's status may never send another).
   */
  subscribed(channel: LiveChannel, briefcaseId: number | null): void;
  dispose(): void;
}

export function createLiveCacheWriter(
  queryClient: QueryClient,
  fetchCard: (id: number) => Promise<BriefcaseCard>,
): LiveCacheWriter {
  const cards = createProcedureCardWriter(queryClient, fetchCard);
  const stats = createBriefcaseStatsHandler(queryClient);
  const users = createUsersStreamHandler(queryClient);
  const lots = createLotsStreamHandler(queryClient, cards, (briefcaseId) => {
    cards.scheduleRefresh(briefcaseId);
    stats.scheduleRefresh(briefcaseId);
  });

  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { queryKey } = event.query;
    if (event.action.type === 'fetch') stats.readStarted(queryKey);
    if (event.action.type !== 'success' || event.action.manual) return;
    lots.reapplyNewer(queryKey, event.action.data);
    stats.readAnswered(queryKey);
  });

  function apply(message: LiveMessage): void {
    switch (message.action) {
      case 'lot_update':
        lots.lotUpdates([message]);
        break;
      case 'briefcase_status_update':
      case 'briefcase_closed':
      case 'next_round':
        onStatus(queryClient, cards, message);
        break;
      case 'autobid_maxed_out':
        lots.autobidMaxedOut(message);
        break;
      case 'stats':
        stats.stats(message);
        break;
      case 'users':
        users.users(message);
        break;
      case 'questions':
        onQuestions(queryClient, message);
        break;
      case 'deal_update':
        // A won lot's deal moved: the procedure's lots (their cards' deal lines, decisions/0270), the lot and
        // every deal answer (the lot's block, the lists) are read again (decisions/0261).
        void queryClient.invalidateQueries({ queryKey: queryKeys.lotsOf(message.briefcase_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.lot(message.payload.lot_id) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.allDeals });
        break;
      default: {
        // Every action is handled above (this does not compile otherwise); an unknown one is ignored.
        const unknown: never = message;
        void unknown;
        break;
      }
    }
  }

  return {
    apply,
    applyFrame(messages) {
      // Runs of lot updates go in one write; any other message keeps its place between them.
      let run: LiveMessageOf<'lot_update'>[] = [];
      for (const message of messages) {
        if (message.action === 'lot_update') {
          run.push(message);
          continue;
        }
        if (run.length > 0) lots.lotUpdates(run);
        run = [];
        apply(message);
      }
      if (run.length > 0) lots.lotUpdates(run);
    },
    subscribed(channel, briefcaseId) {
      if (briefcaseId === null) return;
      if (channel === 'BriefcaseStats')
        void queryClient.invalidateQueries({ queryKey: queryKeys.stats(briefcaseId) });
      if (channel === 'UsersStream')
        void queryClient.invalidateQueries({ queryKey: queryKeys.monitoringOf(briefcaseId) });
      if (channel === 'BriefcaseQuestions')
        void queryClient.invalidateQueries({ queryKey: queryKeys.questionsOf(briefcaseId) });
    },
    recover() {
      lots.recover();
      stats.recover();
      void queryClient.invalidateQueries({ queryKey: queryKeys.serverTime });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allLotPages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allLots });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bidLogs });
      void queryClient.invalidateQueries({ queryKey: ['briefcases'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allStats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allMonitoring });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allQuestions });
    },
    dispose() {
      stopWatching();
      cards.dispose();
      stats.dispose();
      users.dispose();
    },
  };
}
