import { formatShortMoney } from '@etp/domain';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartBlock } from './ChartBlock.tsx';
import { paletteColour } from './chartPalette.ts';

interface CompareBarsProps {
  title: string;
  bars: readonly { label: string; kopecks: number }[];
  currency: string;
}

/** Two amounts side by side (ОСЗ against ОД, or their means), each bar labelled with its amount. */
export function CompareBars({ title, bars, currency }: CompareBarsProps) {
  const money = (v: number | null) => (v === null ? '' : formatShortMoney(v, { currency }));
  // Room above the taller bar for its label: on a nice scale just above it the label was cut off.
  const top = Math.max(0, ...bars.map((bar) => bar.kopecks)) * 1.2 || undefined;
  return (
    <ChartBlock title={title}>
      <BarChart
        height={220}
        hideLegend
        borderRadius={4}
        margin={{ top: 28, bottom: 4, left: 4, right: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: bars.map((bar) => bar.label),
            colorMap: { type: 'ordinal', colors: bars.map((_, i) => paletteColour(i)) },
          },
        ]}
        yAxis={[{ valueFormatter: (v: number) => formatShortMoney(v, { currency }), width: 80, max: top }]}
        series={[
          {
            data: bars.map((bar) => bar.kopecks),
            valueFormatter: money,
            barLabel: (item) => money(item.value),
            barLabelPlacement: 'outside',
          },
        ]}
      />
    </ChartBlock>
  );
}
