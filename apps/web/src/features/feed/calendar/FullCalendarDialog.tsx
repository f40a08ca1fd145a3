import CloseIcon from '@mui/icons-material/Close';
import TodayIcon from '@mui/icons-material/Today';
import {
  AppBar,
  Box,
  Button,
  Dialog,
  DialogContent,
  IconButton,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import type { Dayjs } from 'dayjs';
import type { KeyboardEvent, ReactNode } from 'react';
import { AuctionTypeLegend } from '../AuctionTypeLegend.tsx';
import { FEED_MESSAGES } from '../messages.ts';
import { FULL_ROW_HEIGHT, FullDay } from './FullDay.tsx';
import { MoscowCalendar } from './MoscowCalendar.tsx';

const T = FEED_MESSAGES.calendar;
const WEEKS = 6;

interface FullCalendarDialogProps {
  month: Dayjs;
  version: number;
  loading: boolean;
  onMonth: (month: Dayjs) => void;
  /** Move the month from outside the calendar (arrow keys): the calendar is remounted on it. */
  onStep: (months: number) => void;
  onToday: () => void;
  onClose: () => void;
  /** The administrator's "Новая торговая процедура" (spec 2 §2: list and calendar). */
  action?: ReactNode;
}

/** The calendar on the whole screen: each day's procedures; ← → change the month, Esc closes. */
export function FullCalendarDialog(props: FullCalendarDialogProps) {
  const { month, version, loading, onMonth, onStep, onToday, onClose, action } = props;
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea')) return;
    if (event.key === 'ArrowLeft') onStep(-1);
    else if (event.key === 'ArrowRight') onStep(1);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog open fullScreen onClose={onClose} onKeyDown={onKeyDown} aria-labelledby="full-calendar-title">
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 1, py: 1 }}>
          <Typography id="full-calendar-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {T.title}
          </Typography>
          {action && <Box sx={{ display: { xs: 'none', md: 'block' } }}>{action}</Box>}
          <Button startIcon={<TodayIcon />} onClick={onToday}>
            {T.today}
          </Button>
          <IconButton aria-label={T.close} onClick={onClose} edge="end">
            <CloseIcon />
          </IconButton>
        </Toolbar>
        {action && <Box sx={{ display: { xs: 'block', md: 'none' }, px: 2, pb: 1.5 }}>{action}</Box>}
      </AppBar>
      <DialogContent sx={{ px: { xs: 1, md: 3 } }}>
        <Stack spacing={2} sx={{ maxWidth: 1280, mx: 'auto' }}>
          <MoscowCalendar
            key={version}
            month={month}
            onMonth={onMonth}
            day={FullDay}
            loading={loading}
            sx={{
              width: '100%',
              maxWidth: 'none',
              height: 'auto',
              maxHeight: 'none',
              '& .MuiPickersCalendarHeader-root': { px: 1 },
              '& .MuiPickersCalendarHeader-label': { typography: 'h6' },
              '& .MuiDayCalendar-header': { justifyContent: 'stretch' },
              '& .MuiDayCalendar-weekDayLabel': { flex: '1 1 0', width: 'auto', m: 0 },
              '& .MuiDayCalendar-weekContainer': { m: 0, justifyContent: 'stretch' },
              '& .MuiDayCalendar-monthContainer': { borderRight: 1, borderBottom: 1, borderColor: 'divider' },
              '& .MuiPickersSlideTransition-root': {
                minHeight: { xs: FULL_ROW_HEIGHT.xs * WEEKS + 2, md: FULL_ROW_HEIGHT.md * WEEKS + 2 },
              },
              '& .MuiDayCalendarSkeleton-root': { display: 'none' },
            }}
          />
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 2,
              alignItems: 'center',
              justifyContent: 'space-between',
            }}
          >
            <AuctionTypeLegend />
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: { xs: 'none', md: 'block' } }}
            >
              {T.keyboardHint}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
