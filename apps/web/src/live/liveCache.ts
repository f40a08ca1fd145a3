/**
 * Writes live messages into the TanStack Query caches that own the data, so every screen showing it (feed card,
 * card header, Торги row, open lot dialog) changes at once:
 * - lot_update → every cached page of the procedure's lots that holds the lot, and the lot itself
 *   (mergeLotUpdate), the updates of one frame in one write per page; the procedure's card (bid counts, the
 *   viewer's sum of bids) is re-read at most once a second and copied into the feed pages;
 * - briefcase_status_update / briefcase_closed / next_round → the procedure's card and its feed entries, and the
 *   lots are re-read (their statuses follow the procedure's);
 * - autobid_maxed_out → the lot's autobid is off;
 * - stats (BriefcaseStats) → the Statistics tab's counters at once, and its charts and lots re-read at most every
 *   STATS_REFRESH_MS (lot updates, which the tab follows too, re-read them as well);
 * - users (UsersStream) → the Monitoring tab's counts and the user's row at once, and its pages re-read at most
 *   every MONITORING_REFRESH_MS (the order and the newcomers are the server's);
 * - questions (BriefcaseQuestions) → the FAQ tab's pages are re-read (the server filters what each viewer sees,
 *   decisions/0180).
 * The switch over actions is exhaustive (a new action does not compile until it is handled here); a message of an
 * action this build does not know is ignored (LiveConnection drops such messages before they get here).
 * Messages older than what a lot already shows (by `t`, then by version) are dropped. A page of lots (or a lot)
 * read from the server may be older than an update already received (the read started before the bid and
 * answered after its message): the newest update of each lot is kept and laid over such an answer again.
 */
import type {
  BriefcaseCard,
  BriefcaseCardAttributes,
  BriefcaseList,
  BriefcaseStats,
  LiveChannel,
  LiveMessage,
  LiveMessageOf,
  LotAttributes,
  LotList,
  LotLivePayload,
  LotReply,
  MonitoringPage,
} from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import { lotViewCondition } from '../lib/lotViewCondition.ts';
import { createKeyedThrottle } from './keyedThrottle.ts';
import { mergeLotUpdate } from './mergeLotUpdate.ts';

/** How often a procedure's card is re-read while its lots change. */
const CARD_REFRESH_MS = 1000;
/** How often the Statistics tab re-reads its charts and lots while bids come. */
const STATS_REFRESH_MS = 2000;
/** How often the Monitoring tab re-reads its page while visitors come and go. */
const MONITORING_REFRESH_MS = 2000;

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

type ListPatch = Partial<BriefcaseCardAttributes>;

