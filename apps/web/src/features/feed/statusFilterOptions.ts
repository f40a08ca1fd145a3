import { BRIEFCASE_STATUSES, briefcaseStatusLabel, type StatusFilter } from '@etp/domain';
import { FEED_MESSAGES } from './messages.ts';

export interface StatusFilterOption {
  value: StatusFilter;
  label: string;
}

const GROUPS = ['all_active', 'all_closed', 'all_archived'] as const;

/** The status select's groups (active, closed, archive), then every status with its Russian label. */
export const STATUS_FILTER_OPTIONS: { groups: StatusFilterOption[]; statuses: StatusFilterOption[] } = {
  groups: GROUPS.map((group) => ({ value: group, label: FEED_MESSAGES.filters.groups[group] })),
  statuses: BRIEFCASE_STATUSES.map((status) => ({ value: status, label: briefcaseStatusLabel(status) })),
};
