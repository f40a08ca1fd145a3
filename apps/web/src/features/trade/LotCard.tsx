/**
 * One lot on the Торги tab (spec 2 §2 "Trade tab"): number, composite icon, star, price with its percent of
 * ОСЗ/ОД, condition line, countdown by server time, bid count, and the viewer's controls: bidding by format,
 * autobid, "+N мин", "Выбрать победителя". Every number follows the live cache.
 */
import type { BriefcaseCardAttributes, LotAttributes } from '@etp/contracts';
import {
  canRenew,
  countdown,
  formatPercent,
  formatRubles,
  isPrivateAuction,
  percentOf,
  renewalButtonLabel,
  toEpochMs,
} from '@etp/domain';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Link,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { toast } from '../../lib/toast.ts';
import { AutobidControls } from './AutobidControls.tsx';
import { BidControls } from './BidControls.tsx';
import { lotTitle, priceBasis } from './lotTitle.ts';
import { TRADE_MESSAGES as T } from './messages.ts';
import { SealedOfferControls } from './SealedOfferControls.tsx';
import { tradeCalls, useLotAction } from './tradeApi.ts';
import { tradeErrorToast } from './useTradeToast.ts';
import { WinnerDialog } from './WinnerDialog.tsx';

const CONDITION_COLOURS = {
  green: 'success',
  red: 'error',
  purple: 'secondary',
  blue: 'info',
  grey: 'default',
} as const;

interface LotCardProps {
  lot: LotAttributes;
  briefcase: BriefcaseCardAttributes;
  /** The viewer is an administrator. */
  admin: boolean;
  nowMs: number;
  /** Address of the lot dialog. */
  href: string;
}

export function LotCard({ lot, briefcase: b, admin, nowMs, href }: LotCardProps) {
  const queryClient = useQueryClient();
  const [picking, setPicking] = useState(false);
  const sealed = isPrivateAuction(b.auction_type);
  const player = !lot.is_owner && !admin;
  const basis = priceBasis(b, lot);
  const shownPrice = lot.current_price ?? (b.auction_type === 'dutch' ? lot.next_price : lot.start_price);
  const timing = {
    status: lot.status,
    auction_type: b.auction_type,
    start_ms: lot.start_datetime ? toEpochMs(lot.start_datetime) : 0,
    end_ms: lot.end_datetime ? toEpochMs(lot.end_datetime) : 0,
  };
  const timer = countdown(timing, nowMs);
  const hasBid = lot.last_users_bid_cents !== null || lot.is_current_bidder;
  const renewable =
    player &&
    canRenew(
      { ...timing, renewals_count: lot.renewals_count } as Parameters<typeof canRenew>[0],
      { isOwner: false, isAdmin: false, hasBid },
      nowMs,
    ).ok;
  const renew = useLotAction(lot, () => tradeCalls.renew(lot.id));
  const favourite = useLotAction(lot, () => tradeCalls.toggleFavourite(lot.id));
  const canPick = (lot.is_owner || admin) && lot.status === 'finished' && b.status === 'finished';

  const toggleFavourite = () => {
    queryClient.setQueriesData<{ lots: { id: number; attributes: LotAttributes }[] }>(
      { queryKey: queryKeys.lotsOf(b.id) },
      (list) =>
        list && {
          ...list,
          lots: list.lots.map((l) =>
            l.id === lot.id
              ? { ...l, attributes: { ...l.attributes, is_favorited: !l.attributes.is_favorited } }
              : l,
          ),
        },
    );
    favourite.mutate(undefined, { onError: tradeErrorToast });
  };

  return (
    <Card variant="outlined" data-testid={`lot-card-${lot.id}`}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Link component={RouterLink} to={href} variant="h6" underline="hover">
              {lotTitle(lot)}
            </Link>
            {lot.composite && (
              <Tooltip title={T.composite}>
                <WorkspacesIcon color="action" fontSize="small" aria-label={T.composite} />
              </Tooltip>
            )}
            <Box sx={{ flexGrow: 1 }} />
            <IconButton
              aria-label={lot.is_favorited ? T.unfavourite : T.favourite}
              aria-pressed={lot.is_favorited}
              onClick={toggleFavourite}
              size="small"
            >
              {lot.is_favorited ? <StarIcon color="warning" /> : <StarBorderIcon />}
            </IconButton>
          </Stack>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {lot.current_price === null ? (sealed ? T.minPrice : T.startPrice) : T.price}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              sx={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid={`lot-price-${lot.id}`}
            >
              {formatRubles(shownPrice)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatPercent(percentOf(shownPrice, basis.kopecks))} {T.ofBasis(basis.label)}
            </Typography>
          </Box>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Chip
              size="small"
              label={lot.condition.text}
              color={CONDITION_COLOURS[lot.condition.color]}
              data-testid={`lot-condition-${lot.id}`}
            />
            {lot.current_bidder_company && (
              <Typography variant="body2">
                {T.leader}: {lot.current_bidder_company}
              </Typography>
            )}
            {lot.winner_company && (
              <Typography variant="body2">
                {T.winner}: {lot.winner_company}
              </Typography>
            )}
          </Stack>
          <Stack direction="row" spacing={3}>
            {timer && (
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {timer.target === 'start' ? T.untilStart : T.untilEnd}
                </Typography>
                <Typography
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                  color={timer.warning ? 'error.main' : 'text.primary'}
                  data-testid={`lot-timer-${lot.id}`}
                >
                  {timer.text}
                </Typography>
              </Box>
            )}
            <Box>
              <Typography variant="caption" color="text.secondary">
                {T.bids}
              </Typography>
              <Typography data-testid={`lot-bids-${lot.id}`}>
                {b.auction_type === 'dutch' && lot.max_bids_cnt !== null
                  ? `${lot.bids_count} / ${lot.max_bids_cnt}`
                  : lot.bids_count}
              </Typography>
            </Box>
          </Stack>
          {player &&
            lot.status === 'active' &&
            (b.auction_type === 'classic' || b.auction_type === 'dutch') && (
              <BidControls lot={lot} auctionType={b.auction_type} basis={basis} />
            )}
          {player && lot.status === 'ready' && b.auction_type === 'classic' && (
            <Typography variant="body2" color="text.secondary">
              {T.autobidsOnlyBeforeStart}
            </Typography>
          )}
          {player && (lot.status === 'active' || lot.status === 'ready') && b.auction_type === 'classic' && (
            <AutobidControls lot={lot} />
          )}
          {player && lot.status === 'active' && sealed && (
            <SealedOfferControls lot={lot} bankToBank={b.auction_type === 'bank_to_bank'} />
          )}
          {(renewable || canPick) && (
            <Stack direction="row" spacing={1}>
              {renewable && (
                <Button
                  variant="outlined"
                  disabled={renew.isPending}
                  onClick={() =>
                    renew.mutate(undefined, {
                      onSuccess: (message) => message && toast.success(message),
                      onError: tradeErrorToast,
                    })
                  }
                >
                  {renewalButtonLabel(b.lot_renewal_minutes)}
                </Button>
              )}
              {canPick && (
                <Button variant="contained" onClick={() => setPicking(true)}>
                  {b.end_mode === 'convert' ? T.pickOffer : T.pickWinner}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
      {picking && (
        <WinnerDialog lot={lot} convert={b.end_mode === 'convert'} onClose={() => setPicking(false)} />
      )}
    </Card>
  );
}