export function createLiveCacheWriter(
  queryClient: QueryClient,
  fetchCard: (id: number) => Promise<BriefcaseCard>,
): LiveCacheWriter {
  const lastT = new Map<number, number>();
  /** The newest live update of each lot (by version), laid over answers that are older. */
  const newest = new Map<number, LotLivePayload>();
  const cardRefresh = createKeyedThrottle(CARD_REFRESH_MS);
  const statsRefresh = createKeyedThrottle(STATS_REFRESH_MS);
  const monitoringRefresh = createKeyedThrottle(MONITORING_REFRESH_MS);
  /** The `t` of the newest stats message of each procedure. */
  const statsT = new Map<number, number>();
  /**
   * Order of events in this tab: the newest stats message of each procedure and the start of each read of its
   * statistics, so a read that started before a message and answered after it does not put older counters back.
   */
  let tick = 0;
  const liveCounters = new Map<number, { at: number; bids: number; users: number }>();
  const statsReadStarted = new Map<number, number>();

  const cardOf = (id: number) =>
    queryClient.getQueryData<BriefcaseCard>(queryKeys.briefcase(id))?.attributes ?? null;

  function patchFeed(id: number, patch: ListPatch): void {
    queryClient.setQueriesData<BriefcaseList>({ queryKey: ['briefcases', 'list'] }, (list) => {
      if (!list?.briefcases.some((b) => b.id === id)) return list;
      return {
        ...list,
        briefcases: list.briefcases.map((b) =>
          b.id === id ? { ...b, attributes: { ...b.attributes, ...pick(patch, b.attributes) } } : b,
        ),
      };
    });
  }

  function patchCard(id: number, patch: ListPatch): void {
    queryClient.setQueryData<BriefcaseCard>(queryKeys.briefcase(id), (card) =>
      card?.attributes ? { ...card, attributes: { ...card.attributes, ...patch } } : card,
    );
    patchFeed(id, patch);
  }

  const shownInFeed = (id: number) =>
    queryClient
      .getQueriesData<BriefcaseList>({ queryKey: ['briefcases', 'list'] })
      .some(([, list]) => list?.briefcases.some((b) => b.id === id));

  async function refreshCard(id: number): Promise<void> {
    if (!cardOf(id) && !shownInFeed(id)) return;
    try {
      const card = await queryClient.fetchQuery({
        queryKey: queryKeys.briefcase(id),
        queryFn: () => fetchCard(id),
        staleTime: 0,
      });
      if (card.attributes) patchFeed(id, card.attributes);
    } catch {
      // The next update or the reconnect re-reads it.
    }
  }

  /** At most one re-read of a card per CARD_REFRESH_MS: the first at once, the last of a burst at the end. */
  function scheduleCardRefresh(id: number): void {
    cardRefresh.schedule(String(id), () => void refreshCard(id));
  }

  /** The Statistics tab's charts and lots, when it is open (or cached), re-read at most every STATS_REFRESH_MS. */
  function scheduleStatsRefresh(id: number): void {
    if (queryClient.getQueryData(queryKeys.stats(id)) === undefined) return;
    statsRefresh.schedule(
      String(id),
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.stats(id) }),
    );
  }

  /**
   * Applies changes to lots of one procedure: each cached page holding one of them is written once, and a page
   * without any is not touched (writing it, even unchanged, would wake every component reading it).
   */
  function patchLots(briefcaseId: number, changes: Map<number, (lot: LotAttributes) => LotAttributes>): void {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.lotsOf(briefcaseId) })) {
      const list = query.state.data as LotList | undefined;
      if (!list?.lots?.some((l) => changes.has(l.id))) continue;
      queryClient.setQueryData<LotList>(query.queryKey, {
        ...list,
        lots: list.lots.map((l) => {
          const change = changes.get(l.id);
          return change ? { ...l, attributes: change(l.attributes) } : l;
        }),
      });
    }
    for (const [lotId, change] of changes) {
      const reply = queryClient.getQueryData<LotReply>(queryKeys.lot(lotId));
      if (reply?.attributes)
        queryClient.setQueryData<LotReply>(queryKeys.lot(lotId), {
          ...reply,
          attributes: change(reply.attributes),
        });
    }
  }

  function patchLot(briefcaseId: number, lotId: number, change: (lot: LotAttributes) => LotAttributes): void {
    patchLots(briefcaseId, new Map([[lotId, change]]));
  }

  /**
   * The lot updates of one frame (the server batches a tick's messages), applied with one write per cached page:
   * a frame of ten updates wakes the page's readers once, not ten times.
   */
  function onLotUpdates(messages: LiveMessageOf<'lot_update'>[]): void {
    const byProcedure = new Map<number, Map<number, LotLivePayload[]>>();
    for (const message of messages) {
      const update = message.payload;
      if (typeof update?.id !== 'number') continue;
      if (message.t < (lastT.get(update.id) ?? 0)) continue;
      lastT.set(update.id, message.t);
      if (update.version >= (newest.get(update.id)?.version ?? -1)) newest.set(update.id, update);
      const briefcaseId = update.briefcase_id ?? message.briefcase_id;
      const lots = byProcedure.get(briefcaseId) ?? new Map<number, LotLivePayload[]>();
      byProcedure.set(briefcaseId, lots);
      lots.set(update.id, [...(lots.get(update.id) ?? []), update]);
    }
    for (const [briefcaseId, lots] of byProcedure) {
      const card = cardOf(briefcaseId);
      const statusChanged = new Set<number>();
      const changes = new Map<number, (lot: LotAttributes) => LotAttributes>();
      for (const [lotId, updates] of lots)
        changes.set(lotId, (lot) => {
          let next = lot;
          for (const update of updates) next = mergeLotUpdate(next, update, card);
          if (next.status !== lot.status) statusChanged.add(lotId);
          return next;
        });
      patchLots(briefcaseId, changes);
      for (const lotId of statusChanged)
        void queryClient.invalidateQueries({ queryKey: queryKeys.lot(lotId) });
      scheduleCardRefresh(briefcaseId);
      scheduleStatsRefresh(briefcaseId);
    }
  }

  function onStats(message: LiveMessageOf<'stats'>): void {
    const { payload } = message;
    const id = payload?.briefcase_id ?? message.briefcase_id;
    if (typeof id !== 'number' || typeof payload?.bids !== 'number') return;
    if (message.t < (statsT.get(id) ?? 0)) return;
    statsT.set(id, message.t);
    liveCounters.set(id, { at: ++tick, bids: payload.bids, users: payload.users });
    patchCounters(id);
    scheduleStatsRefresh(id);
  }

  function patchCounters(id: number): void {
    const live = liveCounters.get(id);
    if (!live) return;
    queryClient.setQueryData<BriefcaseStats>(queryKeys.stats(id), (stats) =>
      stats ? { ...stats, attributes: { ...stats.attributes, bids: live.bids, users: live.users } } : stats,
    );
  }

  function onUsers(message: LiveMessageOf<'users'>): void {
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
  }

  function onQuestions(message: LiveMessageOf<'questions'>): void {
    const id = message.payload?.briefcase_id ?? message.briefcase_id;
    if (typeof id !== 'number') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.questionsOf(id) });
  }

  function onStatus(
    message: LiveMessageOf<'briefcase_status_update' | 'briefcase_closed' | 'next_round'>,
  ): void {
    const { payload } = message;
    const id = payload?.id ?? message.briefcase_id;
    if (typeof id !== 'number') return;
    patchCard(id, statusPatch(payload));
    void queryClient.invalidateQueries({ queryKey: queryKeys.lotsOf(id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(id) });
  }

  function onAutobidMaxedOut(message: LiveMessageOf<'autobid_maxed_out'>): void {
    const { payload } = message;
    if (typeof payload?.lot_id !== 'number' || typeof message.briefcase_id !== 'number') return;
    const card = cardOf(message.briefcase_id);
    patchLot(message.briefcase_id, payload.lot_id, (lot) => {
      const next = {
        ...lot,
        autobid_status: 'disabled' as const,
        autobid_max_price: null,
        autobid_steps_count: null,
      };
      return card ? { ...next, condition: lotViewCondition(next, card) } : next;
    });
    patchCard(message.briefcase_id, { has_enabled_autobids: payload.has_enabled_autobids });
  }

  /** Lays the newest known updates over a freshly read page of lots or lot, where that answer is older. */
  function reapplyNewer(queryKey: readonly unknown[], data: unknown): void {
    if (newest.size === 0 || !data) return;
    if (queryKey[0] === 'lots' && typeof queryKey[1] === 'number') {
      const list = data as LotList;
      if (!list.lots?.some((l) => (newest.get(l.id)?.version ?? -1) > l.attributes.version)) return;
      const card = cardOf(queryKey[1]);
      queryClient.setQueryData<LotList>(queryKey, {
        ...list,
        lots: list.lots.map((l) => {
          const update = newest.get(l.id);
          return update && update.version > l.attributes.version
            ? { ...l, attributes: mergeLotUpdate(l.attributes, update, card) }
            : l;
        }),
      });
    } else if (queryKey[0] === 'lot' && typeof queryKey[1] === 'number') {
      const reply = data as LotReply;
      const update = newest.get(queryKey[1]);
      if (!reply.attributes || !update || update.version <= reply.attributes.version) return;
      queryClient.setQueryData<LotReply>(queryKey, {
        ...reply,
        attributes: mergeLotUpdate(reply.attributes, update, cardOf(reply.attributes.briefcase_id)),
      });
    }
  }

  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const [kind, id] = event.query.queryKey;
    const statsRead = kind === 'stats' && typeof id === 'number';
    if (statsRead && event.action.type === 'fetch') statsReadStarted.set(id, ++tick);
    if (event.action.type !== 'success' || event.action.manual) return;
    reapplyNewer(event.query.queryKey, event.action.data);
    if (statsRead && (liveCounters.get(id)?.at ?? 0) > (statsReadStarted.get(id) ?? 0)) patchCounters(id);
  });

  function apply(message: LiveMessage): void {
    switch (message.action) {
      case 'lot_update':
        onLotUpdates([message]);
        break;
      case 'briefcase_status_update':
      case 'briefcase_closed':
      case 'next_round':
        onStatus(message);
        break;
      case 'autobid_maxed_out':
        onAutobidMaxedOut(message);
        break;
      case 'stats':
        onStats(message);
        break;
      case 'users':
        onUsers(message);
        break;
      case 'questions':
        onQuestions(message);
        break;
      case 'deal_update':
        // A won lot's deal moved: the procedure's lots are read again (decisions/0261).
        void queryClient.invalidateQueries({ queryKey: queryKeys.lotsOf(message.briefcase_id) });
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
        if (run.length > 0) onLotUpdates(run);
        run = [];
        apply(message);
      }
      if (run.length > 0) onLotUpdates(run);
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
      lastT.clear();
      newest.clear();
      statsT.clear();
      liveCounters.clear();
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
      cardRefresh.dispose();
      statsRefresh.dispose();
      monitoringRefresh.dispose();
    },
  };
}

/**
 * The card fields a status message changes: those it carries. `next_round_requests` (the seller's count of
 * applications) has no place on the card: the card is re-read after every status message anyway.
 */
function statusPatch(payload: LiveMessageOf<'next_round'>['payload']): ListPatch {
  const patch: ListPatch = {};
  if (payload.status !== undefined) patch.status = payload.status;
  if (payload.end_datetime !== undefined) patch.end_datetime = payload.end_datetime;
  if (payload.can_start_second_round !== undefined)
    patch.can_start_second_round = payload.can_start_second_round;
  if (payload.next_round_id !== undefined) patch.next_round_id = payload.next_round_id;
  if (payload.next_round_count !== undefined) patch.next_round_count = payload.next_round_count;
  if (payload.second_round_id !== undefined) patch.second_round_id = payload.second_round_id;
  return patch;
}

/** The fields of `patch` a feed entry has (a card carries more than a feed entry). */
function pick<T extends object>(patch: ListPatch, target: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) if (key in target) out[key] = value;
  return out as Partial<T>;
}
