import { Button, Link, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { tokenStore } from '../../../api/tokenStore.ts';
import { AuthFrame } from '../AuthFrame.tsx';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { SupportHint } from '../SupportHint.tsx';
import { createsPassword } from './FillDataStage.tsx';
import { SignInStages } from './SignInStages.tsx';
import { type OpenableStage, openableStageOf, type SignInState, signInReducer } from './signInMachine.ts';
import { useArrivalToasts } from './useArrivalToasts.ts';
import { useBankIdHandover } from './useBankIdHandover.ts';

function leadOf(state: SignInState): string | undefined {
  switch (state.stage) {
    case 'email':
      return T.signInLead;
    case 'restore':
    case 'phone':
    case 'noEmail':
    case 'fillEmail':
    case 'fillName':
      return T.leads[state.stage];
    case 'fillPassword':
      return createsPassword(state) ? T.leads.createPassword : T.leads.enterPassword;
    case 'sms':
    case 'phoneSMS':
    case 'fillSMS':
      return undefined;
  }
}

/** /users/sign_in: every stage of the sign-in screen (spec 3 §2.2); `?stage=restore` or `noEmail` open those. */
export function SignInPage() {
  const [params, setParams] = useSearchParams();
  const queryStage = openableStageOf(params.get('stage'));
  const [state, dispatch] = useReducer(signInReducer, { stage: queryStage });
  const queryClient = useQueryClient();

  // Spec 3 §2.2: opening the screen forgets any stored session, and with it every cached answer.
  useEffect(() => {
    tokenStore.clear();
    queryClient.clear();
  }, [queryClient]);
  useEffect(() => dispatch({ type: 'open', stage: queryStage }), [queryStage]);
  useArrivalToasts();
  useBankIdHandover();

  const goTo = (stage: OpenableStage) => {
    dispatch({ type: 'open', stage });
    setParams(stage === 'email' ? {} : { stage });
  };

  const isCodeStage = state.stage === 'sms' || state.stage === 'phoneSMS' || state.stage === 'fillSMS';
  // The stages whose own form has no way back.
  const showsBack =
    isCodeStage ||
    state.stage === 'fillEmail' ||
    state.stage === 'fillPassword' ||
    state.stage === 'fillName';
  return (
    <AuthFrame
      title={T.stageTitles[state.stage]}
      lead={leadOf(state)}
      footer={
        state.stage === 'email' ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {T.noAccount}{' '}
            <Link component={RouterLink} to="/users/sign_up">
              {T.signUp}
            </Link>
          </Typography>
        ) : (
          showsBack && (
            <Stack spacing={2}>
              {isCodeStage && <SupportHint intro={T.supportHint} />}
              <Button onClick={() => goTo('email')} fullWidth>
                {T.backToEmail}
              </Button>
            </Stack>
          )
        )
      }
    >
      <SignInStages state={state} dispatch={dispatch} goTo={goTo} />
    </AuthFrame>
  );
}
