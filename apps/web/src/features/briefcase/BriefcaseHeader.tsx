import type { BriefcaseCardAttributes } from '@etp/contracts';
import {
  briefcaseCardStatus,
  briefcaseStatusLabel,
  formatMoscowDate,
  formatMoscowDateTime,
  formatPercent,
  formatRubles,
  isPrivateAuction,
  percentOf,
  showsCardTimeLine,
  viewerOffsetMinutes,
} from '@etp/domain';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Alert, AlertTitle, Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuctionTypeIcon } from '../../components/AuctionTypeIcon.tsx';
import { CardStatusChip } from '../../components/CardStatusChip.tsx';
import { CompanyAvatar } from '../../components/CompanyAvatar.tsx';
import { DeferredTooltip } from '../../components/DeferredTooltip.tsx';
import { Fact } from '../../components/Fact.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';
import { useServerNow } from '../../lib/useServerNow.ts';
import { CARD_MESSAGES as T } from './messages.ts';

interface BriefcaseHeaderProps {
  briefcase: BriefcaseCardAttributes;
  /** The organiser's and the viewer's buttons (edit, confirm, favourite). */
  actions?: ReactNode;
}

/** The card's head: back link, 'ТП №{id}', status, format, organiser, publication and trading times. */
export function BriefcaseHeader({ briefcase: b, actions }: BriefcaseHeaderProps) {
  usePageTitle(T.title(b.id));
  const viewer = { viewerOffsetMinutes: viewerOffsetMinutes() };
  const when = (iso: string | null) => (iso ? formatMoscowDateTime(iso, viewer) : T.noData);
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Box>
        <Button component={RouterLink} to="/briefcases" startIcon={<ArrowBackIcon />} sx={{ ml: -1 }}>
          {T.backToList}
        </Button>
      </Box>
      {b.ai_grid && (
        <Alert severity="info" icon={<AutoAwesomeIcon />} data-testid="ai-grid-banner">
          <AlertTitle>{T.aiGridTitle}</AlertTitle>
          {T.aiGridText}
        </Alert>
      )}
      {b.partner_operated && <Alert severity="info">{T.partnerOperated}</Alert>}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 1 }}>
        <Typography variant="h4" component="h1" data-testid="briefcase-title">
          {T.title(b.id)}
        </Typography>
        <Chip label={briefcaseStatusLabel(b.status, b.next_round_count)} color="primary" variant="outlined" />
        {showsCardTimeLine(b.status) && <LiveCardStatus briefcase={b} />}
        <Box sx={{ flexGrow: 1 }} />
        {actions}
      </Stack>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1.5, md: 3 }}
        sx={{ alignItems: { md: 'center' } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <CompanyAvatar name={b.company.name} logoUrl={b.company.logo_url} size={44} />
          <Typography variant="subtitle1" sx={{ minWidth: 0 }}>
            {b.company.name}
          </Typography>
        </Stack>
        <AuctionTypeIcon type={b.auction_type} withLabel size={22} />
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, max-content)' },
          columnGap: { sm: 5 },
        }}
      >
        <Fact label={T.published}>{b.published_at ? formatMoscowDate(b.published_at) : T.noData}</Fact>
        <Fact label={T.start}>{when(b.start_datetime)}</Fact>
        <Fact label={T.end}>{when(b.end_datetime)}</Fact>
      </Box>
      <HeaderNotes briefcase={b} />
    </Stack>
  );
}

/** The status line by server time: only this chip re-renders each second, not the page under it. */
function LiveCardStatus({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  return <CardStatusChip status={briefcaseCardStatus(b, useServerNow())} />;
}

/** Renewal minutes, the two-round notice, payment kind, commission and the viewer's own bids (spec 2 §2). */
function HeaderNotes({ briefcase: b }: { briefcase: BriefcaseCardAttributes }) {
  const basisIsBottomline = b.percent_mode === 'amount_bottomline_debt' && b.auction_type !== 'bank_to_bank';
  const basis = basisIsBottomline ? b.amount_bottomline : b.amount_total;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Chip size="small" variant="outlined" label={T.renewal(b.renewal_after_last_bid_in_minutes)} />
      {b.end_mode === 'convert' && (
        <DeferredTooltip title={T.twoRoundsHint}>
          <Chip size="small" color="info" variant="outlined" label={T.twoRounds} tabIndex={0} />
        </DeferredTooltip>
      )}
      {b.kind === 'standard' && <Chip size="small" variant="outlined" label={T.paymentStandard} />}
      {b.commission_percent !== null && (
        <Chip size="small" variant="outlined" label={T.commission(formatPercent(b.commission_percent))} />
      )}
      {b.bids_total_amount_cents !== null && (
        <Chip
          size="small"
          color="primary"
          data-testid="own-bids-sum"
          label={T.ownBids(
            formatRubles(b.bids_total_amount_cents),
            formatPercent(percentOf(b.bids_total_amount_cents, basis)),
            basisIsBottomline ? 'ОСЗ' : 'ОД',
            isPrivateAuction(b.auction_type),
          )}
        />
      )}
    </Stack>
  );
}
