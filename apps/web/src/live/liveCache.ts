/**
 * Writes live messages into the TanStack Query caches that own the data, so every screen showing it (feed card,
 * card header, Торги row, open lot dialog) changes at once:
 * - lot_update → every cached page of the procedure's lots and the lot itself (mergeLotUpdate); the procedure's
 *   card (bid counts, the viewer's sum of bids) is re-read at most once a second and copied into the feed pages;
 * - briefcase_status_update / briefcase_closed / next_round → the procedure's card and its feed entries, and the
 *   lots are re-read (their statuses follow the procedure's);
 * - autobid_maxed_out → the lot's autobid is off.
 * Messages older than what a lot already shows (by `t`, then by version) are dropped. A page of lots (or a lot)
 * read from the server may be older than an update already received (the read started before the bid and
 * answered after its message): the newest update of each lot is kept and laid over such an answer again.
 */
import type {
  AutobidMaxedOutPayload,
  BriefcaseCard,
  BriefcaseCardAttributes,
  BriefcaseList,
  BriefcaseStatusPayload,
  LiveMessage,
  LotAttributes,
  LotList,
  LotLivePayload,
  LotReply,
} from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';
import { lotViewCondition } from '../lib/lotViewCondition.ts';
import { mergeLotUpdate } from './mergeLotUpdate.ts';

/** How often a procedure's card is re-read while its lots change. */
export const CARD_REFRESH_MS = 1000;

export interface LiveCacheWriter {
  apply(message: LiveMessage): void;
  /** After a reconnect: everything live may be stale. */
  recover(): void;
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
  const refreshes = new Map<number, { timer: ReturnType<typeof setTimeout>; again: boolean }>();

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
    const known = refreshes.get(id);
    if (known) {
      known.again = true;
      return;
    }
    void refreshCard(id);
    const entry = {
      again: false,
      timer: setTimeout(function tick() {
        if (!entry.again) {
          refreshes.delete(id);
          return;
        }
        entry.again = false;
        void refreshCard(id);
        entry.timer = setTimeout(tick, CARD_REFRESH_MS);
      }, CARD_REFRESH_MS),
    };
    refreshes.set(id, entry);
  }

  function patchLot(briefcaseId: number, lotId: number, change: (lot: LotAttributes) => LotAttributes): void {
    queryClient.setQueriesData<LotList>({ queryKey: queryKeys.lotsOf(briefcaseId) }, (list) => {
      if (!list?.lots.some((l) => l.id === lotId)) return list;
      return {
        ...list,
        lots: list.lots.map((l) => (l.id === lotId ? { ...l, attributes: change(l.attributes) } : l)),
      };
    });
    queryClient.setQueryData<LotReply>(queryKeys.lot(lotId), (reply) =>
      reply ? { ...reply, attributes: change(reply.attributes) } : reply,
    );
  }

  function onLotUpdate(message: LiveMessage): void {
    const update = message.payload as LotLivePayload;
    if (typeof update?.id !== 'number') return;
    if (message.t < (lastT.get(update.id) ?? 0)) return;
    lastT.set(update.id, message.t);
    if (update.version >= (newest.get(update.id)?.version ?? -1)) newest.set(update.id, update);
    const briefcaseId = update.briefcase_id ?? message.briefcase_id;
    const card = cardOf(briefcaseId);
    let statusChanged = false;
    patchLot(briefcaseId, update.id, (lot) => {
      if (lot.status !== update.status) statusChanged = true;
      return mergeLotUpdate(lot, update, card);
    });
    if (statusChanged) void queryClient.invalidateQueries({ queryKey: queryKeys.lot(update.id) });
    scheduleCardRefresh(briefcaseId);
  }

  function onStatus(message: LiveMessage): void {
    const payload = message.payload as BriefcaseStatusPayload;
    const id = payload?.id ?? message.briefcase_id;
    if (typeof id !== 'number') return;
    const patch: Record<string, unknown> = {};
    for (const key of [
      'status',
      'end_datetime',
      'can_start_second_round',
      'next_round_id',
      'next_round_count',
      'next_round_requests',
    ] as const) {
      if (payload[key] !== undefined) patch[key] = payload[key];
    }
    patchCard(id, patch as ListPatch);
    void queryClient.invalidateQueries({ queryKey: queryKeys.lotsOf(id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(id) });
  }

  function onAutobidMaxedOut(message: LiveMessage): void {
    const payload = message.payload as AutobidMaxedOutPayload;
    if (typeof payload?.lot_id !== 'number' || message.briefcase_id === null) return;
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
    patchCard(message.briefcase_id, { has_enabled_autobids: payload.has_enabled_autobids } as ListPatch);
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
    if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual)
      reapplyNewer(event.query.queryKey, event.action.data);
  });

  return {
    apply(message) {
      switch (message.action) {
        case 'lot_update':
          return onLotUpdate(message);
        case 'briefcase_status_update':
        case 'briefcase_closed':
        case 'next_round':
          return onStatus(message);
        case 'autobid_maxed_out':
          return onAutobidMaxedOut(message);
        default:
          return;
      }
    },
    recover() {
      lastT.clear();
      newest.clear();
      void queryClient.invalidateQueries({ queryKey: queryKeys.serverTime });
      void queryClient.invalidateQueries({ queryKey: ['lots'] });
      void queryClient.invalidateQueries({ queryKey: ['lot'] });
      void queryClient.invalidateQueries({ queryKey: ['lot-bids'] });
      void queryClient.invalidateQueries({ queryKey: ['briefcases'] });
    },
    dispose() {
      stopWatching();
      for (const { timer } of refreshes.values()) clearTimeout(timer);
      refreshes.clear();
    },
  };
}

/** The fields of `patch` a feed entry has (a card carries more than a feed entry). */
function pick<T extends object>(patch: ListPatch, target: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) if (key in target) out[key] = value;
  return out as Partial<T>;
}
