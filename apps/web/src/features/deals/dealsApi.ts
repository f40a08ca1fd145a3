/** The deal calls (decisions/0261) with their caches: a lot's deal, the list, and each party's step. */
import type { DealView } from '@etp/contracts';
import type { DealState } from '@etp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError.ts';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** A deal as the screens read it: the contract's reply. */
export type Deal = DealView;

/** A lot's deal; null when the lot has none the caller may see (the server's 404). */
export function useLotDeal(lotId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.lotDeal(lotId),
    queryFn: async ({ signal }): Promise<Deal | null> => {
      try {
        return await call(OPERATIONS.getLotDeal, { params: { id: lotId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
  });
}

export interface DealsFilter {
  page: number;
  state?: DealState;
  role?: 'buyer' | 'seller';
}

const DEALS_PER_PAGE = 20;

export function useDeals(filter: DealsFilter) {
  return useQuery({
    queryKey: queryKeys.deals(filter),
    queryFn: ({ signal }) =>
      call(OPERATIONS.listDeals, {
        query: { page: filter.page, per_page: DEALS_PER_PAGE, state: filter.state, role: filter.role },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The steps that take no input: each is a POST on the deal. */
export type DealStep =
  | 'mark_paid'
  | 'confirm_payment'
  | 'offer_to_second'
  | 'accept_offer'
  | 'decline_offer'
  | 'close';

function runStep(step: DealStep, id: number): Promise<Deal> {
  const params = { id };
  switch (step) {
    case 'mark_paid':
      return call(OPERATIONS.markDealPaid, { params });
    case 'confirm_payment':
      return call(OPERATIONS.confirmDealPayment, { params });
    case 'offer_to_second':
      return call(OPERATIONS.offerDealToSecond, { params });
    case 'accept_offer':
      return call(OPERATIONS.acceptDealOffer, { params });
    case 'decline_offer':
      return call(OPERATIONS.declineDealOffer, { params });
    case 'close':
      return call(OPERATIONS.closeDeal, { params });
  }
}

/** After any step every deal answer is read again (the list, the lot's deal) and the lot's own card. */
function useDealSettled() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.allDeals }),
      queryClient.invalidateQueries({ queryKey: queryKeys.allLots }),
    ]);
}

export function useDealStep(dealId: number) {
  const settled = useDealSettled();
  return useMutation({ mutationFn: (step: DealStep) => runStep(step, dealId), onSettled: settled });
}

export function useSendSignCode(dealId: number) {
  return useMutation({ mutationFn: () => call(OPERATIONS.sendDealSignCode, { params: { id: dealId } }) });
}

export function useSignDeal(dealId: number) {
  const settled = useDealSettled();
  return useMutation({
    mutationFn: (code: string) => call(OPERATIONS.signDeal, { params: { id: dealId }, body: { code } }),
    onSettled: settled,
  });
}

export function useCancelDeal(dealId: number) {
  const settled = useDealSettled();
  return useMutation({
    mutationFn: (reason: string) => call(OPERATIONS.cancelDeal, { params: { id: dealId }, body: { reason } }),
    onSettled: settled,
  });
}

/** Signs with the scan of the paper-signed agreement (multipart field `file`, a PDF). */
export function useSignDealByScan(dealId: number) {
  const settled = useDealSettled();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return call(OPERATIONS.signDealByScan, { params: { id: dealId }, body });
    },
    onSettled: settled,
  });
}
