import type { CalendarEntry } from '@etp/contracts';
import { createContext, useContext } from 'react';

/** What the calendar's day cells read: the month's procedures by Moscow day, and what a click does. */
export interface CalendarCells {
  byDay: Readonly<Record<string, CalendarEntry[]>>;
  /** The day chosen for the list, 'YYYY-MM-DD', or null. */
  selected: string | null;
  /** Today in Moscow by the server's clock. */
  today: string;
  /** Choose the day: the list shows its procedures. */
  onPickDay: (day: string) => void;
  /** Open the day's carousel at this procedure (full view). */
  onOpenProcedure: (day: string, id: number) => void;
}

export const CalendarContext = createContext<CalendarCells>({
  byDay: {},
  selected: null,
  today: '',
  onPickDay: () => undefined,
  onOpenProcedure: () => undefined,
});

export const useCalendarCells = () => useContext(CalendarContext);
