/** The amount dialog itself (AmountDialog), loaded when first opened: MUI's Dialog and text field. */
import { groupMoneyInput, kopecksToInputText, rublesToKopecks } from '@etp/domain';
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
import { type ClipboardEvent, useState } from 'react';
import { pastedMoneyText, useGroupedMoneyInput } from '../../lib/regroupMoneyInput.ts';
import type { AmountDialogProps } from './AmountDialog.tsx';
import { TRADE_MESSAGES as T } from './messages.ts';

export default function AmountDialogView({
  title,
  label,
  initial,
  read,
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
    if (read) {
      const reading = read(text);
      setError(reading.ok ? null : reading.message);
      if (reading.ok) setConfirmed(reading.amount);
      return;
    }
    const kopecks = rublesToKopecks(text);
    const problem = validate?.(kopecks) ?? null;
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
              htmlInput: {
                inputMode: 'decimal',
                ref: money.inputRef,
                onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
                  const pasted = pastedMoneyText(e.clipboardData.getData('text'));
                  if (pasted === null) return;
                  e.preventDefault();
                  setText(pasted);
                  setError(null);
                },
              },
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
