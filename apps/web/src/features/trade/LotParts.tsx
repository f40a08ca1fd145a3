/**
 * The parts a lot is drawn from on the Торги tab, shared by its card, its table row and the lot dialog: name with
 * the composite icon, favourite star, price with its percent of ОСЗ/ОД, condition chip, leader and winner (for
 * owners), countdown, bid count, and the viewer's controls. Every number follows the live cache.
 */
import type { BriefcaseCardAttributes, LotAttributes } from '@etp/contracts';
import {
  BID_MESSAGES,
  countdown,
  DEAL_DEADLINE_OF_STATE,
  formatMoscowDateTime,
  formatPercent,
  formatRubles,
  LOT_DEAL_TEXTS,
  lotDealLine,
  percentOf,
  renewalButtonLabel,
  viewerOffsetMinutes,
} from '@etp/domain';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import { Box, Button, Chip, IconButton, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { queryKeys } from '../../api/queryKeys.ts';
import { DeferredTooltip } from '../../components/DeferredTooltip.tsx';
import { toast } from '../../lib/toast.ts';
import { useServerClock } from '../../lib/useServerNow.ts';
import { DEALS_MESSAGES } from '../deals/messages.ts';
import { AutobidControls } from './AutobidControls.tsx';
import { BidControls } from './BidControls.tsx';
import { lotTitle } from './lotTitle.ts';
import { TRADE_MESSAGES as T } from './messages.ts';
import { SealedOfferControls } from './SealedOfferControls.tsx';
import { tradeCalls, useLotAction } from './tradeApi.ts';
import { type LotView, lotTiming } from './useLotView.ts';
import { tradeErrorToast } from './useTradeToast.ts';

// The winner's choice loads when the seller first opens it.
const WinnerDialog = lazy(async () => ({ default: (await import('./WinnerDialog.tsx')).WinnerDialog }));

const CONDITION_COLOURS = {
  green: 'success',
  red: 'error',
  purple: 'secondary',
  blue: 'info',
  grey: 'default',
} as const;

export function LotName({
  lot,
  href,
  variant,
}: {
  lot: LotAttributes;
  href: string;
  variant: 'h6' | 'body1';
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Link
        component={RouterLink}
        to={href}
        variant={variant}
        underline="hover"
        sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {lotTitle(lot)}
      </Link>
      {lot.composite && (
        <DeferredTooltip title={T.composite}>
          <WorkspacesIcon color="action" fontSize="small" aria-label={T.composite} />
        </DeferredTooltip>
      )}
    </Stack>
  );
}

export function FavouriteLotButton({ lot }: { lot: LotAttributes }) {
  const queryClient = useQueryClient();
  const favourite = useLotAction(lot, () => tradeCalls.toggleFavourite(lot.id));
  const toggle = () => {
    queryClient.setQueriesData<{ lots: { id: number; attributes: LotAttributes }[] }>(
      { queryKey: queryKeys.lotsOf(lot.briefcase_id) },
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
    <IconButton
      aria-label={lot.is_favorited ? T.unfavourite : T.favourite}
      aria-pressed={lot.is_favorited}
      onClick={toggle}
      size="small"
    >
      {lot.is_favorited ? <StarIcon color="warning" /> : <StarBorderIcon />}
    </IconButton>
  );
}

export function LotPrice({
  lot,
  view,
  variant,
}: {
  lot: LotAttributes;
  view: LotView;
  variant: 'h5' | 'body1';
}) {
  return (
    <>
      <Typography
        variant={variant}
        component="p"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: variant === 'body1' ? 600 : undefined }}
        data-testid={`lot-price-${lot.id}`}
      >
        {formatRubles(view.shownPrice)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatPercent(percentOf(view.shownPrice, view.basis.kopecks))} {T.ofBasis(view.basis.label)}
      </Typography>
    </>
  );
}

export function LotConditionChip({ lot }: { lot: LotAttributes }) {
  return (
    <Chip
      size="small"
      label={lot.condition.text}
      color={CONDITION_COLOURS[lot.condition.color]}
      data-testid={`lot-condition-${lot.id}`}
    />
  );
}

/**
 * The leader and the winner, which only sellers and administrators are told (not in the player view). In a convert
 * first round the chosen offer is not a winner but the second round's start price (decisions/0235).
 */
export function LotParties({ lot, view, convert }: { lot: LotAttributes; view: LotView; convert: boolean }) {
  if (view.player) return null;
  return (
    <>
      {lot.current_bidder_company && (
        <Typography variant="body2">
          {T.leader}: {lot.current_bidder_company}
        </Typography>
      )}
      {lot.winner_company && (
        <Typography variant="body2">
          {convert ? T.secondRoundOffer : T.winner}: {lot.winner_company}
        </Typography>
      )}
    </>
  );
}

