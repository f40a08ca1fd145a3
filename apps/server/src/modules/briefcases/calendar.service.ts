/**
 * The feed's calendar month (GET /api/v1/calendar, spec 2 §7): procedures by Moscow day over one or three months,
 * kept 60 s (spec 2 §9 "calendar cache 60 s") per visibility (decision 0065).
 */
import type { CalendarData, CalendarEntry, CalendarMonthOffset } from '@etp/contracts';
import { CALENDAR_CACHE_MS, fromMoscowParts, moscowDayKey, moscowParts } from '@etp/domain';
import type { DbOrTx } from '../../db/client.ts';
import { findCalendarRows, type Viewer } from './briefcases.queries.ts';

const MAX_CACHED = 500;

/** The Moscow months a call covers, [from, to): the month of `start` and its neighbours, or one neighbour. */
function calendarRange(start: Date, offset: CalendarMonthOffset): { from: Date; to: Date } {
  const { year, month } = moscowParts(start);
  const firstOf = (delta: number) => fromMoscowParts(year, month + delta, 1);
  switch (offset) {
    case 'three':
      return { from: firstOf(-1), to: firstOf(2) };
    case 'prev':
      return { from: firstOf(-1), to: firstOf(0) };
    case 'next':
      return { from: firstOf(1), to: firstOf(2) };
  }
}

/** Who sees the same calendar: the feed's visibility depends on the administrator role and the companies alone. */
function visibilityKey(viewer: Viewer): string {
  return viewer.isAdmin ? 'admin' : [...viewer.companyIds].sort((a, b) => a - b).join(',');
}

export interface CalendarReader {
  read(viewer: Viewer, start: Date, offset: CalendarMonthOffset): Promise<CalendarData>;
}

export function createCalendar(db: DbOrTx, now: () => Date): CalendarReader {
  const cache = new Map<string, { at: number; data: CalendarData }>();

  async function load(viewer: Viewer, from: Date, to: Date): Promise<CalendarData> {
    const rows = await findCalendarRows(db, viewer, from, to);
    const byDay: Record<string, CalendarEntry[]> = {};
    for (const row of rows) {
      if (!row.startDatetime) continue;
      const day = moscowDayKey(row.startDatetime);
      const list = byDay[day] ?? [];
      byDay[day] = list;
      list.push({
        id: row.id,
        attributes: {
          auction_type: row.auctionType,
          kind: row.kind,
          status: row.status,
          start_datetime: row.startDatetime.toISOString(),
          company_name: row.companyName,
        },
      });
    }
    return { briefcases: byDay, from: from.toISOString(), to: to.toISOString() };
  }

  return {
    async read(viewer, start, offset) {
      const { from, to } = calendarRange(start, offset);
      const key = `${visibilityKey(viewer)}|${from.getTime()}|${to.getTime()}`;
      const at = now().getTime();
      const hit = cache.get(key);
      if (hit && at - hit.at < CALENDAR_CACHE_MS) return hit.data;
      const data = await load(viewer, from, to);
      cache.delete(key);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
      cache.set(key, { at, data });
      return data;
    },
  };
}
