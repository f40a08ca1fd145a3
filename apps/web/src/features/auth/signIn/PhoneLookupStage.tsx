import { PHONE_MASKED_LENGTH, validatePhone } from '@etp/domain';
import { Button, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, useState } from 'react';
import { PhoneField } from '../../../components/PhoneField.tsx';
import { errorText, fieldErrorText } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
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
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: (typed: string) => signInApi.infoByPhone(typed),
    onSuccess: (filled, typed) => {
      if (fillStagesFor({ by: 'phone', phone: typed }, filled).length === 0) toast.info(T.nothingToFill);
      dispatch({ type: 'phoneFound', phone: typed, filled });
    },
    onError: (failure) => setError(fieldErrorText(failure, 'phone') ?? errorText(failure, T.signInFailed)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validatePhone(phone);
    setError(message);
    if (!message) lookup.mutate(phone);
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
        disabled={phone.length < PHONE_MASKED_LENGTH || lookup.isPending}
        fullWidth
      >
        {T.next}
      </Button>
      <Button onClick={onBack} fullWidth>
        {T.backToEmail}
      </Button>
    </Stack>
  );
}
