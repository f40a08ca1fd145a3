import type { PublicBriefcase } from '@etp/contracts';
import { briefcaseStatusLabel, formatMoscowDateTime, viewerOffsetMinutes } from '@etp/domain';
import { Box, Card, CardActionArea, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuctionTypeIcon } from '../../components/AuctionTypeIcon.tsx';
import { CompanyAvatar } from '../../components/CompanyAvatar.tsx';
import { LANDING_MESSAGES as T } from './messages.ts';
import { sliderBadge, sliderCardLink } from './sliderRules.ts';

export const SLIDER_CARD_WIDTH = 288;

/** One procedure of the schedule: date, status, organiser, 'ТП №{id}', format and the active/nearest badge. */
export function SliderCard({ item }: { item: PublicBriefcase }) {
  const a = item.attributes;
  const link = sliderCardLink(item);
  const badge = sliderBadge(item);
  const content = (
    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.25, height: '100%' }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, minHeight: 24 }}
      >
        {/* One status, one text: a procedure trading now says so once, in its badge 'Проводятся'. */}
        {badge !== 'active' && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {briefcaseStatusLabel(a.status)}
          </Typography>
        )}
        {badge && (
          <Chip size="small" color={badge === 'active' ? 'success' : 'info'} label={T.badges[badge]} />
        )}
      </Stack>
      <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {a.start_datetime
          ? formatMoscowDateTime(a.start_datetime, { viewerOffsetMinutes: viewerOffsetMinutes() })
          : T.noDate}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <CompanyAvatar name={a.company.name} logoUrl={a.company.logo_url} size={36} />
        <Typography variant="body2" sx={{ minWidth: 0, fontWeight: 500 }} noWrap title={a.company.name}>
          {a.company.name}
        </Typography>
      </Stack>
      <Box sx={{ mt: 'auto' }}>
        <Typography variant="h6" component="h3">
          {T.procedure(item.id)}
        </Typography>
        <Box sx={{ mt: 0.5 }}>
          <AuctionTypeIcon type={a.auction_type} withLabel focusable={link === null} />
        </Box>
      </Box>
    </CardContent>
  );
  return (
    <Card
      data-testid="slider-card"
      aria-disabled={link === null || undefined}
      sx={{
        width: SLIDER_CARD_WIDTH,
        flexShrink: 0,
        scrollSnapAlign: 'center',
        height: 224,
        opacity: link === null ? 0.55 : 1,
        borderColor: badge ? (badge === 'active' ? 'success.main' : 'info.main') : undefined,
        bgcolor: link === null ? 'action.hover' : 'background.paper',
      }}
    >
      {link ? (
        <CardActionArea component={RouterLink} to={link} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        <Box title={T.unavailable} sx={{ height: '100%' }}>
          {content}
        </Box>
      )}
    </Card>
  );
}
