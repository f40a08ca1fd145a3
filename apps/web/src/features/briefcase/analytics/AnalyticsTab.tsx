/**
 * Аналитика портфеля (spec 2 §2): tiles, charts and the regional map from the card's analytics. Loaded with the
 * tab only (the chart library and the map stay out of the card's first load); the PDF button prints it on A4.
 */

import type { BriefcaseCardAttributes } from '@etp/contracts';
import { TOOLTIP_DELAY_MS } from '@etp/domain';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Button, GlobalStyles, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { hasBirthDates, placementLabel, sharesOf } from './analyticsView.ts';
import { BottomlineComposition } from './BottomlineComposition.tsx';
import { CompareBars } from './CompareBars.tsx';
import { FeaturePies } from './FeaturePies.tsx';
import { GenderAgeChart } from './GenderAgeChart.tsx';
import { ANALYTICS_MESSAGES as M } from './messages.ts';
import { PieBlock } from './PieBlock.tsx';
import { PrintModeContext } from './PrintModeContext.ts';
import { SummaryTiles } from './SummaryTiles.tsx';
import { usePrintLayout } from './usePrintLayout.ts';

/** The map's geometry is the heaviest part: its own chunk, fetched as the tab opens. */
const RegionsMap = lazy(() => import('./RegionsMap.tsx'));

const count = (n: number) => new Intl.NumberFormat('ru-RU').format(n);

const PRINT_STYLES = {
  '@page': { size: 'A4', margin: '12mm' },
  '@media print': {
    'header, footer, .MuiTabs-root, button, [data-print="hide"], .notistack-SnackbarContainer': {
      display: 'none !important',
    },
    body: { background: '#fff !important' },
    main: { padding: '0 !important' },
  },
} as const;

export default function AnalyticsTab({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const { printing, start } = usePrintLayout();
  const a = b.analytics;
  const full = { gridColumn: '1 / -1' } as const;
  return (
    <PrintModeContext.Provider value={printing}>
      <GlobalStyles styles={PRINT_STYLES} />
      <Stack
        spacing={2}
        sx={printing ? { maxWidth: 720, mx: 'auto' } : undefined}
        data-printing={printing || undefined}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Typography variant="h6" component="h2">
            {M.title}
          </Typography>
          <Tooltip title={M.pdfHint} enterDelay={TOOLTIP_DELAY_MS}>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlinedIcon />}
              onClick={start}
              disabled={printing}
            >
              {M.pdf}
            </Button>
          </Tooltip>
        </Stack>
        <SummaryTiles briefcase={b} />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: printing ? '1fr' : { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Box sx={full}>
            <BottomlineComposition items={sharesOf(a.amount_bottomline_list)} />
          </Box>
          <CompareBars
            title={M.oszVsOd}
            currency={b.currency}
            bars={[
              { label: M.osz, kopecks: b.amount_bottomline },
              { label: M.od, kopecks: b.amount_total },
            ]}
          />
          <CompareBars
            title={M.meanOszVsOd}
            currency={b.currency}
            bars={[
              { label: M.meanOsz, kopecks: b.bottomline_mean },
              { label: M.meanOd, kopecks: b.amount_mean },
            ]}
          />
          {hasBirthDates(b.birth_dates) && <GenderAgeChart buckets={b.birth_dates} />}
          <PieBlock
            title={M.placements}
            items={sharesOf(a.enforcement_order_placements_list, { label: placementLabel })}
            detail={(item) => count(item.value)}
          />
          <Box sx={full}>
            <FeaturePies briefcase={b} />
          </Box>
          <Box sx={full}>
            <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
              <RegionsMap regions={a.regions_list} />
            </Suspense>
          </Box>
          <PieBlock title={M.kinds} items={sharesOf(a.kinds_list)} detail={(item) => count(item.value)} />
          <PieBlock
            title={M.creditors}
            items={sharesOf(a.first_creditors_list)}
            detail={(item) => count(item.value)}
          />
        </Box>
      </Stack>
    </PrintModeContext.Provider>
  );
}
