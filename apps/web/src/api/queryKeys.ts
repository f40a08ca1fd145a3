import type { BriefcaseListQuery } from '@etp/contracts';

/** Keys of every cached server answer, so invalidation names what it drops. */
export const queryKeys = {
  currentUser: ['user'] as const,
  briefcases: (query: BriefcaseListQuery) => ['briefcases', 'list', query] as const,
  briefcaseCounts: ['briefcases', 'counts'] as const,
  briefcase: (id: number) => ['briefcases', 'card', id] as const,
  serverTime: ['server-time'] as const,
  dictionaries: ['dictionaries'] as const,
};
