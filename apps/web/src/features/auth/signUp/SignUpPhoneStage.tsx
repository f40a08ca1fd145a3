import { PHONE_MASKED_LENGTH, validatePhone } from '@etp/domain';
import { Alert, Button, Link, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../api/ApiError.ts';
import { PhoneField } from '../../../components/PhoneField.tsx';
import { errorText, fieldErrorText } from '../../../lib/errorText.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { signUpApi } from './signUpApi.ts';
import type { SignUpEvent, SignUpState } from './signUpMachine.ts';

type PhoneState = Extract<SignUpState, { stage: 'phone' }>;

/** phone: the number to register; a number that has an account says so, with a link to sign in (spec 3 §4.2). */
export function SignUpPhoneStage({
  state,
  dispatch,
}: {
  state: PhoneState;
  dispatch: Dispatch<SignUpEvent>;
}) {
  const [phone, setPhone] = useState(state.phone);
  const [error, setError] = useState<string | null>(
    state.errors.phone?.[0] ?? state.errors.code?.[0] ?? null,
  );
  const [exists, setExists] = useState(state.errorCode === 'user_exists');
  const send = useMutation({
    mutationFn: (typed: string) => signUpApi.sendCode(typed),
    onSuccess: (sent, typed) =>
      dispatch({ type: 'codeSent', phone: typed, code: { sentTo: sent.phone, sentAt: Date.now() } }),
    onError: (failure) => {
      setExists(failure instanceof ApiError && failure.code === 'user_exists');
      setError(fieldErrorText(failure, 'phone') ?? errorText(failure, T.codeRequestFailed));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validatePhone(phone);
    setError(message);
    setExists(false);
    if (!message) send.mutate(phone);
  };
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
      <PhoneField
        label={T.phone}
        name="phone"
        autoFocus
        fullWidth
        size="medium"
        value={phone}
        onChange={(value) => {
          setPhone(value);
          setError(null);
          setExists(false);
        }}
        error={Boolean(error)}
        helperText={exists ? undefined : error}
      />
      {exists && (
        <Alert severity="warning" variant="outlined">
          {T.userExists}{' '}
          <Link component={RouterLink} to="/users/sign_in">
            {T.userExistsLink}
          </Link>
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={phone.length < PHONE_MASKED_LENGTH || send.isPending}
        fullWidth
      >
        {T.getCode}
      </Button>
    </Stack>
  );
}
