import { Alert, Link } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../api/ApiError.ts';
import { errorText, fieldErrorText } from '../../../lib/errorText.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { PhoneForm } from '../PhoneForm.tsx';
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
  const [refusal, setRefusal] = useState<string | null>(
    state.errors.phone?.[0] ?? state.errors.code?.[0] ?? null,
  );
  const [exists, setExists] = useState(state.errorCode === 'user_exists');
  const send = useMutation({
    mutationFn: (typed: string) => signUpApi.sendCode(typed),
    onSuccess: (sent, typed) =>
      dispatch({ type: 'codeSent', phone: typed, code: { sentTo: sent.phone, sentAt: Date.now() } }),
    onError: (failure) => {
      setExists(failure instanceof ApiError && failure.code === 'user_exists');
      setRefusal(fieldErrorText(failure, 'phone') ?? errorText(failure, T.codeRequestFailed));
    },
  });
  return (
    <PhoneForm
      initialPhone={state.phone}
      // An existing account is explained by the notice below, with the way out; not twice.
      refusal={exists ? null : refusal}
      onEdit={() => {
        setRefusal(null);
        setExists(false);
      }}
      onSubmit={(phone) => {
        setExists(false);
        send.mutate(phone);
      }}
      pending={send.isPending}
      submitLabel={T.getCode}
    >
      {exists && (
        <Alert severity="warning" variant="outlined">
          {T.userExists}{' '}
          <Link component={RouterLink} to="/users/sign_in" underline="always">
            {T.userExistsLink}
          </Link>
        </Alert>
      )}
    </PhoneForm>
  );
}
