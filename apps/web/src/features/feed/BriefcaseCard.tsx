import type { BriefcaseListAttributes } from '@etp/contracts';
import {
  briefcaseCardStatus,
  formatMoscowDateTime,
  formatShortMoney,
  viewerOffsetMinutes,
} from '@etp/domain';
import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuctionTypeIcon } from '../../components/AuctionTypeIcon.tsx';
import { CardStatusChip } from '../../components/CardStatusChip.tsx';
import { CompanyAvatar } from '../../components/CompanyAvatar.tsx';
import { Fact } from '../../components/Fact.tsx';
import { FavouriteStar } from '../../components/FavouriteStar.tsx';
import { FillingBadge } from '../../components/FillingBadge.tsx';
import { useLiveSubscription } from '../../live/useLive.ts';
import { FEED_MESSAGES } from './messages.ts';
import { startPriceFact } from './startPriceFact.ts';

const T = FEED_MESSAGES.card;

interface BriefcaseCardProps {
  briefcase: BriefcaseListAttributes;
  /** Server-corrected current time, for the status line and its countdown. */
  nowMs: number;
  /** The favourite star (accredited users: spec 2 §1). */
  withFavourite?: boolean;
}

/** One procedure in the feed. A link to its card, unless can_show is false (then details stay hidden). */
export function BriefcaseCard({ briefcase: b, nowMs, withFavourite = false }: BriefcaseCardProps) {
  // Bid counts and status follow the server live while the procedure is open for trading.
  const live = b.can_show && (b.status === 'ready' || b.status === 'active') ? b.id : undefined;
  useLiveSubscription('LotsStream', live);
  useLiveSubscription('BriefcaseStatus', live);
  const status = briefcaseCardStatus(b, nowMs);
  const viewer = { viewerOffsetMinutes: viewerOffsetMinutes() };
  const money = (kopecks: number) => formatShortMoney(kopecks, { currency: b.currency });
  const price = startPriceFact(b);

  const body = (
    <Stack spacing={2} sx={{ p: { xs: 2, md: 2.5 } }}>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, pr: withFavourite ? 5 : 0 }}
      >
        <Typography variant="h6" component="h3" sx={{ mr: 0.5 }}>
          {T.title(b.id)}
        </Typography>
        <CardStatusChip status={status} />
        <Box sx={{ flexGrow: 1 }} />
        {b.can_show && b.filling_percent !== null && (
          <FillingBadge percent={b.filling_percent} hint={T.filling} />
        )}
        <AuctionTypeIcon type={b.auction_type} withLabel focusable={!b.can_show} />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <CompanyAvatar name={b.company.name} logoUrl={b.company.logo_url} />
        <Typography variant="body1" sx={{ fontWeight: 500, minWidth: 0 }} noWrap>
          {b.company.name}
        </Typography>
      </Stack>
      {b.can_show ? (
        // The facts take the card's own width (a container query: the feed's column is narrower than the window
        // by the calendar beside it). In one row of eight the start and the end are as wide as their text, never
        // cut; below that width they go in rows of four or two.
        <Box sx={{ containerType: 'inline-size' }}>
          <Box
            data-testid="briefcase-card-facts"
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              '@container (min-width: 34rem)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
              '@container (min-width: 58rem)': {
                gridTemplateColumns: 'repeat(2, minmax(max-content, 1.3fr)) repeat(6, minmax(0, 1fr))',
              },
            }}
          >
            <Fact label={T.start}>
              {b.start_datetime ? formatMoscowDateTime(b.start_datetime, viewer) : '—'}
            </Fact>
            <Fact label={T.end}>{b.end_datetime ? formatMoscowDateTime(b.end_datetime, viewer) : '—'}</Fact>
            <Fact label={T.amountTotal} hint={T.amountTotalHint}>
              {money(b.amount_total)}
            </Fact>
            <Fact label={T.amountBottomline} hint={T.amountBottomlineHint}>
              {money(b.amount_bottomline)}
            </Fact>
            <Fact label={price.label}>{money(price.kopecks)}</Fact>
            <Fact label={T.lots}>{b.lots_count}</Fact>
            <Fact label={T.bids}>{b.bids_count}</Fact>
            <Fact label={T.bidders}>{b.bidders_count}</Fact>
          </Box>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {T.notAvailable}
        </Typography>
      )}
    </Stack>
  );

  return (
    <Card
      data-testid="briefcase-card"
      component="article"
      aria-label={T.title(b.id)}
      sx={{ position: 'relative' }}
    >
      {b.can_show ? <LinkArea to={`/briefcases/${b.id}`}>{body}</LinkArea> : body}
      {withFavourite && (
        // Outside the link: a control must not sit inside another one.
        <Box sx={{ position: 'absolute', top: { xs: 8, md: 12 }, right: { xs: 4, md: 8 } }}>
          <FavouriteStar id={b.id} favourite={b.is_favorited} label={T.title(b.id)} />
        </Box>
      )}
    </Card>
  );
}

function LinkArea({ to, children }: { to: string; children: ReactNode }) {
  return (
    <CardActionArea component={RouterLink} to={to} sx={{ '&:hover': { bgcolor: 'action.hover' } }}>
      {children}
    </CardActionArea>
  );
}
