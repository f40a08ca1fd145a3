import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { Typography, useMediaQuery, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartBlock } from '../analytics/ChartBlock.tsx';
import { paletteColour } from '../analytics/chartPalette.ts';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { histogramBands, MAX_BANDS } from './statsView.ts';

/** Bids and bidding companies per Moscow minute (wider bands for a long bidding, statsView.histogramBands). */
export function BidsHistogram({ stats }: { stats: BriefcaseStatsAttributes }) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const bands = histogramBands(stats, narrow ? MAX_BANDS.narrow : MAX_BANDS.wide);
  return (
    <ChartBlock
      title={M.histogram}
      hint={bands.minutes > 1 ? M.histogramHintBanded(bands.minutes) : M.histogramHint}
    >
      {bands.labels.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {M.noBids}
        </Typography>
      ) : (
        <BarChart
          height={320}
          borderRadius={3}
          margin={{ top: 8, bottom: 4, left: 4, right: 8 }}
          xAxis={[{ scaleType: 'band', data: bands.labels, tickLabelStyle: { fontSize: 11 } }]}
          yAxis={[{ width: 40, tickMinStep: 1 }]}
          series={[
            { data: bands.bids, label: M.bidsSeries, color: paletteColour(0) },
            { data: bands.users, label: M.usersSeries, color: paletteColour(1) },
          ]}
          slotProps={{
            legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'end' } },
          }}
        />
      )}
    </ChartBlock>
  );
}
