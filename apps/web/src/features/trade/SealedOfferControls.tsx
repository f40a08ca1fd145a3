/**
 * A sealed offer (private_requests, bank_to_bank): one per participant per lot, made, changed or withdrawn until
 * the end; nobody sees another's amount (spec 2 §5: >= the minimum, below ОСЗ except bank_to_bank).
 */
import type { LotAttributes } from '@etp/contracts';
import { formatRublesExact, readBidInput } from '@etp/domain';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { toast } from '../../lib/toast.ts';
import { AmountDialog } from './AmountDialog.tsx';
import { lotTitle } from './lotTitle.ts';
import { TRADE_MESSAGES as T } from './messages.ts';
import { tradeCalls, useLotAction } from './tradeApi.ts';
import { tradeErrorToast } from './useTradeToast.ts';

export function SealedOfferControls({ lot, bankToBank }: { lot: LotAttributes; bankToBank: boolean }) {
  const input = {
    ...lot,
    auction_type: bankToBank ? ('bank_to_bank' as const) : ('private_requests' as const),
  };
  const [open, setOpen] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const own = lot.last_users_bid_cents;
  const place = useLotAction(lot, (amount: number) => tradeCalls.bid(lot.id, amount, false));
  const withdraw = useLotAction(lot, () => tradeCalls.withdraw(lot.id));
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {own !== null && (
        <Typography variant="body2" data-testid={`own-offer-${lot.id}`}>
          {T.yourOffer}: <b>{formatRublesExact(own)}</b>
        </Typography>
      )}
      <Button size="small" variant="contained" onClick={() => setOpen(true)}>
        {own === null ? T.makeOffer : T.changeOffer}
      </Button>
      {own !== null && (
        <Button size="small" color="error" onClick={() => setWithdrawing(true)}>
          {T.withdrawOffer}
        </Button>
      )}
      <AmountDialog
        open={open}
        title={own === null ? T.makeOffer : T.changeOffer}
        label={T.yourOffer}
        initial={own}
        read={(text) => readBidInput(input, { amount: text })}
        confirmText={(kopecks) =>
          (own === null ? T.confirmOffer : T.confirmOfferChange)(formatRublesExact(kopecks), lotTitle(lot))
        }
        pending={place.isPending}
        onSubmit={(kopecks) =>
          place.mutate(kopecks, {
            onSuccess: () => {
              setOpen(false);
              // The server's reply speaks of a bid ('Ставка принята'); an offer is told as an offer.
              toast.success(T.offerAccepted);
            },
            onError: (error) => {
              setOpen(false);
              tradeErrorToast(error);
            },
          })
        }
        onClose={() => setOpen(false)}
      />
      <ConfirmDialog
        open={withdrawing}
        title={T.withdrawOffer}
        text={T.confirmWithdraw(own === null ? '' : formatRublesExact(own), lotTitle(lot))}
        danger
        pending={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => {
              setWithdrawing(false);
              toast.success(T.offerWithdrawn);
            },
            onError: () => {
              setWithdrawing(false);
              toast.error(T.bidDeleteFailed);
            },
          })
        }
        onClose={() => setWithdrawing(false)}
      />
    </Stack>
  );
}
