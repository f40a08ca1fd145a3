import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { Box, Paper, Typography } from '@mui/material';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { statsCounters } from './statsView.ts';

/** Users, downloads, bids, lots with bids, finished lots and the current price, in a grid of tiles. */
export function StatsCounters({ stats, currency }: { stats: BriefcaseStatsAttributes; currency: string }) {
  return (
    <Box
      component="ul"
      aria-label={M.countersLabel}
      sx={(theme) => ({
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
        [theme.breakpoints.down(1024)]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
        [theme.breakpoints.down('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      })}
    >
      {statsCounters(stats, currency).map((c) => (
        <Paper component="li" key={c.key} variant="outlined" data-counter={c.key} sx={{ p: 1.5 }}>
          <Typography
            variant="h6"
            component="p"
            data-testid={`stats-${c.key}`}
            sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}
          >
            {c.value}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {c.label}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
