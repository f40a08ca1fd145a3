import type { BriefcaseListAttributes, BriefcaseListQuery, StatusesCounts } from '@etp/contracts';
import { useQueries } from '@tanstack/react-query';
import { useRef } from 'react';
import { briefcasesQueryOptions } from '../../api/briefcasesQueryOptions.ts';

export interface FeedPagesResult {
  briefcases: BriefcaseListAttributes[];
  totalPages: number;
  totalCount: number;
  statusesCounts: StatusesCounts | undefined;
  /** Nothing to show yet (first load of these filters). */
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => void;
}

/**
 * The pages firstPage..firstPage+pageCount-1 of the feed, joined: "Показать ещё" appends the next page
 * below the ones already shown. While new filters load, the last complete result stays on screen.
 */
export function useFeedPages(
  queryFor: (page: number) => BriefcaseListQuery,
  firstPage: number,
  pageCount: number,
  enabled: boolean,
): FeedPagesResult {
  const pages = Array.from({ length: pageCount }, (_, i) => firstPage + i);
  const results = useQueries({
    queries: pages.map((page) => ({ ...briefcasesQueryOptions(queryFor(page)), enabled })),
  });
  const last = useRef<FeedPagesResult | null>(null);

  const first = results[0];
  const complete = results.every((result) => result.data !== undefined);
  const error = results.find((result) => result.error)?.error ?? null;
  const refetch = () => {
    for (const result of results) if (result.error) void result.refetch();
  };
  const isFetching = results.some((result) => result.isFetching);

  if (complete && first?.data) {
    last.current = {
      briefcases: results.flatMap((result) => result.data?.briefcases.map((item) => item.attributes) ?? []),
      totalPages: first.data.total_pages,
      totalCount: first.data.total_count,
      statusesCounts: first.data.statuses_counts,
      isPending: false,
      isFetching,
      error,
      refetch,
    };
    return last.current;
  }
  if (last.current && !error && pageCount > 0) return { ...last.current, isFetching: true, refetch };
  return {
    briefcases: [],
    totalPages: 0,
    totalCount: 0,
    statusesCounts: undefined,
    isPending: enabled && !error,
    isFetching,
    error,
    refetch,
  };
}
