import { formatMoscowDateLong } from '@etp/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorBlock } from '../../../components/ErrorBlock.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { BriefcaseCard } from '../BriefcaseCard.tsx';
import { FEED_MESSAGES } from '../messages.ts';
import { useDayBriefcases } from './calendarApi.ts';

const T = FEED_MESSAGES.carousel;

interface DayCarouselDialogProps {
  day: string;
  /** The procedure shown first. */
  startId: number;
  nowMs: number;
  onClose: () => void;
}

/** A day's procedures one at a time, as their feed cards; ← → (buttons or keys) move, Esc closes. */
export function DayCarouselDialog({ day, startId, nowMs, onClose }: DayCarouselDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const list = useDayBriefcases(day);
  const items = list.data?.briefcases.map((item) => item.attributes) ?? [];
  const [moved, setMoved] = useState<number | null>(null);
  const start = Math.max(
    0,
    items.findIndex((item) => item.id === startId),
  );
  const index = Math.min(moved ?? start, Math.max(0, items.length - 1));
  const go = (delta: number) => {
    if (items.length > 0) setMoved((index + delta + items.length) % items.length);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };
  const label = formatMoscowDateLong(`${day}T12:00:00+03:00`);
  const current = items[index];

  return (
    <Dialog open onClose={onClose} onKeyDown={onKeyDown} fullWidth maxWidth="lg" fullScreen={phone}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {T.title(label)}
        </Box>
        <IconButton aria-label={T.close} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {list.isPending ? (
          <PageLoader />
        ) : list.error ? (
          <ErrorBlock message={list.error.message} onRetry={() => void list.refetch()} />
        ) : !current ? (
          <EmptyState title={T.empty} />
        ) : (
          <Stack spacing={2}>
            <Box aria-live="polite" aria-atomic>
              <BriefcaseCard briefcase={current} nowMs={nowMs} />
            </Box>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'center' }}>
              <IconButton aria-label={T.previous} onClick={() => go(-1)} disabled={items.length < 2}>
                <ChevronLeftIcon />
              </IconButton>
              <Typography variant="body2" color="text.secondary" data-testid="carousel-position">
                {T.position(index + 1, items.length)}
              </Typography>
              <IconButton aria-label={T.next} onClick={() => go(1)} disabled={items.length < 2}>
                <ChevronRightIcon />
              </IconButton>
            </Stack>
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
