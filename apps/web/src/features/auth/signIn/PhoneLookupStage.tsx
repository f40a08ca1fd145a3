import { useMutation } from '@tanstack/react-query';
import { type Dispatch, useState } from 'react';
import { errorText, fieldErrorText } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { PhoneForm } from '../PhoneForm.tsx';
import { signInApi } from './signInApi.ts';
import { fillStagesFor, type SignInEvent } from './signInMachine.ts';

/**
 * noEmail: the account is found by phone, then the first missing item is asked for (fillEmail, fillPassword,
 * fillName); an account that lacks nothing goes back to the e-mail stage (spec 3 §4.1 step 4).
 */
export function PhoneLookupStage({
  dispatch,
  onBack,
}: {
  dispatch: Dispatch<SignInEvent>;
  onBack: () => void;
}) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: (typed: string) => signInApi.infoByPhone(typed),
    onSuccess: (filled, typed) => {
      if (fillStagesFor({ by: 'phone', phone: typed }, filled).length === 0) toast.info(T.nothingToFill);
      dispatch({ type: 'phoneFound', phone: typed, filled });
    },
    onError: (failure) => setRefusal(fieldErrorText(failure, 'phone') ?? errorText(failure, T.signInFailed)),
  });
  return (
    <PhoneForm
      refusal={refusal}
      onEdit={() => setRefusal(null)}
      onSubmit={(phone) => lookup.mutate(phone)}
      pending={lookup.isPending}
      submitLabel={T.next}
      onBack={onBack}
      backLabel={T.backToEmail}
    />
  );
}
