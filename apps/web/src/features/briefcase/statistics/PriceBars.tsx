import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { formatShortMoney, STATISTICS_PRICE_BAR_MAX_HEIGHT_PX } from '@etp/domain';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartBlock } from '../analytics/ChartBlock.tsx';
import { paletteColour } from '../analytics/chartPalette.ts';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { barPrice } from './statsView.ts';

const AXIS_HEIGHT = 24;

/**
 * One bar per lot: its current price (the start price until a bid), the tallest bar 72 px high (spec 2 §9): the
 * drawing area is exactly that tall, and the lot numbers sit below it.
 */
export function PriceBars({ lots, currency }: { lots: BriefcaseStatsAttributes['lots']; currency: string }) {
  const money = (v: number | null) => (v === null ? '' : formatShortMoney(v, { currency }));
  return (
    <ChartBlock title={M.priceBars} hint={M.priceBarsHint}>
      <BarChart
        height={STATISTICS_PRICE_BAR_MAX_HEIGHT_PX + AXIS_HEIGHT + 8}
        hideLegend
        borderRadius={3}
        margin={{ top: 8, bottom: 0, left: 4, right: 4 }}
        xAxis={[
          {
            scaleType: 'band',
            data: lots.map((l) => l.name),
            valueFormatter: (name: string, context) =>
              context.location === 'tick' ? name.replace(/^Лот\s*/, '') : name,
            height: AXIS_HEIGHT,
            disableTicks: true,
            tickLabelStyle: { fontSize: 11 },
            colorMap: { type: 'ordinal', colors: lots.map((_, i) => paletteColour(i)) },
          },
        ]}
        yAxis={[{ position: 'none', min: 0, domainLimit: 'strict' }]}
        series={[{ data: lots.map(barPrice), valueFormatter: money, label: M.counters.currentPrice }]}
        sx={{ mt: 1 }}
      />
    </ChartBlock>
  );
}
