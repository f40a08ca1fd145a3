import { formatMoscowDateLong, moscowDayKey } from '@etp/domain';
import { FEED_MESSAGES } from './messages.ts';

export interface DateGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/**
 * Groups feed items by the Moscow calendar day of their start, keeping the server's order (a day's group sits
 * where its first item was). Items without a start go to 'Без даты'.
 */
export function groupByStartDate<T extends { start_datetime: string | null }>(
  items: readonly T[],
): DateGroup<T>[] {
  const groups = new Map<string, DateGroup<T>>();
  for (const item of items) {
    const start =
      item.start_datetime && Number.isFinite(Date.parse(item.start_datetime)) ? item.start_datetime : null;
    const key = start ? moscowDayKey(start) : 'none';
    let group = groups.get(key);
    if (!group) {
      group = { key, label: start ? formatMoscowDateLong(start) : FEED_MESSAGES.noDate, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}
