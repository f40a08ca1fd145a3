/** The trading calls of the Торги tab and the lot dialog (spec 2 §7), with their caches. */
import type { LotAttributes, LotList } from '@etp/contracts';
import { TRADE_LOTS_PAGE_SIZE } from '@etp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callEnvelope } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** A page of a procedure's lots (the Портфель table, the Торги tab): which page, and only favourites or all. */
export interface LotsPageKey {
  briefcaseId: number;
  page: number;
  favourites: boolean;
}

const lotsQuery = ({ briefcaseId, page, favourites }: LotsPageKey) => ({
  queryKey: queryKeys.lots(briefcaseId, page, favourites),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(OPERATIONS.listLots, {
      query: {
        briefcase_id: briefcaseId,
        page,
        per_page: TRADE_LOTS_PAGE_SIZE,
        type: favourites ? 'favorite' : undefined,
      },
      signal,
    }),
  placeholderData: keepPreviousData,
});

export function useLots(briefcaseId: number, page: number, favourites: boolean) {
  return useQuery(lotsQuery({ briefcaseId, page, favourites }));
}

/** What a page of lots is made of, without the lots' live figures. */
const pageOutline = (list: LotList) => ({
  ids: list.lots.map((l) => l.id),
  total_pages: list.total_pages,
});

/**
 * The lots of a page as ids and the page count. A live price change writes the page's cache entry, but the
 * outline stays equal (structural sharing keeps the same object), so the component reading it does not re-render:
 * each lot reads its own entry with usePageLot (decisions/0190).
 */
export function useLotsOutline(key: LotsPageKey) {
  return useQuery({ ...lotsQuery(key), select: pageOutline });
}

/**
 * One lot of a page as the live cache has it; re-renders its reader only when that lot changes. A passive reader
 * of the entry useLotsOutline loads and refreshes: it never makes the entry stale on its own (staleTime Infinity).
 * With a finite staleTime every observer of the entry clears and sets a stale timer on every write, 48 pairs of
 * timer calls for each live update of the page.
 */
export function usePageLot(key: LotsPageKey, lotId: number): LotAttributes | null {
  return (
    useQuery({
      ...lotsQuery(key),
      staleTime: Number.POSITIVE_INFINITY,
      select: (list: LotList) => list.lots.find((l) => l.id === lotId)?.attributes ?? null,
    }).data ?? null
  );
}

export function useLot(id: number | null) {
  return useQuery({
    queryKey: queryKeys.lot(id ?? 0),
    queryFn: ({ signal }) => call(OPERATIONS.getLot, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useBidLog(lotId: number, page: number, perPage: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bidLog(lotId, page, perPage),
    queryFn: ({ signal }) =>
      call(OPERATIONS.listLotBids, { params: { id: lotId }, query: { page, per_page: perPage }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useBidders(lotId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bidders(lotId),
    queryFn: ({ signal }) => call(OPERATIONS.listLotBidders, { params: { id: lotId }, signal }),
    enabled,
  });
}

export function useLotsInfo(briefcaseId: number) {
  return useQuery({
    queryKey: queryKeys.lotsInfo(briefcaseId),
    queryFn: ({ signal }) => call(OPERATIONS.getLotsInfo, { params: { id: briefcaseId }, signal }),
    staleTime: 60_000,
  });
}

/**
 * A trading action on one lot; afterwards the lot, its page and the card (the bids sum) are read again, so the
 * viewer's own fields (own bid, autobid) are exact even before the live update arrives.
 */
export function useLotAction<V>(
  lot: Pick<LotAttributes, 'id' | 'briefcase_id'>,
  send: (vars: V) => Promise<string | null>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.lot(lot.id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.lotsOf(lot.briefcase_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(lot.briefcase_id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bidLogOf(lot.id) }),
        // The winner's choice opens the lot's deal (decisions/0261).
        queryClient.invalidateQueries({ queryKey: queryKeys.lotDeal(lot.id) }),
      ]);
    },
  });
}

/** The server's message of a trading action (what the screen shows once it succeeds). */
const message = async (reply: Promise<{ message: string | null }>) => (await reply).message;

export const tradeCalls = {
  bid: (lotId: number, amount: number, confirm: boolean) =>
    message(
      callEnvelope(OPERATIONS.placeBid, {
        body: {
          lot_id: lotId,
          amount,
          confirm,
          idempotency_key: `${lotId}-${amount}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
        },
      }),
    ),
  withdraw: (lotId: number) => message(callEnvelope(OPERATIONS.withdrawBid, { body: { lot_id: lotId } })),
  enableAutobid: (lotId: number, maxPrice: number) =>
    message(
      callEnvelope(OPERATIONS.enableAutobid, { body: { lot_id: lotId, max_price: maxPrice, enabled: true } }),
    ),
  disableAutobid: (lotId: number) =>
    message(callEnvelope(OPERATIONS.disableAutobid, { body: { lot_id: lotId } })),
  renew: (lotId: number) => message(callEnvelope(OPERATIONS.renewLot, { params: { id: lotId } })),
  setWinner: (lotId: number, bidId: number | null) =>
    message(callEnvelope(OPERATIONS.setLotWinner, { params: { id: lotId }, body: { bid_id: bidId } })),
  rename: (lotId: number, alias: string) =>
    message(callEnvelope(OPERATIONS.renameLot, { params: { id: lotId }, body: { alias_number: alias } })),
  toggleFavourite: (lotId: number) =>
    message(callEnvelope(OPERATIONS.toggleLotFavourite, { params: { id: lotId } })),
};
