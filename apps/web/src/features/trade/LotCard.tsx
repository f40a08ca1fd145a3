/**
 * One lot on the Торги tab (spec 2 §2 "Trade tab"): number, composite icon, star, price with its percent of
 * ОСЗ/ОД, condition line, countdown by server time, bid count, and the viewer's controls: bidding by format,
 * autobid, "+N мин", "Выбрать победителя". Every number follows the live cache.
 */
import type { BriefcaseCardAttributes, LotAttributes } from '@etp/contracts';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { memo } from 'react';
import {
  FavouriteLotButton,
  LotBidCount,
  LotConditionChip,
  LotControls,
  LotDeal,
  LotName,
  LotParties,
  LotPrice,
  LotTimer,
} from './LotParts.tsx';
import { TRADE_MESSAGES as T } from './messages.ts';
import { type LotsPageKey, usePageLot } from './tradeApi.ts';
import { type LotViewer, sameLotProps, useLotView } from './useLotView.ts';

interface LotCardProps {
  /** The page the lot is on: the card reads its lot from that page's cache entry. */
  source: LotsPageKey;
  lotId: number;
  briefcase: BriefcaseCardAttributes;
  viewer: LotViewer;
  /** Address of the lot dialog. */
  href: string;
}

/**
 * Memoised, and reading its own lot: a live update of one lot re-renders its card only, not the page's list
 * (the page holds 48).
 */
export const LotCard = memo(function LotCard({ source, lotId, briefcase, viewer, href }: LotCardProps) {
  const lot = usePageLot(source, lotId);
  return (
    lot && (
      <LotCardView
        lot={lot}
        briefcase={briefcase}
        viewer={viewer}
        href={href}
        dealHref={href}
        offscreenSkipped
      />
    )
  );
}, sameLotProps);

const OFFSCREEN_SKIPPED = { contentVisibility: 'auto', containIntrinsicSize: 'auto 360px' } as const;

/** One lot as a card, given the lot (the lot dialog passes its own copy). */
export function LotCardView({
  lot,
  briefcase: b,
  viewer,
  href,
  dealHref,
  offscreenSkipped = false,
}: {
  lot: LotAttributes;
  briefcase: BriefcaseCardAttributes;
  viewer: LotViewer;
  href: string;
  /** The lot dialog's address for the deal's link to its "Сделка" block; none inside the dialog itself. */
  dealHref?: string;
  /**
   * The browser skips laying out and painting the card while it is off screen (content-visibility: auto): of a
   * page's 48 cards a screen shows a few, and live prices change the others several times a second.
   */
  offscreenSkipped?: boolean;
}) {
  const view = useLotView(lot, b, viewer);
  return (
    <Card
      variant="outlined"
      data-testid={`lot-card-${lot.id}`}
      sx={offscreenSkipped ? OFFSCREEN_SKIPPED : undefined}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LotName lot={lot} href={href} variant="h6" />
            <Box sx={{ flexGrow: 1 }} />
            <FavouriteLotButton lot={lot} />
          </Stack>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {view.priceLabel}
            </Typography>
            <LotPrice lot={lot} view={view} variant="h5" />
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <LotConditionChip lot={lot} />
            <LotParties lot={lot} view={view} convert={b.end_mode === 'convert'} />
          </Stack>
          <LotDeal lot={lot} dealHref={dealHref} />
          <Stack direction="row" spacing={3}>
            {view.timer && (
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {view.timer.target === 'start' ? T.untilStart : T.untilEnd}
                </Typography>
                <LotTimer lot={lot} briefcase={b} />
              </Box>
            )}
            <Box>
              <Typography variant="caption" color="text.secondary">
                {T.bids}
              </Typography>
              <LotBidCount lot={lot} briefcase={b} />
            </Box>
          </Stack>
          <LotControls lot={lot} briefcase={b} view={view} />
        </Stack>
      </CardContent>
    </Card>
  );
}
