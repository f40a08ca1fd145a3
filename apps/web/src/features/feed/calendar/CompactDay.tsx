import { formatMoscowDateLong } from '@etp/domain';
import { Box } from '@mui/material';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import type { Dayjs } from 'dayjs';
import { AUCTION_TYPE_COLOURS } from '../../../components/AuctionTypeIcon.tsx';
import { FEED_MESSAGES } from '../messages.ts';
import { useCalendarCells } from './CalendarContext.ts';
import { dotTypes } from './calendarDays.ts';
import { dayKeyOf } from './moscowCalendar.ts';

/** A day of the compact calendar: MUI X's day with up to three dots, one per format starting that day. */
export function CompactDay(props: PickerDayProps) {
  const { byDay, selected, today } = useCalendarCells();
  const day = props.day as Dayjs;
  const key = dayKeyOf(day);
  const entries = props.outsideCurrentMonth ? [] : (byDay[key] ?? []);
  const types = dotTypes(entries);
  return (
    <PickerDay
      {...props}
      // The chosen day is the list's filter, not the calendar's own value (which would pin the month shown).
      selected={key === selected}
      today={key === today}
      aria-current={key === today ? 'date' : undefined}
      aria-selected={key === selected}
      data-day={key}
      aria-label={
        entries.length > 0
          ? FEED_MESSAGES.calendar.dayCount(formatMoscowDateLong(`${key}T12:00:00+03:00`), entries.length)
          : undefined
      }
    >
      {day.date()}
      {types.length > 0 && (
        <Box
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            bottom: 3,
            left: 0,
            right: 0,
            display: 'flex',
            justifyContent: 'center',
            gap: '2px',
          }}
        >
          {types.map((type) => (
            <Box
              key={type}
              component="span"
              sx={{ width: 5, height: 5, borderRadius: '50%', bgcolor: AUCTION_TYPE_COLOURS[type] }}
            />
          ))}
        </Box>
      )}
    </PickerDay>
  );
}
