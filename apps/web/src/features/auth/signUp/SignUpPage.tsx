import { Link, Typography } from '@mui/material';
import { useReducer } from 'react';
import { Link as RouterLink } from 'react-router';
import { CodeEntry } from '../../../components/CodeEntry.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { AuthFrame } from '../AuthFrame.tsx';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { SignUpAgreementStage } from './SignUpAgreementStage.tsx';
import { SignUpFieldStage } from './SignUpFieldStage.tsx';
import { SignUpPhoneStage } from './SignUpPhoneStage.tsx';
import { signUpApi } from './signUpApi.ts';
import { initialSignUpState, SIGN_UP_STEPS, type SignUpState, signUpReducer } from './signUpMachine.ts';

/** /users/sign_up: phone, SMS code, e-mail, password, agreements (spec 3 §2.3, §4.2). */
export function SignUpPage() {
  const [state, dispatch] = useReducer(signUpReducer, initialSignUpState);
  const step = state.stage === 'registered' ? SIGN_UP_STEPS.length : SIGN_UP_STEPS.indexOf(state.stage) + 1;
  const lead = state.stage === 'registered' ? undefined : T.signUpLeads[state.stage];
  return (
    <AuthFrame
      title={T.signUpTitle}
      lead={
        lead && (
          <>
            <Typography component="span" variant="overline" sx={{ display: 'block', lineHeight: 1.6 }}>
              {T.stepOf(step, SIGN_UP_STEPS.length)}
            </Typography>
            {lead}
          </>
        )
      }
      footer={
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {T.haveAccount}{' '}
          {/* Underlined: in a line of text a link is told apart by more than its colour (WCAG 1.4.1). */}
          <Link component={RouterLink} to="/users/sign_in" underline="always">
            {T.signIn}
          </Link>
        </Typography>
      }
    >
      <SignUpStageView state={state} dispatch={dispatch} />
    </AuthFrame>
  );
}

function SignUpStageView({
  state,
  dispatch,
}: {
  state: SignUpState;
  dispatch: (event: Parameters<typeof signUpReducer>[1]) => void;
}) {
  switch (state.stage) {
    case 'phone':
      return <SignUpPhoneStage state={state} dispatch={dispatch} />;
    case 'sms': {
      const { phone } = state;
      return (
        <CodeEntry
          sentTo={state.code.sentTo}
          sentAt={state.code.sentAt}
          onSubmit={(code) =>
            signUpApi.checkCode(phone, code).then(() => dispatch({ type: 'codeChecked', smsCode: code }))
          }
          onResend={() =>
            signUpApi
              .sendCode(phone)
              .then((sent) =>
                dispatch({ type: 'codeSent', phone, code: { sentTo: sent.phone, sentAt: Date.now() } }),
              )
          }
          extra={
            <Link component="button" type="button" onClick={() => dispatch({ type: 'back' })}>
              {T.changePhone}
            </Link>
          }
        />
      );
    }
    case 'email':
    case 'password':
      return <SignUpFieldStage key={state.stage} state={state} dispatch={dispatch} />;
    case 'agreement':
      return <SignUpAgreementStage state={state} dispatch={dispatch} />;
    case 'registered':
      return <PageLoader />;
    default:
      return assertNever(state);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown registration stage: ${JSON.stringify(value)}`);
}
