import { Button, Checkbox, FormControlLabel, FormHelperText, Link, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, useState } from 'react';
import { ApiError } from '../../../api/ApiError.ts';
import { errorText } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { PRIVACY_POLICY_PATH } from '../../legal/privacyPolicy.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { useCompleteSignIn } from '../signIn/useCompleteSignIn.ts';
import { signUpApi } from './signUpApi.ts';
import type { SignUpEvent, SignUpState } from './signUpMachine.ts';

type AgreementState = Extract<SignUpState, { stage: 'agreement' }>;

/** The feed flagged for a new user shows the welcome dialog (spec 3 §2.3). */
const NEW_USER_FEED = '/briefcases?new_user=1';

/** agreement: both boxes ticked (policy_agreement, pers_data_agreement), then the account is created. */
export function SignUpAgreementStage({
  state,
  dispatch,
}: {
  state: AgreementState;
  dispatch: Dispatch<SignUpEvent>;
}) {
  const complete = useCompleteSignIn();
  const [policy, setPolicy] = useState(false);
  const [persData, setPersData] = useState(false);
  const [missing, setMissing] = useState(false);
  const register = useMutation({
    mutationFn: () =>
      signUpApi.register({
        phone: state.verified.phone,
        code: state.verified.smsCode,
        email: state.email,
        password: state.password,
        policy_agreement: true,
        pers_data_agreement: true,
      }),
    onSuccess: (result) => {
      dispatch({ type: 'registered' });
      complete(result, NEW_USER_FEED);
    },
    onError: (failure) => {
      toast.authError(errorText(failure, T.signUpFailed));
      if (failure instanceof ApiError)
        dispatch({ type: 'failed', errors: failure.errors, code: failure.code });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!policy || !persData);
    if (policy && persData) register.mutate();
  };
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit}>
      <FormControlLabel
        control={<Checkbox checked={policy} onChange={(event) => setPolicy(event.target.checked)} />}
        label={
          <>
            {T.policyAgreement}
            <Link href={PRIVACY_POLICY_PATH} target="_blank" rel="noopener" underline="always">
              {T.policyLink}
            </Link>
          </>
        }
      />
      <FormControlLabel
        control={<Checkbox checked={persData} onChange={(event) => setPersData(event.target.checked)} />}
        label={T.persDataAgreement}
      />
      {missing && <FormHelperText error>{T.agreementsRequired}</FormHelperText>}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!policy || !persData || register.isPending}
        fullWidth
      >
        {T.register}
      </Button>
      <Button onClick={() => dispatch({ type: 'back' })} disabled={register.isPending} fullWidth>
        {T.back}
      </Button>
    </Stack>
  );
}
