import type { DealState } from '@etp/domain';
import { Chip, type ChipProps } from '@mui/material';

/** Green once the money arrived, amber while a party must act, red when the deal ended without a sale. */
const COLOUR: Readonly<Record<DealState, ChipProps['color']>> = {
  second_offer: 'info',
  awaiting_signatures: 'warning',
  signed_by_buyer: 'warning',
  signed_by_seller: 'warning',
  awaiting_payment: 'warning',
  payment_reported: 'info',
  paid: 'success',
  registry_handed_over: 'success',
  closed: 'success',
  failed: 'error',
  cancelled: 'error',
  offer_declined: 'default',
};

/** The deal's state as a chip (the server's label, the domain's DEAL_STATE_LABELS). */
export function DealStateChip({ state, label }: { state: DealState; label: string }) {
  const colour = COLOUR[state];
  return (
    <Chip
      size="small"
      label={label}
      color={colour}
      variant={state === 'closed' || state === 'offer_declined' ? 'outlined' : 'filled'}
      data-testid="deal-state"
      sx={{
        maxWidth: '100%',
        // The theme's warning is too light under white text (3:1); its dark shade reads at 5:1.
        ...(colour === 'warning' && { bgcolor: 'warning.dark' }),
      }}
    />
  );
}
