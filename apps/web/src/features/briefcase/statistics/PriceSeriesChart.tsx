import type { BriefcaseStatsAttributes } from '@etp/contracts';
import { formatMoscowTime, formatRubles, formatShortMoney } from '@etp/domain';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useState } from 'react';
import { ChartBlock } from '../analytics/ChartBlock.tsx';
import { paletteColour } from '../analytics/chartPalette.ts';
import { STATISTICS_MESSAGES as M } from './messages.ts';
import { lotLabel, priceSeries } from './statsView.ts';

const ALL = 'all';

/** The best bid of each minute over time, a line per lot, of all lots or one; a point's tooltip names the bidder. */
export function PriceSeriesChart({ stats, currency }: { stats: BriefcaseStatsAttributes; currency: string }) {
  const [lot, setLot] = useState<string>(ALL);
  const { times, series } = priceSeries(stats, lot === ALL ? null : Number(lot));
  const colourOf = new Map(stats.lots.map((l, i) => [l.id, paletteColour(i)]));
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
              {lotLabel(l.name)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {times.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          {M.noBids}
        </Typography>
      ) : (
        <LineChart
          height={280}
          margin={{ top: 8, bottom: 4, left: 4, right: 16 }}
          xAxis={[
            {
              scaleType: 'time',
              data: times,
              valueFormatter: (at: Date) => formatMoscowTime(at),
              tickLabelStyle: { fontSize: 11 },
            },
          ]}
          yAxis={[{ width: 72, valueFormatter: (v: number) => formatShortMoney(v, { currency }) }]}
          series={series.map((s) => ({
            id: String(s.lotId),
            data: s.amounts,
            label: s.name,
            color: colourOf.get(s.lotId),
            connectNulls: true,
            curve: 'stepAfter' as const,
            valueFormatter: (v: number | null, { dataIndex }: { dataIndex: number }) =>
              v === null ? null : `${formatRubles(v, { currency })} — ${s.companies[dataIndex] ?? ''}`,
          }))}
          slotProps={{
            tooltip: { trigger: 'item' },
            legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } },
          }}
        />
      )}
    </ChartBlock>
  );
}
