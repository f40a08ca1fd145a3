import {
  AUCTION_TYPE_DESCRIPTIONS,
  AUCTION_TYPE_LABELS,
  type AuctionType,
  TOOLTIP_DELAY_MS,
} from '@etp/domain';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Box } from '@mui/material';
import { DeferredTooltip } from './DeferredTooltip.tsx';

const ICONS: Readonly<Record<AuctionType, SvgIconComponent>> = {
  classic: TrendingUpIcon,
  dutch: TrendingDownIcon,
  private_requests: LockOutlinedIcon,
  bank_to_bank: AccountBalanceOutlinedIcon,
};

/** One colour per format, shared by the icon, the feed legend and (later) the calendar dots. */
export const AUCTION_TYPE_COLOURS: Readonly<Record<AuctionType, string>> = {
  classic: '#2e7d32',
  dutch: '#c62828',
  private_requests: '#6a1b9a',
  bank_to_bank: '#00838f',
};

interface AuctionTypeIconProps {
  type: AuctionType;
  /** Also write the format's name beside the icon. */
  withLabel?: boolean;
  size?: number;
  /** Reachable by Tab for its tooltip (default); off inside a link, which must not hold focusable parts. */
  focusable?: boolean;
}

/** The format's icon with its name and description in a tooltip. */
export function AuctionTypeIcon({
  type,
  withLabel = false,
  size = 20,
  focusable = true,
}: AuctionTypeIconProps) {
  const Icon = ICONS[type];
  return (
    <DeferredTooltip
      title={
        <>
          <b>{AUCTION_TYPE_LABELS[type]}</b>
          <br />
          {AUCTION_TYPE_DESCRIPTIONS[type]}
        </>
      }
      enterDelay={TOOLTIP_DELAY_MS}
      arrow
    >
      <Box
        component="span"
        tabIndex={focusable ? 0 : undefined}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: 'text.primary', minWidth: 0 }}
      >
        <Icon
          aria-label={withLabel ? undefined : AUCTION_TYPE_LABELS[type]}
          aria-hidden={withLabel ? true : undefined}
          sx={{ fontSize: size, color: AUCTION_TYPE_COLOURS[type] }}
        />
        {withLabel && (
          <Box component="span" sx={{ typography: 'body2', whiteSpace: 'nowrap' }}>
            {AUCTION_TYPE_LABELS[type]}
          </Box>
        )}
      </Box>
    </DeferredTooltip>
  );
}
