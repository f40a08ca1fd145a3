import { TOOLTIP_DELAY_MS } from '@etp/domain';
import { Box, Stack, Tooltip, Typography } from '@mui/material';
import { useMemo } from 'react';
import { REGION_LEGEND_ITEMS, type RegionShare, regionShares } from './analyticsView.ts';
import { ChartBlock } from './ChartBlock.tsx';
import { ANALYTICS_MESSAGES as M } from './messages.ts';
import map from './russiaMap.data.json';
import { ShareLegend } from './ShareLegend.tsx';

/** Five shades from light to dark: a region's shade is its count's fifth of the largest. */
const SHADES = ['#d6e6fa', '#a9c9f2', '#6fa3e6', '#3a7bd5', '#17509c'] as const;
const EMPTY = '#eef1f4';
const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n);

function shadeOf(value: number, max: number): string {
  if (value <= 0 || max <= 0) return EMPTY;
  return SHADES[Math.min(SHADES.length - 1, Math.floor((value / max) * SHADES.length))]!;
}

const legendWindow = (n: number, expanded: boolean) =>
  expanded || n <= REGION_LEGEND_ITEMS
    ? { shown: n, hidden: 0 }
    : { shown: REGION_LEGEND_ITEMS, hidden: n - REGION_LEGEND_ITEMS };

/**
 * The regions of Russia shaded by their number of debts, a tooltip per region after 200 ms, the shade scale and
 * the list of regions, the largest first, folded to ten (decisions/0100).
 */
export default function RegionsMap({ regions }: { regions: Readonly<Record<string, number>> }) {
  const shares = useMemo(() => regionShares(regions), [regions]);
  const byCode = useMemo(() => new Map<string, RegionShare>(shares.map((s) => [s.code, s])), [shares]);
  const max = shares[0]?.value ?? 0;
  return (
    <ChartBlock title={M.regions}>
      {shares.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {M.noData}
        </Typography>
      ) : (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ mt: 1 }}>
          <Box sx={{ flex: 2, minWidth: 0 }}>
            <Box
              component="svg"
              role="img"
              aria-label={M.regionsMap}
              viewBox={`0 0 ${map.width} ${map.height}`}
              sx={{ width: '100%', height: 'auto', display: 'block' }}
            >
              {map.regions.map((r) => {
                const share = byCode.get(r.code);
                return (
                  // describeChild: a region is a piece of the picture (the svg is one labelled image), not a
                  // control; an aria-label on a <path> is prohibited (axe aria-prohibited-attr). Its numbers
                  // are in the list beside the map.
                  <Tooltip
                    key={r.code}
                    describeChild
                    enterDelay={TOOLTIP_DELAY_MS}
                    followCursor
                    title={share ? `${share.title}: ${count(share.value)} · ${share.percent}` : M.noData}
                  >
                    <path
                      d={r.d}
                      data-region={r.code}
                      fill={shadeOf(share?.value ?? 0, max)}
                      stroke="#ffffff"
                      strokeWidth={0.6}
                    />
                  </Tooltip>
                );
              })}
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 1 }} aria-hidden>
              <Typography variant="caption" color="text.secondary">
                {M.regionsLegend}: 1
              </Typography>
              {SHADES.map((shade) => (
                <Box key={shade} sx={{ width: 24, height: 10, bgcolor: shade, borderRadius: 0.5 }} />
              ))}
              <Typography variant="caption" color="text.secondary">
                {count(max)}
              </Typography>
            </Stack>
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ShareLegend
              title={M.regions}
              items={shares}
              detail={(item) => count(item.value)}
              colour={(i) => shadeOf(shares[i]!.value, max)}
              window={legendWindow}
            />
          </Box>
        </Stack>
      )}
    </ChartBlock>
  );
}
