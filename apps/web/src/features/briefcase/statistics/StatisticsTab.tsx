/**
 * Статистика (spec 2 §2): counters, the lots' price bars, the price series, bids per minute, the current price and
 * the lots, for the seller and administrators, live from BriefcaseStats. Loaded with the tab only (the chart
 * library stays out of the card's first load); one column below 1024 px.
 */
import type { BriefcaseCardAttributes } from '@etp/contracts';
import { STATISTICS_NARROW_BELOW_PX } from '@etp/domain';
import { Box, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ErrorBlock } from '../../../components/ErrorBlock.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { BidsHistogram } from './BidsHistogram.tsx';
import { CurrentPriceChart } from './CurrentPriceChart.tsx';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { PriceBars } from './PriceBars.tsx';
import { PriceSeriesChart } from './PriceSeriesChart.tsx';
import { StatsCounters } from './StatsCounters.tsx';
import { StatsLotsTable } from './StatsLotsTable.tsx';
import { useBriefcaseStats } from './useBriefcaseStats.ts';

export default function StatisticsTab({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(STATISTICS_NARROW_BELOW_PX));
  const stats = useBriefcaseStats(b.id);
  if (stats.isPending) return <PageLoader />;
  if (stats.error)
    return <ErrorBlock message={stats.error.message || M.loadFailed} onRetry={() => void stats.refetch()} />;
  const s = stats.data.attributes;
  return (
    <Stack spacing={2} data-layout={narrow ? 'narrow' : 'wide'}>
      <Typography variant="h6" component="h2">
        {M.title}
      </Typography>
      <StatsCounters stats={s} currency={b.currency} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: narrow ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
        }}
      >
        <PriceBars lots={s.lots} currency={b.currency} />
        <CurrentPriceChart stats={s} currency={b.currency} />
        <PriceSeriesChart stats={s} currency={b.currency} />
        <BidsHistogram stats={s} />
      </Box>
      <StatsLotsTable lots={s.lots} currency={b.currency} narrow={narrow} />
    </Stack>
  );
}
