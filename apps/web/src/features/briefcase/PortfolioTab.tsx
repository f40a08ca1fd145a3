import type { BriefcaseCardAttributes } from '@etp/contracts';
import { formatPercent, formatRubles, percentOf, tradingStartText, viewerOffsetMinutes } from '@etp/domain';
import { Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { FillingBadge } from '../../components/FillingBadge.tsx';
import { KeyValueTable } from '../../components/KeyValueTable.tsx';
import { startPriceFact } from '../feed/startPriceFact.ts';
import { CARD_MESSAGES } from './messages.ts';
import { PortfolioLots } from './portfolio/PortfolioLots.tsx';
import { portfolioFacts } from './portfolioFacts.ts';

// Below the lots: loaded after the tab has painted (decisions/0145).
// The facts below the lots, the seller's lists and the documents likewise.
const PortfolioAdvantages = lazy(async () => ({
  default: (await import('./portfolio/PortfolioExtras.tsx')).PortfolioAdvantages,
}));
const PortfolioMasterInfo = lazy(async () => ({
  default: (await import('./portfolio/PortfolioExtras.tsx')).PortfolioMasterInfo,
}));
const PortfolioDocuments = lazy(async () => ({
  default: (await import('./documents/PortfolioDocuments.tsx')).PortfolioDocuments,
}));

const P = CARD_MESSAGES.portfolio;

/** Портфель: the opening price against ОД and ОСЗ, the filling badge, the lots table and the portfolio's facts. */
export function PortfolioTab({
  briefcase: b,
  admin,
}: {
  briefcase: BriefcaseCardAttributes;
  admin: boolean;
}) {
  const price = startPriceFact(b);
  const startText = tradingStartText(b.status);
  const texts: { label: string; text: string }[] = [];
  if (b.source_description?.trim()) texts.push({ label: P.sourceDescription, text: b.source_description });
  if (b.description?.trim()) texts.push({ label: P.description, text: b.description });
  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {startText ? `${startText} · ${price.label}` : price.label}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums', mt: 0.5 }}>
              {formatRubles(price.kopecks, { currency: b.currency })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {formatPercent(percentOf(price.kopecks, b.amount_total))} {P.ofTotal}
              {b.amount_bottomline > 0 &&
                ` · ${formatPercent(percentOf(price.kopecks, b.amount_bottomline))} ${P.ofBottomline}`}
            </Typography>
          </Box>
          {b.filling_percent !== null && (
            <Box sx={{ alignSelf: { sm: 'center' } }}>
              <FillingBadge percent={b.filling_percent} hint={P.filling} />
            </Box>
          )}
        </Stack>
      </Paper>
      <PortfolioLots briefcase={b} admin={admin} />
      <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
        <PortfolioAdvantages briefcase={b} />
      </Suspense>
      <Paper variant="outlined" sx={{ px: { xs: 2, md: 3 }, py: 1 }}>
        <KeyValueTable caption={P.factsCaption} rows={portfolioFacts(b, viewerOffsetMinutes())} twoColumns />
      </Paper>
      {texts.map((item) => (
        <Paper key={item.label} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {item.label}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {item.text}
          </Typography>
        </Paper>
      ))}
      <Suspense fallback={null}>
        <PortfolioMasterInfo briefcase={b} />
      </Suspense>
      <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
        <PortfolioDocuments briefcase={b} />
      </Suspense>
    </Stack>
  );
}
