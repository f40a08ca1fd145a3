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
  LotName,
  LotParties,
  LotPrice,
  LotTimer,
} from './LotParts.tsx';
import { TRADE_MESSAGES as T } from './messages.ts';
import { type LotViewer, sameLotProps, useLotView } from './useLotView.ts';

interface LotCardProps {
  lot: LotAttributes;
  briefcase: BriefcaseCardAttributes;
  viewer: LotViewer;
  /** Address of the lot dialog. */
  href: string;
}

/** Memoised: a live update of one lot re-renders its card only (the page holds 48). */
export const LotCard = memo(function LotCard({ lot, briefcase: b, viewer, href }: LotCardProps) {
  const view = useLotView(lot, b, viewer);
  return (
    <Card variant="outlined" data-testid={`lot-card-${lot.id}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LotName lot={lot} href={href} variant="h6" />
            <Box sx={{ flexGrow: 1 }} />
            <FavouriteLotButton lot={lot} />
          </Stack>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {lot.current_price === null ? (view.sealed ? T.minPrice : T.startPrice) : T.price}
            </Typography>
            <LotPrice lot={lot} view={view} variant="h5" />
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <LotConditionChip lot={lot} />
            <LotParties lot={lot} view={view} />
          </Stack>
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
}, sameLotProps);
