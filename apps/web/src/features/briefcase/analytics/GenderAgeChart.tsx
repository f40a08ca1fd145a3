import type { BirthDateBucket } from '@etp/contracts';
import { formatPercent, percentOf } from '@etp/domain';
import { useMediaQuery, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { birthDateTotals } from './analyticsView.ts';
import { ChartBlock } from './ChartBlock.tsx';
import { ANALYTICS_MESSAGES as M } from './messages.ts';
import { ShareLegend } from './ShareLegend.tsx';

const COLOURS = { male: '#1f6fd1', female: '#e06fae', other: '#9aa5b1' } as const;
const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n);

/** Debtors per age bucket split by sex; the last bucket, 'Отсутствуют', holds those without a birth date. */
export function GenderAgeChart({ buckets }: { buckets: readonly BirthDateBucket[] }) {
  const theme = useTheme();
  // On a phone seven buckets do not fit side by side: every label is shown, slanted (the chart hid every other one).
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const totals = birthDateTotals(buckets);
  const share = (n: number) => formatPercent(percentOf(n, totals.total));
  const legend = [
    { title: M.total, value: totals.total, percent: share(totals.total) },
    { title: M.men, value: totals.male, percent: share(totals.male) },
    { title: M.women, value: totals.female, percent: share(totals.female) },
    { title: M.noSex, value: totals.other, percent: share(totals.other) },
  ];
  const colours = ['#263238', COLOURS.male, COLOURS.female, COLOURS.other];
  return (
    <ChartBlock title={M.genderAge}>
      <BarChart
        height={narrow ? 280 : 240}
        hideLegend
        margin={{ top: 8, bottom: 4, left: 4, right: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: buckets.map((b) => b.title),
            ...(narrow
              ? {
                  tickLabelStyle: { fontSize: 10, angle: -35, textAnchor: 'end' },
                  tickLabelInterval: () => true,
                  height: 'auto',
                }
              : { tickLabelStyle: { fontSize: 11 } }),
          },
        ]}
        yAxis={[{ width: 48 }]}
        series={[
          { data: buckets.map((b) => b.male), stack: 'sex', label: M.men, color: COLOURS.male },
          { data: buckets.map((b) => b.female), stack: 'sex', label: M.women, color: COLOURS.female },
          { data: buckets.map((b) => b.other), stack: 'sex', label: M.noSex, color: COLOURS.other },
        ]}
      />
      <ShareLegend
        title={M.genderAge}
        items={legend}
        detail={(item) => count(item.value)}
        colour={(i) => colours[i]!}
      />
    </ChartBlock>
  );
}
