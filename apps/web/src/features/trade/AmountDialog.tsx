/**
 * A dialog asking for one amount in rubles (autobid maximum, sealed offer): enter, then confirm (spec 2 §5). The
 * amount is grouped by thousands while typed, as the bid input is (decisions/0191).
 */
import { formatRubles, groupMoneyInput, kopecksToInputText, rublesToKopecks } from '@etp/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useGroupedMoneyInput } from '../../lib/regroupMoneyInput.ts';
import { TRADE_MESSAGES as T } from './messages.ts';

interface AmountDialogProps {
  open: boolean;
  title: string;
  label: string;
  initial: number | null;
  /** The spec's message for a bad amount, or null when it may be sent. */
  validate: (kopecks: number | null) => string | null;
  confirmText: (kopecks: number) => string;
  pending: boolean;
  onSubmit: (kopecks: number) => void;
  onClose: () => void;
}

export function AmountDialog(props: AmountDialogProps) {
  return props.open ? <AmountDialogBody {...props} /> : null;
}

function AmountDialogBody({
  title,
  label,
  initial,
  validate,
  confirmText,
  pending,
  onSubmit,
  onClose,
}: AmountDialogProps) {
  const [text, setText] = useState(initial === null ? '' : groupMoneyInput(kopecksToInputText(initial)));
  const money = useGroupedMoneyInput();
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const next = () => {
    const kopecks = rublesToKopecks(text);
    const problem = validate(kopecks);
    setError(problem);
    if (!problem && kopecks !== null) setConfirmed(kopecks);
  };
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {confirmed === null ? (
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={label}
            value={text}
            onChange={(e) => {
              setText(money.regroup(text, e));
              setError(null);
            }}
            onKeyDown={(e) => e.key === 'Enter' && next()}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{
              input: { endAdornment: <InputAdornment position="end">₽</InputAdornment> },
              htmlInput: { inputMode: 'decimal', ref: money.inputRef },
            }}
          />
        ) : (
          <Typography>{confirmText(confirmed)}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={confirmed === null ? onClose : () => setConfirmed(null)} disabled={pending}>
          {T.cancel}
        </Button>
        {confirmed === null ? (
          <Button variant="contained" onClick={next}>
            {T.next}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => onSubmit(confirmed)} disabled={pending}>
            {T.confirm}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export const formatAmount = (kopecks: number) => formatRubles(kopecks);
