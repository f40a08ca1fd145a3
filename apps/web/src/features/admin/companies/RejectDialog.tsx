import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { ACCREDITATION_MESSAGES as T } from '../messages.ts';

const MAX_REASON = 2000;

/** The reason of a refusal (required, at most 2000 characters), shown to the company's users. */
export function RejectDialog({
  open,
  pending,
  onReject,
  onClose,
}: {
  open: boolean;
  pending: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) {
      setError(T.reasonRequired);
      return;
    }
    onReject(reason.trim());
  };
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{T.rejectTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.rejectText}</DialogContentText>
        <TextField
          label={T.reason}
          name="reason"
          multiline
          minRows={3}
          fullWidth
          autoFocus
          value={reason}
          onChange={(event) => {
            setReason(event.target.value.slice(0, MAX_REASON));
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? `${reason.length} / ${MAX_REASON}`}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {T.cancel}
        </Button>
        <Button variant="contained" color="error" onClick={submit} disabled={pending}>
          {T.reject}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
