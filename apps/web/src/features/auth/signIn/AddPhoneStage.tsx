import { useMutation } from '@tanstack/react-query';
import { type Dispatch, useState } from 'react';
import { errorText, fieldErrorText } from '../../../lib/errorText.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { PhoneForm } from '../PhoneForm.tsx';
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
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (typed: string) => signInApi.requestPhoneCode(credentials, typed),
    onSuccess: (sent, typed) =>
      dispatch({ type: 'codeSent', phone: typed, code: { sentTo: sent.phone, sentAt: Date.now() } }),
    onError: (failure) =>
      setRefusal(fieldErrorText(failure, 'phone') ?? errorText(failure, T.codeRequestFailed)),
  });
  return (
    <PhoneForm
      refusal={refusal}
      onEdit={() => setRefusal(null)}
      onSubmit={(phone) => send.mutate(phone)}
      pending={send.isPending}
      submitLabel={T.getCode}
      onBack={onBack}
    />
  );
}
