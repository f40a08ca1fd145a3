import type { Profile } from '@etp/contracts';
import { validateEmail } from '@etp/domain';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorText, fieldErrorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { PROFILE_MESSAGES as T } from './messages.ts';
import { profileApi, useApplyProfile } from './profileApi.ts';

/**
 * The e-mail: a new address waits in unconfirmed_email until the mailed link is opened (docs/decisions/0031);
 * an unconfirmed one can have its link sent again.
 */
export function EmailSection({ profile }: { profile: Profile }) {
  const apply = useApplyProfile();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const change = useMutation({
    mutationFn: (address: string) => profileApi.changeEmail(address),
    onSuccess: (answer) => {
      apply(answer.data);
      toast.success(answer.message ?? T.confirmationSent);
      setEditing(false);
      setEmail('');
    },
    onError: (failure) =>
      setError(fieldErrorText(failure, 'email') ?? errorText(failure, T.emailChangeFailed)),
  });
  const resend = useMutation({
    mutationFn: (address: string) => profileApi.resendConfirmation(address),
    onSuccess: () => toast.success(T.confirmationSent),
    onError: (failure) => toast.error(errorText(failure, T.confirmFailed)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateEmail(email, { detailed: true });
    setError(message);
    if (!message) change.mutate(email.trim());
  };

  return (
    <SectionCard title={T.emailTitle} id="email">
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
            <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {profile.email ?? T.noEmail}
            </Typography>
            {profile.email && (
              <Chip
                size="small"
                variant="outlined"
                color={profile.confirmed_email ? 'success' : 'warning'}
                label={profile.confirmed_email ? T.confirmed : T.notConfirmed}
              />
            )}
          </Stack>
          {!editing && (
            <Button variant="outlined" onClick={() => setEditing(true)} sx={{ flexShrink: 0 }}>
              {profile.email ? T.changeEmail : T.addEmail}
            </Button>
          )}
        </Stack>
        {profile.email && !profile.confirmed_email && !profile.unconfirmed_email && (
          <Alert
            severity="warning"
            action={
              <ResendButton onClick={() => resend.mutate(profile.email ?? '')} pending={resend.isPending} />
            }
          >
            {T.emailNotConfirmed}
          </Alert>
        )}
        {profile.unconfirmed_email && (
          <Alert
            severity="info"
            action={
              <ResendButton
                onClick={() => resend.mutate(profile.unconfirmed_email ?? '')}
                pending={resend.isPending}
              />
            }
          >
            {T.emailAwaiting(profile.unconfirmed_email)}
          </Alert>
        )}
        {editing && (
          <Stack
            component="form"
            noValidate
            onSubmit={submit}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
          >
            <TextField
              label={T.newEmail}
              type="email"
              name="new_email"
              autoFocus
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
              error={Boolean(error)}
              helperText={error}
              sx={{ flexGrow: 1 }}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Button type="submit" variant="contained" disabled={!email || change.isPending}>
                {T.save}
              </Button>
              <Button onClick={() => setEditing(false)}>{T.cancel}</Button>
            </Box>
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}

function ResendButton({ onClick, pending }: { onClick: () => void; pending: boolean }) {
  return (
    <Button color="inherit" size="small" onClick={onClick} disabled={pending} sx={{ whiteSpace: 'nowrap' }}>
      {T.resendConfirmation}
    </Button>
  );
}
