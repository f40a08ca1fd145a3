/**
 * Classic and dutch bidding on a lot: the amount, its percent of ОСЗ/ОД, step buttons, and the two-step bid
 * (enter, confirm). The amount follows the live price: it is next price + steps. What is typed is read by
 * readBidInput (decisions/0234): on the grid as typed, off it snapped up, below the minimum the spec's message
 * beside the field; a field only passed through (focus, Tab) never changes the amount. The confirmation states the
 * amount of the moment it opened and sends exactly that: a price that moves meanwhile never changes what was
 * confirmed (the server refuses it as stale if it no longer may be placed).
 */
import type { LotAttributes } from '@etp/contracts';
import {
  bidAtSteps,
  countWithNoun,
  formatPercent,
  formatRublesExact,
  groupMoneyInput,
  kopecksFromPercent,
  kopecksToInputText,
  parsePercent,
  percentOf,
  readBidInput,
  STEPS,
} from '@etp/domain';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { Button, IconButton, InputAdornment, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/ApiError.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { pastedMoneyText, useGroupedMoneyInput } from '../../lib/regroupMoneyInput.ts';
import { toast } from '../../lib/toast.ts';
import { lotTitle } from './lotTitle.ts';
import { TRADE_MESSAGES as T } from './messages.ts';
import { tradeCalls, useLotAction } from './tradeApi.ts';
import { tradeErrorToast } from './useTradeToast.ts';

/** Kopecks as the amount field shows them: grouped by thousands like formatRubles, '1 234 567' (decisions/0191). */
const amountText = (kopecks: number) => groupMoneyInput(kopecksToInputText(kopecks));

/**
 * A field being typed in: its text, whether the user changed it (a field only focused must not move the amount),
 * and the message that keeps it from being a bid.
 */
interface Editing {
  field: 'amount' | 'percent';
  text: string;
  changed: boolean;
  message: string | null;
}

interface BidControlsProps {
  lot: LotAttributes;
  auctionType: 'classic' | 'dutch';
  basis: { label: string; kopecks: number };
}

export function BidControls({ lot, auctionType, basis }: BidControlsProps) {
  const input = { ...lot, auction_type: auctionType };
  const [steps, setSteps] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  /** The open confirmation: the amount it states and sends, and whether the buyer leads (a raise of its own bid). */
  const [confirming, setConfirming] = useState<{ amount: number; leader: boolean } | null>(null);
  const state = bidAtSteps(input, steps);
  /** The typed field read as a bid: what the other field and the step count show while the user types. */
  const read = (typing: Editing) =>
    readBidInput(
      input,
      typing.field === 'amount' ? { amount: typing.text } : { percent: typing.text, of: basis.kopecks },
    );
  const typing = editing?.changed && editing.message === null ? read(editing) : null;
  // Until the typed text is a bid (a digit too few, below the minimum), the bid before it stays shown.
  const shown = typing?.ok ? bidAtSteps(input, typing.steps) : state;
  // The amount is grouped by thousands while typed.
  const money = useGroupedMoneyInput();
  const action = useLotAction(lot, ({ amount, confirm }: { amount: number; confirm: boolean }) =>
    tradeCalls.bid(lot.id, amount, confirm),
  );
  const shownPercent = formatPercent(percentOf(shown.amount, basis.kopecks)).replace('%', '');
  // A typed percent refused with a message: the amount field shows what that percent works out to, so the message
  // under it is about that amount, not about the valid bid shown before.
  const refusedPercent =
    editing?.field === 'percent' && editing.message !== null ? parsePercent(editing.text) : null;
  const amountShown = amountText(
    refusedPercent === null ? shown.amount : kopecksFromPercent(refusedPercent, basis.kopecks),
  );

  /** Reads the field typed in; the amount that may go to the confirmation, or null when it may not. */
  const commit = (): number | null => {
    if (!editing) return state.amount;
    if (editing.message !== null) return null;
    if (!editing.changed) {
      setEditing(null);
      return state.amount;
    }
    const reading = read(editing);
    if (!reading.ok) {
      setEditing({ ...editing, message: reading.message });
      return null;
    }
    setSteps(reading.steps);
    setEditing(null);
    return bidAtSteps(input, reading.steps).amount;
  };
  const focus = (field: Editing['field'], text: string) => {
    // A field left with a message keeps what was typed and its message, also while the other field is focused
    // (Tab from it); typing in either field starts again.
    if (editing?.message != null || editing?.field === field) return;
    setEditing({ field, text, changed: false, message: null });
  };
  const typed = (field: Editing['field'], text: string) =>
    setEditing({ field, text, changed: true, message: null });
  const stepBy = (delta: 1 | -1) => {
    setEditing(null);
    setSteps(shown.steps + delta);
  };

  const submit = ({ amount, leader: confirm }: { amount: number; leader: boolean }) => {
    action.mutate(
      { amount, confirm },
      {
        onSuccess: (message) => {
          setConfirming(null);
          setSteps(1);
          toast.success(message ?? T.bidAccepted);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'confirm_required') {
            setConfirming({ amount, leader: true });
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
          value={editing?.field === 'amount' ? editing.text : amountShown}
          onFocus={() => focus('amount', amountText(shown.amount))}
          onChange={(e) => {
            const before = editing?.field === 'amount' ? editing.text : amountText(shown.amount);
            typed('amount', money.regroup(before, e));
          }}
          onBlur={() => commit()}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          error={editing?.message != null}
          helperText={editing?.message ?? undefined}
          endAdornment={<InputAdornment position="end">₽</InputAdornment>}
          htmlInput={{
            inputMode: 'decimal',
            'data-testid': `bid-amount-${lot.id}`,
            ref: money.inputRef,
            onPaste: (e) => {
              const text = pastedMoneyText(e.clipboardData.getData('text'));
              if (text === null) return;
              e.preventDefault();
              typed('amount', text);
            },
          }}
          sx={{ flex: 2, minWidth: 0 }}
        />
        <TextInput
          size="small"
          label={`${T.percent}, ${basis.label}`}
          value={editing?.field === 'percent' ? editing.text : shownPercent}
          onFocus={() => focus('percent', shownPercent)}
          onChange={(e) => typed('percent', e.target.value.replace('%', ''))}
          onBlur={() => commit()}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
          error={editing?.field === 'percent' && editing.message !== null}
          endAdornment={<InputAdornment position="end">%</InputAdornment>}
          htmlInput={{
            inputMode: 'decimal',
            'aria-invalid': editing?.field === 'percent' && editing.message !== null,
          }}
          sx={{ flex: 1, minWidth: 116 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton
          aria-label={T.stepDown}
          size="small"
          disabled={!shown.canDecrease}
          onClick={() => stepBy(-1)}
        >
          <RemoveIcon fontSize="small" />
        </IconButton>
        <Typography
          variant="body2"
          sx={{ minWidth: 64, textAlign: 'center' }}
          data-testid={`bid-steps-${lot.id}`}
        >
          {countWithNoun(shown.steps, STEPS)}
        </Typography>
        <IconButton
          aria-label={T.stepUp}
          size="small"
          disabled={!shown.canIncrease}
          onClick={() => stepBy(1)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
        <Button
          variant="contained"
          sx={{ ml: 'auto' }}
          onClick={() => {
            const amount = commit();
            if (amount !== null) setConfirming({ amount, leader: lot.is_current_bidder });
          }}
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
            {T.confirmText(formatRublesExact(confirming?.amount ?? state.amount), name)}
            {confirming?.leader && (
              <Typography component="p" sx={{ mt: 1 }} color="warning.main">
                {T.confirmLeader}
              </Typography>
            )}
          </>
        }
        confirmLabel={T.confirm}
        pending={action.isPending}
        onConfirm={() => confirming && submit(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
