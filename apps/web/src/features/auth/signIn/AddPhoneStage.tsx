import { PHONE_MASKED_LENGTH, validatePhone } from '@etp/domain';
import { Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, useState } from 'react';
import { PhoneField } from '../../../components/PhoneField.tsx';
import { errorText, fieldErrorText } from '../../../lib/errorText.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { signInApi } from './signInApi.ts';
import type { Credentials, SignInEvent } from './signInMachine.ts';

/** phone: an account without a phone adds one; the code to it opens phoneSMS. */
export function AddPhoneStage({
  credentials,
  dispatch,
  onBack,
}: {
  credentials: Credentials;
  dispatch: Dispatch<SignInEvent>;
  onBack: () => void;
}) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (typed: string) => signInApi.requestPhoneCode(credentials, typed),
    onSuccess: (sent, typed) =>
      dispatch({ type: 'codeSent', phone: typed, code: { sentTo: sent.phone, sentAt: Date.now() } }),
    onError: (failure) =>
      setError(fieldErrorText(failure, 'phone') ?? errorText(failure, T.codeRequestFailed)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validatePhone(phone);
    setError(message);
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
        }}
        error={Boolean(error)}
        helperText={error}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={phone.length < PHONE_MASKED_LENGTH || send.isPending}
        fullWidth
      >
        {T.getCode}
      </Button>
      <Button onClick={onBack} fullWidth>
        {T.back}
      </Button>
    </Stack>
  );
}
