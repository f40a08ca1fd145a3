import type { BriefcaseCardAttributes } from '@etp/contracts';
import { Box, Stack, Typography } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import { ChartBlock } from './ChartBlock.tsx';
import { paletteColour } from './chartPalette.ts';
import { featurePies } from './featurePies.ts';
import { ANALYTICS_MESSAGES as M } from './messages.ts';

const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n);

/** A grid of small pies: the share of debts with each feature. */
export function FeaturePies({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const pies = featurePies(b.analytics, b.items_count);
  return (
    <ChartBlock title={M.features}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 1.5,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(4, minmax(0, 1fr))',
            lg: 'repeat(8, minmax(0, 1fr))',
          },
          '@media print': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {pies.map((pie, i) => (
          <Stack
            component="li"
            key={pie.key}
            data-feature={pie.key}
            spacing={0.5}
            sx={{ alignItems: 'center', breakInside: 'avoid' }}
          >
            <Box sx={{ position: 'relative', width: 96, height: 96 }}>
              <PieChart
                width={96}
                height={96}
                hideLegend
                margin={{ top: 0, bottom: 0, left: 0, right: 0 }}
                series={[
                  {
                    innerRadius: 30,
                    outerRadius: 46,
                    data: [
                      { id: 0, value: pie.count, label: M.featureYes, color: paletteColour(i) },
                      {
                        id: 1,
                        value: Math.max(0, b.items_count - pie.count),
                        label: M.featureNo,
                        color: '#e3e8ee',
                      },
                    ],
                    valueFormatter: (v) => count(v.value),
                  },
                ]}
              />
              <Typography
                variant="caption"
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 600,
                  pointerEvents: 'none',
                }}
              >
                {pie.percent}
              </Typography>
            </Box>
            <Typography variant="caption" sx={{ textAlign: 'center', lineHeight: 1.3 }}>
              {pie.title}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {count(pie.count)}
            </Typography>
          </Stack>
        ))}
      </Box>
    </ChartBlock>
  );
}
