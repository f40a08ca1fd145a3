/** What a calendar day shows (spec 2 §2 "Calendar panel", §9; decisions/0116): dots by format, entries in full view. */
import type { CalendarEntry } from '@etp/contracts';
import { type AuctionType, CALENDAR_MAX_DOTS_PER_DAY } from '@etp/domain';

/** The formats of a day's procedures, each once, in the order they first start; at most three dots. */
export function dotTypes(entries: readonly CalendarEntry[]): AuctionType[] {
  const types: AuctionType[] = [];
  for (const entry of entries) {
    const type = entry.attributes.auction_type;
    if (!types.includes(type)) types.push(type);
  }
  return types.slice(0, CALENDAR_MAX_DOTS_PER_DAY);
}

/**
 * The full view's lines for a day: a day of one or two procedures shows them; a busier day shows its first
 * procedure and "Ещё N ТП" for the rest (the spec: up to one procedure, plus "Ещё N ТП" beyond two).
 */
export function fullViewEntries(entries: readonly CalendarEntry[]): { shown: CalendarEntry[]; more: number } {
  if (entries.length <= 2) return { shown: [...entries], more: 0 };
  return { shown: entries.slice(0, 1), more: entries.length - 1 };
}

/** The first and last instant of a Moscow day 'YYYY-MM-DD', as the list call takes them (+03:00). */
export function moscowDayRange(day: string): { start_datetime: string; end_datetime: string } {
  return { start_datetime: `${day}T00:00:00+03:00`, end_datetime: `${day}T23:59:59.999+03:00` };
}

export function isDayKey(value: string | null): value is string {
  return (
    value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && Number.isFinite(Date.parse(`${value}T00:00:00Z`))
  );
}
