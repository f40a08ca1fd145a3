/**
 * The feed's state as it lives in the address (spec 2 §2: filters and page in the query): tab, status,
 * auction_type, query, company_ids, date (a Moscow day chosen in the calendar), page, per_page. Defaults are left
 * out of the address.
 */
import { type BriefcaseListQuery, isDbId } from '@etp/contracts';
import {
  type AuctionType,
  defaultFeedWindowEnd,
  isAuctionType,
  isBriefcaseStatus,
  LIST_DEFAULT_PAGE_SIZE,
  LIST_PAGE_SIZES,
  STATUS_FILTER_GROUPS,
  type StatusFilter,
} from '@etp/domain';
import { isDayKey, moscowDayRange } from './calendar/calendarDays.ts';

const FEED_TABS = ['all', 'participation', 'favorites', 'owned'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

export interface FeedParams {
  tab: FeedTab;
  status: StatusFilter | null;
  auctionType: AuctionType | null;
  query: string;
  /** Sellers chosen in the organisation filter. */
  companyIds: number[];
  /** A Moscow day 'YYYY-MM-DD' chosen in the calendar: the list shows the procedures starting that day. */
  date: string | null;
  /**
   * "Показать за всё время" (`period=all`): no date window. Without it and without a day, the list shows the
   * spec's default window, procedures starting until today + 30 days (spec 2 §2, §9; decisions/0146).
   */
  allTime: boolean;
  page: number;
  perPage: number;
}

function isStatusFilter(value: string | null): value is StatusFilter {
  return isBriefcaseStatus(value) || (value !== null && Object.hasOwn(STATUS_FILTER_GROUPS, value));
}

export function parseFeedParams(search: URLSearchParams): FeedParams {
  const tab = search.get('tab');
  const status = search.get('status');
  const auctionType = search.get('auction_type');
  const page = Number(search.get('page'));
  const perPage = Number(search.get('per_page'));
  return {
    tab: (FEED_TABS as readonly (string | null)[]).includes(tab) ? (tab as FeedTab) : 'all',
    status: isStatusFilter(status) ? status : null,
    auctionType: isAuctionType(auctionType) ? auctionType : null,
    query: search.get('query') ?? '',
    companyIds: [...new Set(search.getAll('company_ids[]').map(Number).filter(isDbId))].slice(0, 100),
    date: isDayKey(search.get('date')) ? search.get('date') : null,
    allTime: search.get('period') === 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (LIST_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : LIST_DEFAULT_PAGE_SIZE,
  };
}

/** Writes the params back, leaving defaults out. Unrelated keys (need_auth...) are kept. */
export function writeFeedParams(search: URLSearchParams, params: FeedParams): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  put('tab', params.tab === 'all' ? null : params.tab);
  put('status', params.status);
  put('auction_type', params.auctionType);
  put('query', params.query.trim() || null);
  next.delete('company_ids[]');
  for (const id of params.companyIds) next.append('company_ids[]', String(id));
  put('date', params.date);
  put('period', params.allTime && !params.date ? 'all' : null);
  put('page', params.page > 1 ? String(params.page) : null);
  put('per_page', params.perPage === LIST_DEFAULT_PAGE_SIZE ? null : String(params.perPage));
  return next;
}

/** The date part of the list call: the chosen day, nothing for all time, else the default window's end. */
export function dateWindow(
  params: Pick<FeedParams, 'date' | 'allTime'>,
  nowMs: number,
): Pick<BriefcaseListQuery, 'start_datetime' | 'end_datetime'> {
  if (params.date) return moscowDayRange(params.date);
  if (params.allTime) return {};
  return { end_datetime: defaultFeedWindowEnd(nowMs) };
}

/**
 * The list call's query for a page. `fullAccess` false drops the tabs only accredited users may use; `nowMs`
 * (server time) places the default date window.
 */
export function toListQuery(
  params: FeedParams,
  page: number,
  fullAccess: boolean,
  nowMs: number,
): BriefcaseListQuery {
  const tab = fullAccess ? params.tab : 'all';
  return {
    page,
    per_page: params.perPage,
    status: params.status ?? undefined,
    auction_type: params.auctionType ?? undefined,
    query: params.query.trim() || undefined,
    company_ids: params.companyIds.length > 0 ? params.companyIds : undefined,
    ...dateWindow(params, nowMs),
    participation: tab === 'participation' ? true : undefined,
    favorites: tab === 'favorites' ? true : undefined,
    owned: tab === 'owned' ? true : undefined,
  };
}
