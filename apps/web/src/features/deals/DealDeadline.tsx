import type { DealView } from '@etp/contracts';
import { formatMoscowDateTime, viewerOffsetMinutes } from '@etp/domain';
import { Box, Typography } from '@mui/material';
import { useServerClock } from '../../lib/useServerNow.ts';
import { deadlineKind, dealTimeLeft } from './dealActions.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

/** "осталось 3 дня 5 ч" by the server's clock, re-rendered only when the minute changes; "Срок истёк" after. */
export function DealTimeLeft({ deadline, overdue }: { deadline: string; overdue: boolean }) {
  const left = useServerClock((now) => dealTimeLeft(deadline, now));
  const passed = overdue || left === null;
  return (
    <Box
      component="span"
      data-testid="deal-time-left"
      sx={{
        color: passed ? 'error.main' : 'text.primary',
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
    >
      {passed ? T.overdue : T.left(left)}
    </Box>
  );
}

/** The running clock: what must be done by when (Moscow time), and the time left; nothing when none runs. */
export function DealDeadline({ deal }: { deal: Pick<DealView, 'state' | 'deadline_at' | 'overdue'> }) {
  const kind = deadlineKind(deal);
  if (kind === null || deal.deadline_at === null) return null;
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {T.deadline[kind]}
      </Typography>
      <Typography variant="body1" component="div" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
        <span>{formatMoscowDateTime(deal.deadline_at, { viewerOffsetMinutes: viewerOffsetMinutes() })}</span>
        <DealTimeLeft deadline={deal.deadline_at} overdue={deal.overdue} />
      </Typography>
    </Box>
  );
}
