import type { SxProps, Theme } from '@mui/material';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { DayCalendarSkeleton } from '@mui/x-date-pickers/DayCalendarSkeleton';
import type { PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import type { Dayjs } from 'dayjs';
import type { ComponentType } from 'react';
import { MOSCOW_ZONE } from './moscowCalendar.ts';

interface MoscowCalendarProps {
  /** The first of the month shown. */
  month: Dayjs;
  onMonth: (month: Dayjs) => void;
  /** Chosen by clicking a day (compact mode). */
  onDay?: (day: Dayjs) => void;
  day: ComponentType<PickerDayProps>;
  loading: boolean;
  sx?: SxProps<Theme>;
}

/**
 * MUI X's month calendar in Moscow time, six weeks always (the height never jumps), with our day cells (which mark
 * the chosen day and the server's today themselves). Its month is read at mount: the owner remounts it (a key) to
 * move it from outside (Today, the arrow keys).
 */
export function MoscowCalendar({ month, onMonth, onDay, day, loading, sx }: MoscowCalendarProps) {
  return (
    <DateCalendar
      timezone={MOSCOW_ZONE}
      referenceDate={month}
      onMonthChange={(next) => onMonth(next.startOf('month'))}
      onChange={(next) => next && onDay?.(next)}
      views={['day']}
      showDaysOutsideCurrentMonth
      fixedWeekNumber={6}
      loading={loading}
      renderLoading={() => <DayCalendarSkeleton />}
      slots={{ day }}
      // 'Пн', 'Вт'…: single letters repeat (П, С) and say less.
      dayOfWeekFormatter={(date) => {
        const name = date.format('dd');
        return name.charAt(0).toUpperCase() + name.slice(1);
      }}
      sx={[
        { '& .MuiPickersCalendarHeader-label': { textTransform: 'capitalize' } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
