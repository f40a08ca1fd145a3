import { formatMoscowDateLong, formatMoscowTime } from '@etp/domain';
import { Box, ButtonBase, Typography } from '@mui/material';
import type { PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import type { Dayjs } from 'dayjs';
import { AUCTION_TYPE_COLOURS } from '../../../components/AuctionTypeIcon.tsx';
import { FEED_MESSAGES } from '../messages.ts';
import { useCalendarCells } from './CalendarContext.ts';
import { dotTypes, fullViewEntries } from './calendarDays.ts';
import { dayKeyOf } from './moscowCalendar.ts';

const T = FEED_MESSAGES.calendar;

/** Height of a week row of the full view: phones show dots and a count, wider screens the procedures. */
const LINE = {
  justifyContent: 'flex-start',
  px: 0.5,
  borderRadius: 1,
  color: 'primary.main',
  '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
} as const;

export const FULL_ROW_HEIGHT = { xs: 64, md: 104 } as const;

/**
 * A day of the full-screen calendar: its number (choose the day), up to three dots, and its procedures (one, two,
 * or one plus "Ещё N ТП"), each opening the day's carousel. Arrow keys belong to the month here, not to the days.
 */
export function FullDay(props: PickerDayProps) {
  const { byDay, selected, today, onPickDay, onOpenProcedure } = useCalendarCells();
  const day = props.day as Dayjs;
  const key = dayKeyOf(day);
  const outside = Boolean(props.outsideCurrentMonth);
  const chosen = key === selected;
  const isToday = key === today;
  const entries = byDay[key] ?? [];
  const { shown, more } = fullViewEntries(entries);
  const label = formatMoscowDateLong(`${key}T12:00:00+03:00`);
  return (
    <Box
      role="gridcell"
      aria-selected={chosen}
      data-day={key}
      sx={{
        flex: '1 1 0',
        minWidth: 0,
        height: FULL_ROW_HEIGHT,
        borderTop: 1,
        borderLeft: 1,
        borderColor: 'divider',
        p: 0.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.25,
        overflow: 'hidden',
        bgcolor: chosen ? 'action.selected' : outside ? 'action.hover' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <ButtonBase
          onClick={() => onPickDay(key)}
          aria-label={entries.length > 0 ? T.dayCount(label, entries.length) : label}
          aria-current={isToday ? 'date' : undefined}
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            typography: 'body2',
            fontWeight: isToday ? 700 : 400,
            color: outside ? 'text.secondary' : 'text.primary',
            border: isToday ? 1 : 0,
            borderColor: 'primary.main',
            '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
          }}
        >
          {day.date()}
        </ButtonBase>
        <Box component="span" aria-hidden sx={{ display: 'flex', gap: '2px' }}>
          {dotTypes(entries).map((type) => (
            <Box
              key={type}
              sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: AUCTION_TYPE_COLOURS[type] }}
            />
          ))}
        </Box>
      </Box>
      {shown.map((entry) => (
        <ButtonBase
          key={entry.id}
          onClick={() => onOpenProcedure(key, entry.id)}
          aria-label={T.procedure(
            entry.id,
            formatMoscowTime(entry.attributes.start_datetime),
            entry.attributes.company_name,
          )}
          sx={{
            display: { xs: 'none', md: 'flex' },
            justifyContent: 'flex-start',
            gap: 0.5,
            px: 0.5,
            py: 0.25,
            borderRadius: 1,
            borderLeft: 3,
            borderColor: AUCTION_TYPE_COLOURS[entry.attributes.auction_type],
            bgcolor: 'action.hover',
            minWidth: 0,
            '&:hover, &.Mui-focusVisible': { bgcolor: 'action.selected' },
          }}
        >
          <Typography variant="caption" noWrap sx={{ fontWeight: 600 }}>
            {`ТП №${entry.id}`}
          </Typography>
          <Typography variant="caption" noWrap color="text.secondary">
            {formatMoscowTime(entry.attributes.start_datetime)}
          </Typography>
        </ButtonBase>
      ))}
      {more > 0 && (
        <ButtonBase
          onClick={() => onOpenProcedure(key, entries[shown.length]!.id)}
          sx={{ ...LINE, display: { xs: 'none', md: 'flex' } }}
        >
          <Typography variant="caption" noWrap sx={{ fontWeight: 500 }}>
            {T.more(more)}
          </Typography>
        </ButtonBase>
      )}
      {entries.length > 0 && (
        // On a phone the procedures do not fit a cell: their number opens the carousel.
        <ButtonBase
          onClick={() => onOpenProcedure(key, entries[0]!.id)}
          aria-label={T.openDay(label)}
          sx={{ ...LINE, display: { xs: 'flex', md: 'none' } }}
        >
          <Typography variant="caption" noWrap sx={{ fontWeight: 500 }}>
            {`${entries.length} ТП`}
          </Typography>
        </ButtonBase>
      )}
    </Box>
  );
}
