import { Box, Stack, Typography } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import type { Share } from './analyticsView.ts';
import { ChartBlock } from './ChartBlock.tsx';
import { paletteColour } from './chartPalette.ts';
import { ANALYTICS_MESSAGES as M } from './messages.ts';
import { ShareLegend } from './ShareLegend.tsx';

interface PieBlockProps {
  title: string;
  items: readonly Share[];
  detail?: (item: Share) => string;
}

/** A doughnut of shares with the tab's own legend beside it (below it on a phone). */
export function PieBlock({ title, items, detail }: PieBlockProps) {
  return (
    <ChartBlock title={title}>
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {M.noData}
        </Typography>
      ) : (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 1.5, alignItems: { sm: 'center' } }}
        >
          <Box sx={{ width: { xs: '100%', sm: 200 }, flex: 'none' }}>
            <PieChart
              height={200}
              hideLegend
              margin={{ top: 4, bottom: 4, left: 4, right: 4 }}
              series={[
                {
                  innerRadius: 52,
                  paddingAngle: 1,
                  cornerRadius: 3,
                  data: items.map((item, i) => ({
                    id: i,
                    value: item.value,
                    label: item.title,
                    color: paletteColour(i),
                  })),
                  valueFormatter: (_v, { dataIndex }) => {
                    const item = items[dataIndex]!;
                    return detail ? `${item.percent} · ${detail(item)}` : item.percent;
                  },
                },
              ]}
            />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ShareLegend title={title} items={items} {...(detail ? { detail } : {})} />
          </Box>
        </Stack>
      )}
    </ChartBlock>
  );
}
