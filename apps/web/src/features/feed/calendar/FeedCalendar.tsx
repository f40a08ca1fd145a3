/**
 * The feed's calendar panel (spec 2 §2 "Calendar panel"; decisions/0116): MUI X's month with a dot per format on
 * each day; choosing a day filters the list; Today; the full-screen month with each day's procedures; the carousel
 * of a day's procedures. Lazy-loaded with the date pickers.
 */

import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import TodayIcon from '@mui/icons-material/Today';
import {
  Box,
  Button,
  Collapse,
  IconButton,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ruRU } from '@mui/x-date-pickers/locales';
import type { Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { DeferredTooltip } from '../../../components/DeferredTooltip.tsx';
import { ErrorBlock } from '../../../components/ErrorBlock.tsx';
import { FEED_MESSAGES } from '../messages.ts';
import { type CalendarCells, CalendarContext } from './CalendarContext.ts';
import { CompactDay } from './CompactDay.tsx';
import { useCalendarMonth } from './calendarApi.ts';
import { MoscowCalendar } from './MoscowCalendar.tsx';
import { dayKeyOf, monthKeyOf, moscowMonthStart, moscowNow } from './moscowCalendar.ts';

// The full-screen month and a day's procedures load when first opened.
const FullCalendarDialog = lazy(async () => ({
  default: (await import('./FullCalendarDialog.tsx')).FullCalendarDialog,
}));
const DayCarouselDialog = lazy(async () => ({
  default: (await import('./DayCarouselDialog.tsx')).DayCarouselDialog,
}));

const T = FEED_MESSAGES.calendar;
const LOCALE_TEXT = ruRU.components.MuiLocalizationProvider.defaultProps.localeText;

export interface FeedCalendarProps {
  /** The day the list shows, 'YYYY-MM-DD', or null for all time. */
  date: string | null;
  onDate: (date: string | null) => void;
  nowMs: number;
  /** "Новая торговая процедура" for those who may create one, shown in the full view too. */
  newButton?: ReactNode;
}

export default function FeedCalendar({ date, onDate, nowMs, newButton }: FeedCalendarProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const today = dayKeyOf(moscowNow(nowMs));
  const [month, setMonth] = useState<Dayjs>(() => moscowMonthStart(date ?? today));
  // Bumped to move the calendars from outside (Today, the arrow keys): they read their month at mount.
  const [version, setVersion] = useState(0);
  const [full, setFull] = useState(false);
  const [folded, setFolded] = useState<boolean | null>(null);
  const [carousel, setCarousel] = useState<{ day: string; id: number } | null>(null);
  const calendar = useCalendarMonth(monthKeyOf(month), true);
  const open = folded === null ? wide : !folded;

  const jump = (next: Dayjs) => {
    setMonth(next.startOf('month'));
    setVersion((v) => v + 1);
  };
  const cells = useMemo<CalendarCells>(
    () => ({
      byDay: calendar.data?.briefcases ?? {},
      selected: date,
      today,
      onPickDay: (day) => {
        onDate(day);
        setFull(false);
      },
      onOpenProcedure: (day, id) => setCarousel({ day, id }),
    }),
    [calendar.data, date, today, onDate],
  );

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="ru" localeText={LOCALE_TEXT}>
      <CalendarContext.Provider value={cells}>
        <Paper variant="outlined" component="section" aria-labelledby="feed-calendar-title" sx={{ p: 1.5 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Typography
              id="feed-calendar-title"
              variant="subtitle1"
              component="h2"
              sx={{ flexGrow: 1, pl: 0.5, fontWeight: 600 }}
            >
              {T.title}
            </Typography>
            <Button size="small" startIcon={<TodayIcon />} onClick={() => jump(moscowNow(nowMs))}>
              {T.today}
            </Button>
            <DeferredTooltip title={T.fullScreen}>
              <IconButton aria-label={T.fullScreen} onClick={() => setFull(true)}>
                <OpenInFullIcon fontSize="small" />
              </IconButton>
            </DeferredTooltip>
            {!wide && (
              <IconButton
                aria-label={open ? T.collapse : T.expand}
                aria-expanded={open}
                aria-controls="feed-calendar-month"
                onClick={() => setFolded(open)}
              >
                {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              </IconButton>
            )}
          </Stack>
          <Collapse in={open} id="feed-calendar-month">
            {calendar.error && !calendar.data ? (
              <ErrorBlock message={T.loadFailed} onRetry={() => void calendar.refetch()} />
            ) : (
              <Box sx={{ display: 'flex', justifyContent: 'center' }}>
                {!full && (
                  <MoscowCalendar
                    key={version}
                    month={month}
                    onMonth={setMonth}
                    onDay={(day) => onDate(dayKeyOf(day))}
                    day={CompactDay}
                    loading={calendar.isPending}
                    sx={{ m: 0 }}
                  />
                )}
              </Box>
            )}
          </Collapse>
        </Paper>
        <Suspense fallback={null}>
          {full && (
            <FullCalendarDialog
              month={month}
              version={version}
              loading={calendar.isPending}
              onMonth={setMonth}
              onStep={(months) => jump(month.add(months, 'month'))}
              onToday={() => jump(moscowNow(nowMs))}
              onClose={() => {
                setFull(false);
                setVersion((v) => v + 1);
              }}
              action={newButton}
            />
          )}
          {carousel && (
            <DayCarouselDialog
              key={`${carousel.day}-${carousel.id}`}
              day={carousel.day}
              startId={carousel.id}
              nowMs={nowMs}
              onClose={() => setCarousel(null)}
            />
          )}
        </Suspense>
      </CalendarContext.Provider>
    </LocalizationProvider>
  );
}
