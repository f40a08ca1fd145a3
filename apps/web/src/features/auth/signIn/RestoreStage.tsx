import { validateEmail } from '@etp/domain';
import { Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText, fieldErrorText } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { signInApi } from './signInApi.ts';
import { signInWith } from './useArrivalToasts.ts';

/** restore: the reset link goes to the e-mail; the e-mail stage then opens with the "sent" toast. */
export function RestoreStage({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (address: string) => signInApi.sendResetInstructions(address),
    onSuccess: () => void navigate(signInWith('reset_sent'), { replace: true }),
    onError: (failure) => {
      setError(fieldErrorText(failure, 'email') ?? errorText(failure, T.restoreFailed));
      toast.authError(errorText(failure, T.restoreFailed));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateEmail(email, { detailed: true });
    setError(message);
    if (!message) send.mutate(email.trim());
  };
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
      <TextField
        label={T.email}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        fullWidth
        size="medium"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <Button type="submit" variant="contained" size="large" disabled={!email || send.isPending} fullWidth>
        {T.sendInstructions}
      </Button>
      <Button onClick={onBack} fullWidth>
        {T.backToEmail}
      </Button>
    </Stack>
  );
}
