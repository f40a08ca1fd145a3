import type { BriefcaseListQuery } from '@etp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { briefcasesQueryOptions } from './briefcasesQueryOptions.ts';

/** GET /api/v1/briefcases: one page of the feed. The previous page stays on screen while the next loads. */
export function useBriefcases(query: BriefcaseListQuery, enabled = true) {
  return useQuery({ ...briefcasesQueryOptions(query), placeholderData: keepPreviousData, enabled });
}
