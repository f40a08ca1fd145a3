import { formatMoscowDateLong, moscowDayKey } from '@etp/domain';
import { FEED_MESSAGES } from './messages.ts';

export interface DateGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/**
 * Groups feed items by the Moscow calendar day of their start, in the list's own order: a group is a run of
 * consecutive items of one day, so the groups read exactly as the server sorted the list (decisions/0116) and
 * nothing moves when "Показать ещё" appends a page. Items without a start read 'Без даты'.
 */
export function groupByStartDate<T extends { start_datetime: string | null }>(
  items: readonly T[],
): DateGroup<T>[] {
  const groups: DateGroup<T>[] = [];
  for (const item of items) {
    const start =
      item.start_datetime && Number.isFinite(Date.parse(item.start_datetime)) ? item.start_datetime : null;
    const day = start ? moscowDayKey(start) : 'none';
    const last = groups[groups.length - 1];
    if (last?.key.startsWith(`${day}#`)) {
      last.items.push(item);
      continue;
    }
    groups.push({
      key: `${day}#${groups.length}`,
      label: start ? formatMoscowDateLong(start) : FEED_MESSAGES.noDate,
      items: [item],
    });
  }
  return groups;
}
