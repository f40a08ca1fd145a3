import type { CallRequestMode } from '@etp/contracts';
import { normalizePhone, PHONE_MASKED_LENGTH, validateName, validatePhone } from '@etp/domain';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { PhoneField } from '../../components/PhoneField.tsx';
import { PRIVACY_POLICY_PATH } from '../legal/privacyPolicy.ts';
import { LANDING_MESSAGES as T } from './messages.ts';

/**
 * POST /api/v1/feedback/phone with the fields in the query, as the spec sends them (spec 3 §7.4). Only a 200
 * counts as success (spec 3 §4.6); anything else is a failure.
 */
function sendCallRequest(mode: CallRequestMode, fullName: string, phone: string): Promise<null> {
  return call(OPERATIONS.requestCallback, {
    query: {
      phone: normalizePhone(phone) ?? phone,
      full_name: fullName.trim(),
      policy_agreement: true,
      mode,
    },
  });
}

interface CallRequestDialogProps {
  mode: CallRequestMode | null;
  onClose: () => void;
}

/** The call request in its three modes: full name, phone, the policy box; then the success dialog. */
export function CallRequestDialog({ mode, onClose }: CallRequestDialogProps) {
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [policy, setPolicy] = useState(false);
  const [errors, setErrors] = useState<{ fullName?: string; phone?: string }>({});
  const send = useMutation({
    mutationFn: () => sendCallRequest(mode ?? 'estimate_portfolios', fullName, phone),
  });

  const close = () => {
    onClose();
    send.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { fullName: validateName(fullName) ?? undefined, phone: validatePhone(phone) ?? undefined };
    setErrors(found);
    if (!found.fullName && !found.phone && policy) send.mutate();
  };

  if (send.isSuccess) {
    return (
      <Dialog open={mode !== null} onClose={close} maxWidth="xs" fullWidth aria-labelledby="call-success">
        <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
          <CheckCircleOutlinedIcon color="success" sx={{ fontSize: 56 }} />
          <Typography id="call-success" variant="h6" component="h2" sx={{ mt: 1 }}>
            {T.successTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {T.successText}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
          <Button variant="contained" onClick={close}>
            {T.close}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog open={mode !== null} onClose={close} maxWidth="xs" fullWidth aria-labelledby="call-title">
      <Stack component="form" noValidate onSubmit={submit}>
        <DialogTitle id="call-title">
          {mode ? T.services[mode].title : T.callTitle}
          <Typography variant="body2" color="text.secondary">
            {T.callLead}
          </Typography>
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {send.isError && <Alert severity="error">{T.failure}</Alert>}
            <TextField
              label={T.fullName}
              name="full_name"
              autoComplete="name"
              value={fullName}
              onChange={(event) => {
                setFullName(event.target.value);
                setErrors((prev) => ({ ...prev, fullName: undefined }));
              }}
              error={Boolean(errors.fullName)}
              helperText={errors.fullName}
              fullWidth
              autoFocus
            />
            <PhoneField
              label={T.phone}
              name="phone"
              value={phone}
              onChange={(value) => {
                setPhone(value);
                setErrors((prev) => ({ ...prev, phone: undefined }));
              }}
              error={Boolean(errors.phone)}
              helperText={errors.phone}
              fullWidth
            />
            <FormControlLabel
              control={
                <Checkbox
                  name="policy_agreement"
                  checked={policy}
                  onChange={(event) => setPolicy(event.target.checked)}
                />
              }
              label={
                <>
                  {T.policy}
                  <Link href={PRIVACY_POLICY_PATH} target="_blank" rel="noopener" underline="always">
                    {T.policyLink}
                  </Link>
                </>
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{T.cancel}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!policy || !fullName || phone.length < PHONE_MASKED_LENGTH || send.isPending}
          >
            {T.send}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