/** The address parameter that opens the lot dialog at its "Сделка" block. */
export const DEAL_SECTION_PARAM = 'deal';

/**
 * The viewer's deal of the lot (decisions/0270): "Сделка: ожидает подписания", what its running clock asks by when
 * (Moscow time), and a link to the lot dialog's "Сделка" block. Only the deal's parties and administrators have a
 * deal on the lot; nothing for anyone else.
 */
export function LotDeal({ lot, dealHref }: { lot: LotAttributes; dealHref?: string }) {
  // The lot dialog's address (?…&id=N) with the block to show first.
  const { deal } = lot;
  if (!deal) return null;
  const kind = deal.deadline_at === null ? null : DEAL_DEADLINE_OF_STATE[deal.state];
  return (
    <Box
      data-testid={`lot-deal-${lot.id}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 1.5,
        rowGap: 0.5,
        px: 1.5,
        py: 1,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <HandshakeOutlinedIcon fontSize="small" color="primary" aria-hidden />
      <Box sx={{ flex: '1 1 11rem', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {lotDealLine(deal.state_label)}
        </Typography>
        {/* An offer deal's buyer is not the winner the card names: the seller and administrators are told whom. */}
        {deal.attempt === 2 && deal.role !== 'buyer' && (
          <Typography variant="body2">
            {LOT_DEAL_TEXTS.buyer}: {deal.buyer_company}
          </Typography>
        )}
        {kind !== null && deal.deadline_at !== null && (
          <Typography variant="caption" color="text.secondary" component="p">
            {DEALS_MESSAGES.deadline[kind]}{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoscowDateTime(deal.deadline_at, { viewerOffsetMinutes: viewerOffsetMinutes() })}
            </Box>
          </Typography>
        )}
      </Box>
      {dealHref && (
        <Button
          size="small"
          component={RouterLink}
          to={`${dealHref}&${DEAL_SECTION_PARAM}=1`}
          endIcon={<ChevronRightIcon />}
          sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
        >
          {LOT_DEAL_TEXTS.open}
        </Button>
      )}
    </Box>
  );
}

export function LotTimer({ lot, briefcase: b }: { lot: LotAttributes; briefcase: BriefcaseCardAttributes }) {
  // Text and colour of the countdown by server time; only this line re-renders each second.
  const shown = useServerClock((nowMs) => {
    const timer = countdown(lotTiming(lot, b), nowMs);
    return timer ? `${timer.warning ? '!' : ' '}${timer.text}` : null;
  });
  if (shown === null) return null;
  return (
    <Typography
      sx={{ fontVariantNumeric: 'tabular-nums' }}
      color={shown.startsWith('!') ? 'error.main' : 'text.primary'}
      data-testid={`lot-timer-${lot.id}`}
    >
      {shown.slice(1)}
    </Typography>
  );
}

export function LotBidCount({
  lot,
  briefcase: b,
}: {
  lot: LotAttributes;
  briefcase: BriefcaseCardAttributes;
}) {
  return (
    <Typography data-testid={`lot-bids-${lot.id}`} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {b.auction_type === 'dutch' && lot.max_bids_cnt !== null
        ? `${lot.bids_count} / ${lot.max_bids_cnt}`
        : lot.bids_count}
    </Typography>
  );
}

/** The viewer's controls: bidding by format, autobid, "+N мин", "Выбрать победителя". */
export function LotControls({
  lot,
  briefcase: b,
  view,
}: {
  lot: LotAttributes;
  briefcase: BriefcaseCardAttributes;
  view: LotView;
}) {
  const [picking, setPicking] = useState(false);
  const renew = useLotAction(lot, () => tradeCalls.renew(lot.id));
  const { sealed, basis } = view;
  // A company the procedure does not admit is told so instead of being given controls the server would refuse.
  const notAdmitted = view.player && b.viewer_admitted === false;
  const player = view.player && !notAdmitted;
  return (
    <>
      {notAdmitted && (lot.status === 'active' || lot.status === 'ready') && (
        <Typography variant="body2" color="text.secondary" data-testid={`lot-not-admitted-${lot.id}`}>
          {BID_MESSAGES.kindNotAllowed}
        </Typography>
      )}
      {player && lot.status === 'active' && (b.auction_type === 'classic' || b.auction_type === 'dutch') && (
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
      {(view.renewable || view.canPick) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {view.renewable && (
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
          {view.canPick && (
            <Button variant="contained" onClick={() => setPicking(true)}>
              {b.end_mode === 'convert' ? T.pickOffer : T.pickWinner}
            </Button>
          )}
        </Box>
      )}
      {picking && (
        <Suspense fallback={null}>
          <WinnerDialog lot={lot} convert={b.end_mode === 'convert'} onClose={() => setPicking(false)} />
        </Suspense>
      )}
    </>
  );
}
