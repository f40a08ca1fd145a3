/**
 * The seller's choice of the winner of a finished lot, or "no winner"; in a two-round procedure (convert) the
 * offer that fixes the second round's start price (spec 2 §4 "Winner selection"). Width 550; save needs a choice.
 */
import type { LotAttributes } from '@etp/contracts';
import {
  formatMoscowDateTime,
  formatRublesExact,
  viewerOffsetMinutes,
  WINNER_DIALOG_MAX_WIDTH_PX,
} from '@etp/domain';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../api/ApiError.ts';
import { toast } from '../../lib/toast.ts';
import { lotTitle } from './lotTitle.ts';
import { TRADE_MESSAGES as T } from './messages.ts';
import { tradeCalls, useBidders, useLotAction } from './tradeApi.ts';

export function WinnerDialog({
  lot,
  convert,
  onClose,
}: {
  lot: LotAttributes;
  convert: boolean;
  onClose: () => void;
}) {
  const bidders = useBidders(lot.id, true);
  const [choice, setChoice] = useState<string | null>(null);
  const save = useLotAction(lot, (bidId: number | null) => tradeCalls.setWinner(lot.id, bidId));
  const viewer = { viewerOffsetMinutes: viewerOffsetMinutes() };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: WINNER_DIALOG_MAX_WIDTH_PX } } }}
    >
      <DialogTitle>{convert ? T.secondRoundTitle : T.winnerTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{lotTitle(lot)}</DialogContentText>
        {bidders.isPending ? (
          <CircularProgress size={24} />
        ) : (
          <RadioGroup
            value={choice ?? ''}
            onChange={(e) => setChoice(e.target.value)}
            aria-label={convert ? T.secondRoundTitle : T.winnerTitle}
            sx={{ gap: 1 }}
          >
            {(bidders.data ?? []).map((b) => (
              <FormControlLabel
                key={b.id}
                value={String(b.id)}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.75 } }}
                label={
                  <Stack>
                    <Typography sx={{ fontWeight: 500 }}>{b.userCompanyName}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatRublesExact(b.amount)} · {formatMoscowDateTime(b.created_at, viewer)}
                    </Typography>
                  </Stack>
                }
              />
            ))}
            <FormControlLabel
              value="none"
              control={<Radio />}
              label={convert ? T.startFromMinimum : T.noWinner}
            />
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button
          variant="contained"
          disabled={choice === null || save.isPending}
          onClick={() =>
            save.mutate(choice === 'none' ? null : Number(choice), {
              onSuccess: (message) => {
                if (message) toast.success(message);
                onClose();
              },
              onError: (error) =>
                toast.error(
                  error instanceof ApiError && error.status > 0
                    ? `${T.winnerNotSaved} ${error.message}`
                    : `${T.winnerFailed} ${T.winnerFailedHint}`,
                ),
            })
          }
        >
          {T.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
