/** The confirmations of a deal's steps and the administrator's cancellation; server refusals show inside. */
import { DEAL_CANCEL_REASON_MAX_LENGTH } from '@etp/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { errorText, fieldErrorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { type DealStep, useCancelDeal, useDealStep } from './dealsApi.ts';
import { DEALS_MESSAGES as T } from './messages.ts';

export function DealStepDialog({
  dealId,
  step,
  onClose,
}: {
  dealId: number;
  step: DealStep;
  onClose: () => void;
}) {
  const run = useDealStep(dealId);
  const titleId = useId();
  const texts = T.confirm[step];
  const danger = step === 'decline_offer';
  return (
    <Dialog
      open
      onClose={run.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{texts.text}</DialogContentText>
        {run.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(run.error, T.stepFailed)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={run.isPending}>
          {T.back}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={run.isPending}
          onClick={() =>
            run.mutate(step, {
              onSuccess: () => {
                toast.success(T.done[step]);
                onClose();
              },
            })
          }
        >
          {T.actions[step]}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DealCancelDialog({ dealId, onClose }: { dealId: number; onClose: () => void }) {
  const cancel = useCancelDeal(dealId);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const empty = reason.trim() === '';
  const fieldError = touched && empty ? T.cancel.reasonRequired : fieldErrorText(cancel.error, 'reason');
  const otherError =
    cancel.error && !fieldErrorText(cancel.error, 'reason') ? errorText(cancel.error, T.stepFailed) : null;
  return (
    <Dialog
      open
      onClose={cancel.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{T.cancel.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.cancel.text}</DialogContentText>
        <TextField
          label={T.cancel.reason}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          multiline
          minRows={3}
          fullWidth
          required
          error={Boolean(fieldError)}
          helperText={fieldError ?? `${reason.trim().length} / ${DEAL_CANCEL_REASON_MAX_LENGTH}`}
          slotProps={{ htmlInput: { maxLength: DEAL_CANCEL_REASON_MAX_LENGTH } }}
        />
        {otherError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {otherError}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={cancel.isPending}>
          {T.cancel.keep}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={cancel.isPending}
          onClick={() => {
            setTouched(true);
            if (empty) return;
            cancel.mutate(reason.trim(), {
              onSuccess: () => {
                toast.success(T.done.cancel);
                onClose();
              },
            });
          }}
        >
          {T.cancel.submit}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
