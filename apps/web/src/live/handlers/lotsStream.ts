/**
 * LotsStream: lot_update and autobid_maxed_out.
 * - lot_update → every cached page of the procedure's lots that holds the lot, and the lot itself
 *   (mergeLotUpdate), the updates of one frame in one write per page; then `lotsChanged` (the card and the
 *   statistics re-read, throttled). Messages older than what a lot already shows (by `t`, then by version) are
 *   dropped. A page of lots (or a lot) read from the server may be older than an update already received (the read
 *   started before the bid and answered after its message): the newest update of each lot is kept and laid over
 *   such an answer again (`reapplyNewer`).
 * - autobid_maxed_out → the lot's autobid is off.
 */
import type { LiveMessageOf, LotAttributes, LotList, LotLivePayload, LotReply } from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { lotViewCondition } from '../../lib/lotViewCondition.ts';
import { mergeLotUpdate } from '../mergeLotUpdate.ts';
import type { ProcedureCardWriter } from './procedureCard.ts';

export interface LotsStreamHandler {
  /**
   * The lot updates of one frame (the server batches a tick's messages), applied with one write per cached page:
   * a frame of ten updates wakes the page's readers once, not ten times.
   */
  lotUpdates(messages: LiveMessageOf<'lot_update'>[]): void;
  autobidMaxedOut(message: LiveMessageOf<'autobid_maxed_out'>): void;
  /** Lays the newest known updates over a freshly read page of lots or lot, where that answer is older. */
  reapplyNewer(queryKey: readonly unknown[], data: unknown): void;
  /** After a reconnect: forgets what it has seen (everything is re-read). */
  recover(): void;
}

export function createLotsStreamHandler(
  queryClient: QueryClient,
  cards: ProcedureCardWriter,
  lotsChanged: (briefcaseId: number) => void,
): LotsStreamHandler {
  const lastT = new Map<number, number>();
  /** The newest live update of each lot (by version), laid over answers that are older. */
  const newest = new Map<number, LotLivePayload>();

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

  return {
    lotUpdates(messages) {
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
        const card = cards.cardOf(briefcaseId);
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
        lotsChanged(briefcaseId);
      }
    },

    autobidMaxedOut(message) {
      const { payload } = message;
      if (typeof payload?.lot_id !== 'number' || typeof message.briefcase_id !== 'number') return;
      const card = cards.cardOf(message.briefcase_id);
      const change = (lot: LotAttributes) => {
        const next = {
          ...lot,
          autobid_status: 'disabled' as const,
          autobid_max_price: null,
          autobid_steps_count: null,
        };
        return card ? { ...next, condition: lotViewCondition(next, card) } : next;
      };
      patchLots(message.briefcase_id, new Map([[payload.lot_id, change]]));
      cards.patchCard(message.briefcase_id, { has_enabled_autobids: payload.has_enabled_autobids });
    },

    reapplyNewer(queryKey, data) {
      if (newest.size === 0 || !data) return;
      if (queryKey[0] === 'lots' && typeof queryKey[1] === 'number') {
        const list = data as LotList;
        if (!list.lots?.some((l) => (newest.get(l.id)?.version ?? -1) > l.attributes.version)) return;
        const card = cards.cardOf(queryKey[1]);
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
          attributes: mergeLotUpdate(reply.attributes, update, cards.cardOf(reply.attributes.briefcase_id)),
        });
      }
    },

    recover() {
      lastT.clear();
      newest.clear();
    },
  };
}
