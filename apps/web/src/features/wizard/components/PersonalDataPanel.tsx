/** The personal-data warning (spec 1 §4): confirm, skip (administrators), send the log to an e-mail, ask for help. */
import type { PersonalDataFinding } from '@etp/contracts';
import { validateEmail } from '@etp/domain';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../../../api/ApiError.ts';
import { useSnackbar } from '../../../lib/snackbars.tsx';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { requestHelp, sendPersonalDataLog } from '../wizardApi.ts';

const KIND_TEXT: Record<string, string> = {
  full_name: 'ФИО',
  passport: 'паспорт',
  snils: 'СНИЛС',
  phone: 'телефон',
  email: 'e-mail',
  address: 'адрес',
  inn: 'ИНН',
};

interface PersonalDataPanelProps {
  briefcaseId: number;
  findings: PersonalDataFinding[];
  isAdmin: boolean;
  busy: boolean;
  onAgree: () => void;
  onSkip: () => void;
}

type Open = 'none' | 'log' | 'help' | 'skip';

export function PersonalDataPanel({
  briefcaseId,
  findings,
  isAdmin,
  busy,
  onAgree,
  onSkip,
}: PersonalDataPanelProps) {
  const [open, setOpen] = useState<Open>('none');
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{T.personalData}</AlertTitle>
      <Typography variant="body2">{T.personalDataText}</Typography>
      <Box component="ul" sx={{ pl: 2, my: 1 }}>
        {findings.map((f) => (
          <li key={f.column}>
            {T.personalDataColumn(f.column, f.header, KIND_TEXT[f.kind] ?? f.kind, f.count)}
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={busy} onClick={onAgree}>
          {T.personalDataAgree}
        </Button>
        {isAdmin && (
          <Button variant="outlined" color="inherit" disabled={busy} onClick={() => setOpen('skip')}>
            {T.personalDataSkip}
          </Button>
        )}
        <Button variant="outlined" color="inherit" onClick={() => setOpen('log')}>
          {T.personalDataSendLog}
        </Button>
        {!isAdmin && (
          <Button variant="text" color="inherit" onClick={() => setOpen('help')}>
            {T.askHelp}
          </Button>
        )}
      </Stack>
      <TextDialog
        open={open === 'log'}
        title={T.sendLogTitle}
        label={T.emailLabel}
        type="email"
        validate={(v) => (!v.trim() ? T.emailEmpty : validateEmail(v) ? T.emailInvalid : null)}
        send={(v) => sendPersonalDataLog(briefcaseId, v.trim())}
        onClose={() => setOpen('none')}
      />
      <TextDialog
        open={open === 'help'}
        title={T.helpTitle}
        text={T.helpText}
        label={T.contactLabel}
        validate={(v) => (!v.trim() ? T.emailEmpty : null)}
        send={(v) => requestHelp(briefcaseId, v.trim())}
        onClose={() => setOpen('none')}
      />
      <Dialog open={open === 'skip'} onClose={() => setOpen('none')} aria-labelledby="skip-title">
        <DialogTitle id="skip-title">{T.skipTitle}</DialogTitle>
        <DialogContent>
          <Typography>{T.skipText}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen('none')}>{T.cancel}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setOpen('none');
              onSkip();
            }}
          >
            {T.personalDataSkip}
          </Button>
        </DialogActions>
      </Dialog>
    </Alert>
  );
}

interface TextDialogProps {
  open: boolean;
  title: string;
  text?: string;
  label: string;
  type?: string;
  validate: (value: string) => string | null;
  send: (value: string) => Promise<{ message?: string | null }>;
  onClose: () => void;
}

/** A one-field dialog whose value goes to the server; the server's field error shows under the field. */
function TextDialog({ open, title, text, label, type = 'text', validate, send, onClose }: TextDialogProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  const submit = async () => {
    const problem = validate(value);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const reply = await send(value);
      if (reply.message) enqueueSnackbar(reply.message, { variant: 'success' });
      setValue('');
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.errors).flat()[0] ?? e.message) : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${label}-title`}>
      <DialogTitle id={`${label}-title`}>{title}</DialogTitle>
      <DialogContent>
        {text && <Typography sx={{ mb: 2 }}>{text}</Typography>}
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={label}
          type={type}
          value={value}
          error={Boolean(error)}
          helperText={error}
          onChange={(e) => setValue(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.cancel}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void submit()}>
          {T.send}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
