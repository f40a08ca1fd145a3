import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { formatMoscowTime, formatRubles, formatShortMoney } from '@etp/domain';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { ChartBlock } from '../analytics/ChartBlock.tsx';
import { paletteColour } from '../analytics/chartPalette.ts';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { priceSeries } from './statsView.ts';

const ALL = 'all';

/** The best bid of each minute over time, of all lots or of one; the tooltip names the bidder and the lot. */
export function PriceSeriesChart({ stats, currency }: { stats: BriefcaseStatsAttributes; currency: string }) {
  const [lot, setLot] = useState<string>(ALL);
  const lotId = lot === ALL ? null : Number(lot);
  const points = priceSeries(stats, lotId);
  const lotName = new Map(stats.lots.map((l) => [l.id, l.name]));
  return (
    <ChartBlock title={M.series} hint={M.seriesHint}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <TextField
          select
          label={M.lotFilter}
          value={lot}
          onChange={(event) => setLot(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>{M.allLots}</MenuItem>
          {stats.lots.map((l) => (
            <MenuItem key={l.id} value={String(l.id)}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {points.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {M.noBids}
        </Typography>
      ) : (
        <LineChart
          height={260}
          hideLegend
          margin={{ top: 16, bottom: 4, left: 4, right: 16 }}
          xAxis={[
            {
              scaleType: 'time',
              data: points.map((p) => p.at),
              valueFormatter: (at: Date) => formatMoscowTime(at),
              tickLabelStyle: { fontSize: 11 },
            },
          ]}
          yAxis={[{ width: 80, valueFormatter: (v: number) => formatShortMoney(v, { currency }) }]}
          series={[
            {
              data: points.map((p) => p.amount),
              color: paletteColour(0),
              curve: 'stepAfter',
              label: M.series,
              valueFormatter: (v, { dataIndex }) => {
                const p = points[dataIndex];
                if (v === null || !p) return '';
                return `${formatRubles(v, { currency })} — ${p.company}, ${lotName.get(p.lotId) ?? ''}`;
              },
            },
          ]}
        />
      )}
    </ChartBlock>
  );
}
