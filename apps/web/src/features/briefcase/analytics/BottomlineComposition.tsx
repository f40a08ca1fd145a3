import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Share } from './analyticsView.ts';
import { ChartBlock } from './ChartBlock.tsx';
import { paletteColour } from './chartPalette.ts';
import { ANALYTICS_MESSAGES as M } from './messages.ts';
import { ShareLegend } from './ShareLegend.tsx';

const cases = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n)}`;

/** ОСЗ composition: one bar split by ОСЗ size bucket, the legend with each part's percent and range. */
export function BottomlineComposition({ items }: { items: readonly Share[] }) {
  const whole = items.reduce((sum, item) => sum + item.value, 0);
  return (
    <ChartBlock title={M.bottomlineComposition} hint={M.bottomlineCompositionHint}>
      {whole === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {M.noData}
        </Typography>
      ) : (
        <>
          <Box sx={{ mt: 1 }}>
            <BarChart
              height={72}
              layout="horizontal"
              hideLegend
              margin={{ top: 8, bottom: 8, left: 0, right: 8 }}
              yAxis={[{ scaleType: 'band', data: [M.osz], position: 'none' }]}
              xAxis={[{ min: 0, max: Math.max(whole, 1), position: 'none' }]}
              series={items.map((item, i) => ({
                data: [item.value],
                stack: 'osz',
                label: item.title,
                color: paletteColour(i),
                valueFormatter: () => `${item.percent} · ${cases(item.value)}`,
              }))}
            />
          </Box>
          <ShareLegend title={M.bottomlineComposition} items={items} detail={(item) => cases(item.value)} />
        </>
      )}
    </ChartBlock>
  );
}
