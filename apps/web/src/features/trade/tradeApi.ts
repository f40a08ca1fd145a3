/** The trading calls of the Торги tab and the lot dialog (spec 2 §7), with their caches. */
import type { LotAttributes, LotList, LotReply } from '@etp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/apiClient.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** Trade-tab page size (spec 2 §9). */
export const TRADE_PAGE_SIZE = 48;

/** A page of a procedure's lots (the Портфель table, the Торги tab): which page, and only favourites or all. */
export interface LotsPageKey {
  briefcaseId: number;
  page: number;
  favourites: boolean;
}

const lotsQuery = ({ briefcaseId, page, favourites }: LotsPageKey) => ({
  queryKey: queryKeys.lots(briefcaseId, page, favourites),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.request<LotList>('/api/v1/lots', {
      query: {
        briefcase_id: briefcaseId,
        page,
        per_page: TRADE_PAGE_SIZE,
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
    queryFn: ({ signal }) => apiClient.request<LotReply>(`/api/v1/lots/${id}`, { signal }),
    enabled: id !== null,
  });
}

export interface BidLogEntry {
  id: number;
  created_at: string;
  source_type: 'hand' | 'auto';
  amount: number;
  is_own: boolean;
  company_name: string;
}

export function useBidLog(lotId: number, page: number, perPage: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bidLog(lotId, page, perPage),
    queryFn: ({ signal }) =>
      apiClient.request<{ total_pages: number; bids: BidLogEntry[] }>(`/api/v1/lots/${lotId}/bids`, {
        query: { page, per_page: perPage },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface Bidder {
  id: number;
  userCompanyName: string;
  amount: number;
  created_at: string;
}

export function useBidders(lotId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bidders(lotId),
    queryFn: ({ signal }) => apiClient.request<Bidder[]>(`/api/v1/lots/${lotId}/bidders`, { signal }),
    enabled,
  });
}

export function useLotsInfo(briefcaseId: number) {
  return useQuery({
    queryKey: queryKeys.lotsInfo(briefcaseId),
    queryFn: ({ signal }) =>
      apiClient.request<{ lots: { id: number; number: number; alias_number: string | null }[] }>(
        `/api/v1/briefcases/${briefcaseId}/lots_info`,
        { signal },
      ),
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
        queryClient.invalidateQueries({ queryKey: ['lot-bids', lot.id] }),
      ]);
    },
  });
}

const message = async (path: string, method: 'POST' | 'DELETE' | 'PUT', body?: unknown) =>
  (await apiClient.requestEnvelope<unknown>(path, { method, body })).message;

export const tradeCalls = {
  bid: (lotId: number, amount: number, confirm: boolean) =>
    message('/api/v1/bids', 'POST', {
      lot_id: lotId,
      amount,
      confirm,
      idempotency_key: `${lotId}-${amount}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`,
    }),
  withdraw: (lotId: number) => message('/api/v1/bids', 'DELETE', { lot_id: lotId }),
  enableAutobid: (lotId: number, maxPrice: number) =>
    message('/api/v1/autobid/enable', 'POST', { lot_id: lotId, max_price: maxPrice, enabled: true }),
  disableAutobid: (lotId: number) => message('/api/v1/autobid/disable', 'POST', { lot_id: lotId }),
  renew: (lotId: number) => message(`/api/v1/lots/${lotId}/renewal`, 'POST'),
  setWinner: (lotId: number, bidId: number | null) =>
    message(`/api/v1/lots/${lotId}/set_winner`, 'POST', { bid_id: bidId }),
  rename: (lotId: number, alias: string) =>
    message(`/api/v1/lots/${lotId}/rename`, 'PUT', { alias_number: alias }),
  toggleFavourite: (lotId: number) => message(`/api/v1/lots/${lotId}/toggle_favorite`, 'PUT'),
};
