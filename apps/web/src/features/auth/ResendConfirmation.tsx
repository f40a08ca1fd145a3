import { validateEmail } from '@etp/domain';
import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { errorText, fieldErrorText } from '../../lib/errorText.ts';
import { AUTH_MESSAGES as T } from './messages.ts';
import { signInWith } from './signIn/useArrivalToasts.ts';

/** 'Не пришло письмо для подтверждения Email?': the address, then POST /api/v2/confirmations/send_instructions. */
export function ResendConfirmation() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (address: string) =>
      call(OPERATIONS.sendConfirmationInstructions, { body: { email: address } }),
    onSuccess: () => void navigate(signInWith('confirmation_sent'), { replace: true }),
    onError: (failure) =>
      setError(fieldErrorText(failure, 'email') ?? errorText(failure, T.confirmationFailed)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateEmail(email, { detailed: true });
    setError(message);
    if (!message) send.mutate(email.trim());
  };
  if (!open) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {T.resendConfirmation}{' '}
        <Link component="button" type="button" variant="body2" onClick={() => setOpen(true)}>
          {T.resendConfirmationAction}
        </Link>
      </Typography>
    );
  }
  return (
    <Stack component="form" spacing={1.5} noValidate onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        {T.resendConfirmation}
      </Typography>
      <TextField
        label={T.email}
        type="email"
        name="confirmation_email"
        autoFocus
        fullWidth
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <Button type="submit" variant="outlined" disabled={!email || send.isPending}>
        {T.sendConfirmation}
      </Button>
    </Stack>
  );
}
