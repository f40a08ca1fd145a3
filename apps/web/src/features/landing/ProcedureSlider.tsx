import type { PublicBriefcase } from '@etp/contracts';
import { PUBLIC_PAGE_TIMEOUT_MS } from '@etp/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Alert, Box, Button, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LANDING_MESSAGES as T } from './messages.ts';
import { SLIDER_CARD_WIDTH, SliderCard } from './SliderCard.tsx';
import { showsSliderControls, sliderStartIndex } from './sliderRules.ts';

const GAP = 16;

/** GET /api/v1/public_briefcases, given up after 30 s (spec 3 §7.4). */
function fetchSchedule(signal: AbortSignal): Promise<PublicBriefcase[]> {
  const timeout = AbortSignal.timeout(PUBLIC_PAGE_TIMEOUT_MS);
  const both = AbortSignal.any ? AbortSignal.any([signal, timeout]) : signal;
  return call(OPERATIONS.listPublicBriefcases, { signal: both });
}

/** The schedule slider: centred on the active or nearest procedure; arrows only with 4 cards or more. */
export function ProcedureSlider() {
  const schedule = useQuery({
    queryKey: queryKeys.publicBriefcases,
    queryFn: ({ signal }) => fetchSchedule(signal),
    staleTime: 60_000,
  });
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const items = schedule.data ?? [];
  const controls = showsSliderControls(items.length);

  const updateEdges = () => {
    const el = track.current;
    if (el)
      setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  };
  // Centre the active or nearest card once the cards are laid out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list arrives.
  useLayoutEffect(() => {
    const el = track.current;
    const card = el?.children[sliderStartIndex(items)] as HTMLElement | undefined;
    if (!el || !card) return;
    el.scrollLeft = card.offsetLeft - (el.clientWidth - card.offsetWidth) / 2;
    updateEdges();
  }, [schedule.data]);
  useEffect(() => {
    window.addEventListener('resize', updateEdges);
    return () => window.removeEventListener('resize', updateEdges);
  });
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * (SLIDER_CARD_WIDTH + GAP), behavior: 'smooth' });

  return (
    <Box component="section" aria-labelledby="landing-schedule">
      <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Box>
          <Typography id="landing-schedule" variant="h5" component="h2">
            {T.schedule}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {T.scheduleHint}
          </Typography>
        </Box>
        {controls && (
          <Stack direction="row" spacing={1} data-testid="slider-controls">
            <IconButton
              aria-label={T.previous}
              onClick={() => scroll(-1)}
              disabled={edges.start}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label={T.next}
              onClick={() => scroll(1)}
              disabled={edges.end}
              sx={{ border: 1, borderColor: 'divider' }}
            >
              <ChevronRightIcon />
            </IconButton>
          </Stack>
        )}
      </Stack>
      {schedule.isPending ? (
        <Stack direction="row" spacing={2} sx={{ overflow: 'hidden' }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton
              key={i}
              variant="rounded"
              width={SLIDER_CARD_WIDTH}
              height={224}
              sx={{ flexShrink: 0 }}
            />
          ))}
        </Stack>
      ) : schedule.error ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void schedule.refetch()}>
              {T.retry}
            </Button>
          }
        >
          {T.scheduleFailed}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState title={T.scheduleEmpty} hint={T.scheduleEmptyHint} />
      ) : (
        <Box
          ref={track}
          role="list"
          aria-label={T.schedule}
          onScroll={updateEdges}
          sx={{
            position: 'relative',
            display: 'flex',
            gap: `${GAP}px`,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            pb: 1,
            justifyContent: controls ? 'flex-start' : 'safe center',
            scrollbarWidth: 'thin',
          }}
        >
          {items.map((item) => (
            <Box key={item.id} role="listitem" sx={{ display: 'flex' }}>
              <SliderCard item={item} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
