import { AUCTION_TYPE_ROUTES, type AuctionType } from '@etp/domain';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type FeedParams, parseFeedParams, writeFeedParams } from './feedParams.ts';

export interface FeedParamsControl {
  params: FeedParams;
  /** Changes some params; any change but the page itself goes back to page 1. */
  update(change: Partial<FeedParams>): void;
  setAuctionType(type: AuctionType | null): void;
  /** Clears status, format (unless the route fixes it), sellers, search, the calendar day and page. */
  resetFilters(): void;
  hasFilters: boolean;
}

/**
 * The feed's params from the address. On /classic, /dutch... the route fixes the format: choosing another one
 * in the filter moves to that format's route (or to /briefcases for "all formats").
 */
export function useFeedParams(routeAuctionType: AuctionType | null): FeedParamsControl {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const params = useMemo(() => {
    const parsed = parseFeedParams(search);
    return routeAuctionType ? { ...parsed, auctionType: routeAuctionType } : parsed;
  }, [search, routeAuctionType]);

  const write = useCallback(
    (next: FeedParams) => {
      const stored = routeAuctionType ? { ...next, auctionType: null } : next;
      setSearch(writeFeedParams(search, stored), { replace: true });
    },
    [routeAuctionType, search, setSearch],
  );

  const update = useCallback(
    (change: Partial<FeedParams>) => {
      const pageOnly = Object.keys(change).every((key) => key === 'page');
      write({ ...params, ...change, page: pageOnly ? (change.page ?? params.page) : 1 });
    },
    [params, write],
  );

  const setAuctionType = useCallback(
    (type: AuctionType | null) => {
      if (!routeAuctionType) return update({ auctionType: type });
      const rest = writeFeedParams(search, { ...params, auctionType: null, page: 1 });
      navigate({ pathname: type ? AUCTION_TYPE_ROUTES[type] : '/briefcases', search: rest.toString() });
    },
    [routeAuctionType, update, search, params, navigate],
  );

  const resetFilters = useCallback(
    () =>
      update({
        status: null,
        auctionType: routeAuctionType,
        query: '',
        companyIds: [],
        date: null,
        allTime: false,
      }),
    [update, routeAuctionType],
  );

  const hasFilters =
    params.status !== null ||
    params.query.trim() !== '' ||
    params.companyIds.length > 0 ||
    params.date !== null ||
    (!routeAuctionType && params.auctionType !== null);

  return { params, update, setAuctionType, resetFilters, hasFilters };
}
