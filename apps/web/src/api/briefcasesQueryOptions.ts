import type { BriefcaseListQuery } from '@etp/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from './call.ts';
import type { QueryValue } from './createApiClient.ts';
import { OPERATIONS } from './operations.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /api/v1/briefcases for one page of the feed, as a query definition shared by the feed's hooks. */
export function briefcasesQueryOptions(query: BriefcaseListQuery) {
  return queryOptions({
    queryKey: queryKeys.briefcases(query),
    queryFn: ({ signal }) =>
      call(OPERATIONS.listBriefcases, {
        query: query as Record<keyof BriefcaseListQuery, QueryValue>,
        signal,
      }),
  });
}
