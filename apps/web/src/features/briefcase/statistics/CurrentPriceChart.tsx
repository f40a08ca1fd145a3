import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { formatShortMoney } from '@etp/domain';
import { Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartBlock } from '../analytics/ChartBlock.tsx';
import { paletteColour } from '../analytics/chartPalette.ts';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { startTotalOfPriced, totalGrowth } from './statsView.ts';

/** The sum of the lots' current prices against the start prices of the same lots, and the growth between them. */
export function CurrentPriceChart({
  stats,
  currency,
}: {
  stats: BriefcaseStatsAttributes;
  currency: string;
}) {
  const money = (v: number | null) => (v === null ? '' : formatShortMoney(v, { currency }));
  const start = startTotalOfPriced(stats.lots);
  return (
    <ChartBlock title={M.currentPrice} hint={M.currentPriceHint}>
      {start === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {M.noBids}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="stats-growth">
            {M.growth(totalGrowth(stats))}
          </Typography>
          <BarChart
            height={150}
            hideLegend
            layout="horizontal"
            borderRadius={4}
            margin={{ top: 8, bottom: 4, left: 4, right: 36 }}
            yAxis={[
              {
                scaleType: 'band',
                data: [M.startTotal, M.currentTotal],
                width: 84,
                colorMap: { type: 'ordinal', colors: ['#9aa5b1', paletteColour(2)] },
              },
            ]}
            xAxis={[
              { valueFormatter: (v: number) => formatShortMoney(v, { currency }), min: 0, tickNumber: 4 },
            ]}
            series={[
              {
                data: [start, stats.current_price],
                valueFormatter: money,
                barLabel: (item) => money(item.value),
                barLabelPlacement: 'center',
              },
            ]}
          />
        </>
      )}
    </ChartBlock>
  );
}
