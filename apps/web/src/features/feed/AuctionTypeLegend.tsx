import { AUCTION_TYPE_DESCRIPTIONS, AUCTION_TYPE_LABELS, AUCTION_TYPES, TOOLTIP_DELAY_MS } from '@etp/domain';
import { Box, Typography } from '@mui/material';
import { AUCTION_TYPE_COLOURS } from '../../components/AuctionTypeIcon.tsx';
import { DeferredTooltip } from '../../components/DeferredTooltip.tsx';
import { FEED_MESSAGES } from './messages.ts';

/** The legend of auction types: the colour each format has on the calendar, with its description on hover. */
export function AuctionTypeLegend() {
  return (
    <Box
      component="ul"
      aria-label={FEED_MESSAGES.legend.label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5, rowGap: 0.75 }}
    >
      {AUCTION_TYPES.map((type) => (
        <DeferredTooltip
          key={type}
          title={AUCTION_TYPE_DESCRIPTIONS[type]}
          enterDelay={TOOLTIP_DELAY_MS}
          arrow
        >
          <Box component="li" tabIndex={0} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: AUCTION_TYPE_COLOURS[type],
                flexShrink: 0,
              }}
            />
            <Typography variant="body2" component="span">
              {AUCTION_TYPE_LABELS[type]}
            </Typography>
          </Box>
        </DeferredTooltip>
      ))}
    </Box>
  );
}
