import type { CardStatus, CardStatusTone } from '@etp/domain';
import { Chip, type ChipProps } from '@mui/material';

const TONE_COLOURS: Readonly<Record<CardStatusTone, ChipProps['color']>> = {
  planned: 'default',
  upcoming: 'info',
  active: 'success',
  ending: 'warning',
  finished: 'default',
  cancelled: 'error',
};

/** The procedure's status line (briefcaseCardStatus) as a chip coloured by its tone. */
export function CardStatusChip({ status }: { status: CardStatus }) {
  return (
    <Chip
      size="small"
      label={status.text}
      color={TONE_COLOURS[status.tone]}
      variant={status.tone === 'active' || status.tone === 'ending' ? 'filled' : 'outlined'}
      sx={{
        fontVariantNumeric: 'tabular-nums',
        maxWidth: '100%',
        // The theme's warning is too light under white text (3:1); its dark shade reads at 5:1.
        ...(status.tone === 'ending' && { bgcolor: 'warning.dark' }),
      }}
    />
  );
}
