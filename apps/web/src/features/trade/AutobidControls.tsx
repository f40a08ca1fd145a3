/** Autobid of a classic lot: enable with a maximum, raise it, switch it off (spec 2 §4 "Autobid", §8 texts). */
import type { LotAttributes } from '@etp/contracts';
import { AUTOBID_MESSAGES, checkAmount, formatRublesExact } from '@etp/domain';
import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { AmountDialog } from './AmountDialog.tsx';
import { TRADE_MESSAGES as T } from './messages.ts';
import { tradeCalls, useLotAction } from './tradeApi.ts';
import { tradeErrorToast } from './useTradeToast.ts';

export function AutobidControls({ lot }: { lot: LotAttributes }) {
  const [open, setOpen] = useState(false);
  const enabled = lot.autobid_status === 'enabled';
  const enable = useLotAction(lot, (max: number) => tradeCalls.enableAutobid(lot.id, max));
  const disable = useLotAction(lot, () => tradeCalls.disableAutobid(lot.id));
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      {enabled && lot.autobid_max_price !== null && (
        <Typography variant="body2" color="info.main" data-testid={`autobid-${lot.id}`}>
          {T.autobidOn(formatRublesExact(lot.autobid_max_price))}
        </Typography>
      )}
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {enabled ? T.changeAutobid : T.enableAutobid}
      </Button>
      {enabled && (
        <Button
          size="small"
          color="error"
          disabled={disable.isPending}
          onClick={() =>
            disable.mutate(undefined, {
              onSuccess: () => toast.success(T.autobidDisabled),
              onError: tradeErrorToast,
            })
          }
        >
          {T.disableAutobid}
        </Button>
      )}
      <AmountDialog
        open={open}
        title={T.autobid}
        label={T.autobidMax}
        initial={lot.autobid_max_price ?? lot.next_price}
        validate={(kopecks) => {
          const typed = checkAmount(kopecks, 'max_price');
          if (typed) return typed.message;
          if ((kopecks as number) <= lot.next_price) return AUTOBID_MESSAGES.aboveNextPrice;
          if (enabled && lot.autobid_max_price !== null && (kopecks as number) <= lot.autobid_max_price)
            return AUTOBID_MESSAGES.aboveCurrentMax;
          return null;
        }}
        confirmText={(kopecks) => `${T.autobidMax}: ${formatRublesExact(kopecks)}`}
        pending={enable.isPending}
        onSubmit={(kopecks) =>
          enable.mutate(kopecks, {
            onSuccess: () => {
              setOpen(false);
              toast.success(enabled ? T.autobidChanged : T.autobidAccepted);
            },
            onError: (error) => {
              setOpen(false);
              tradeErrorToast(error);
            },
          })
        }
        onClose={() => setOpen(false)}
      />
    </Stack>
  );
}
