/**
 * Classic and dutch bidding on a lot: the amount (snapped to the step grid), its percent of ОСЗ/ОД, step
 * buttons, and the two-step bid (enter, confirm). The amount follows the live price: it is next price + steps.
 */
import type { LotAttributes } from '@etp/contracts';
import {
  bidAtSteps,
  countWithNoun,
  formatPercent,
  formatRubles,
  groupMoneyInput,
  kopecksFromPercent,
  kopecksToInputText,
  parsePercent,
  percentOf,
  rublesToKopecks,
  STEPS,
  snapBidAmount,
} from '@etp/domain';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Button, IconButton, InputAdornment, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/ApiError.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useGroupedMoneyInput } from '../../lib/regroupMoneyInput.ts';
import { toast } from '../../lib/toast.ts';
import { lotTitle } from './lotTitle.ts';
import { TRADE_MESSAGES as T } from './messages.ts';
import { tradeCalls, useLotAction } from './tradeApi.ts';
import { tradeErrorToast } from './useTradeToast.ts';

/** Kopecks as the amount field shows them: grouped by thousands like formatRubles, '1 234 567' (decisions/0191). */
const amountText = (kopecks: number) => groupMoneyInput(kopecksToInputText(kopecks));

interface BidControlsProps {
  lot: LotAttributes;
  auctionType: 'classic' | 'dutch';
  basis: { label: string; kopecks: number };
}

export function BidControls({ lot, auctionType, basis }: BidControlsProps) {
  const input = { ...lot, auction_type: auctionType };
  const [steps, setSteps] = useState(1);
  const [editing, setEditing] = useState<{ field: 'amount' | 'percent'; text: string } | null>(null);
  const [confirming, setConfirming] = useState<{ leader: boolean } | null>(null);
  const state = bidAtSteps(input, steps);
  // The amount is grouped by thousands while typed.
  const money = useGroupedMoneyInput();
  const action = useLotAction(lot, ({ amount, confirm }: { amount: number; confirm: boolean }) =>
    tradeCalls.bid(lot.id, amount, confirm),
  );

  const commit = () => {
    if (!editing) return;
    const kopecks =
      editing.field === 'amount'
        ? rublesToKopecks(editing.text)
        : (() => {
            const p = parsePercent(editing.text);
            return p === null ? null : kopecksFromPercent(p, basis.kopecks);
          })();
    if (kopecks !== null) setSteps(snapBidAmount(input, kopecks).steps);
    setEditing(null);
  };

  const submit = (confirm: boolean) => {
    action.mutate(
      { amount: state.amount, confirm },
      {
        onSuccess: (message) => {
          setConfirming(null);
          setSteps(1);
          toast.success(message ?? T.bidAccepted);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'confirm_required') {
            setConfirming({ leader: true });
            return;
          }
          setConfirming(null);
          tradeErrorToast(error);
        },
      },
    );
  };

  const name = lotTitle(lot);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextInput
          size="small"
          label={T.yourBid}
          value={editing?.field === 'amount' ? editing.text : amountText(state.amount)}
          onFocus={() => setEditing({ field: 'amount', text: amountText(state.amount) })}
          onChange={(e) => {
            const shown = editing?.field === 'amount' ? editing.text : amountText(state.amount);
            setEditing({ field: 'amount', text: money.regroup(shown, e) });
          }}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          endAdornment={<InputAdornment position="end">₽</InputAdornment>}
          htmlInput={{ inputMode: 'decimal', 'data-testid': `bid-amount-${lot.id}`, ref: money.inputRef }}
          sx={{ flex: 2, minWidth: 0 }}
        />
        <TextInput
          size="small"
          label={`${T.percent}, ${basis.label}`}
          value={
            editing?.field === 'percent'
              ? editing.text
              : formatPercent(percentOf(state.amount, basis.kopecks)).replace('%', '')
          }
          onFocus={() =>
            setEditing({
              field: 'percent',
              text: formatPercent(percentOf(state.amount, basis.kopecks)).replace('%', ''),
            })
          }
          onChange={(e) => setEditing({ field: 'percent', text: e.target.value.replace('%', '') })}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          endAdornment={<InputAdornment position="end">%</InputAdornment>}
          htmlInput={{ inputMode: 'decimal' }}
          sx={{ flex: 1, minWidth: 116 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={T.stepDown}
          size="small"
          disabled={!state.canDecrease}
          onClick={() => setSteps(state.steps - 1)}
        >
          <RemoveIcon fontSize="small" />
        </IconButton>
        <Typography
          variant="body2"
          sx={{ minWidth: 64, textAlign: 'center' }}
          data-testid={`bid-steps-${lot.id}`}
        >
          {countWithNoun(state.steps, STEPS)}
        </Typography>
        <IconButton
          aria-label={T.stepUp}
          size="small"
          disabled={!state.canIncrease}
          onClick={() => setSteps(state.steps + 1)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
        <Button
          variant="contained"
          sx={{ ml: 'auto' }}
          onClick={() => setConfirming({ leader: lot.is_current_bidder })}
          disabled={action.isPending}
        >
          {auctionType === 'dutch' ? T.takeAtStep : T.placeBid}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={T.confirmTitle}
        text={
          <>
            {T.confirmText(formatRubles(state.amount), name)}
            {confirming?.leader && (
              <Typography component="p" sx={{ mt: 1 }} color="warning.main">
                {T.confirmLeader}
              </Typography>
            )}
          </>
        }
        confirmLabel={T.confirm}
        pending={action.isPending}
        onConfirm={() => submit(confirming?.leader ?? false)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
