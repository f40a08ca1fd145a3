/** The calendar's calls (spec 2 §7): the month around the one on screen, and one day's procedures. */

import { CALENDAR_DAY_PAGE_SIZE } from '@etp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { briefcasesQueryOptions } from '../../../api/briefcasesQueryOptions.ts';
import { call } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { queryKeys } from '../../../api/queryKeys.ts';
import { moscowDayRange } from './calendarDays.ts';

/** The server keeps a month 60 s (spec 2 §9); so does the browser. */
const CALENDAR_STALE_MS = 60_000;

/** GET /api/v1/calendar for the Moscow month 'YYYY-MM' with the one before and the one after. */
export function useCalendarMonth(month: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.calendar(month),
    queryFn: ({ signal }) =>
      call(OPERATIONS.getCalendar, {
        query: { start_datetime: `${month}-15T12:00:00+03:00`, month_offset: 'three' },
        signal,
      }),
    staleTime: CALENDAR_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The procedures of one Moscow day with their card data, for the carousel (the spec's day list call). */
export function useDayBriefcases(day: string | null) {
  return useQuery({
    ...briefcasesQueryOptions({
      ...moscowDayRange(day ?? '1970-01-01'),
      order: 'start_datetime',
      order_direction: 'asc',
      per_page: CALENDAR_DAY_PAGE_SIZE,
    }),
    enabled: day !== null,
  });
}
