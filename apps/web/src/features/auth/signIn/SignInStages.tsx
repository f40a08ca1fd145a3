import type { AuthResult } from '@etp/contracts';
import { Link } from '@mui/material';
import type { Dispatch } from 'react';
import { CodeEntry } from '../../../components/CodeEntry.tsx';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { AddPhoneStage } from './AddPhoneStage.tsx';
import { BankIdButton } from './BankIdButton.tsx';
import { EmailSignInForm } from './EmailSignInForm.tsx';
import { FillDataStage } from './FillDataStage.tsx';
import { PhoneLookupStage } from './PhoneLookupStage.tsx';
import { RestoreStage } from './RestoreStage.tsx';
import { revokeSession, signInApi } from './signInApi.ts';
import {
  type Credentials,
  needsMoreData,
  type OpenableStage,
  type SignInEvent,
  type SignInState,
} from './signInMachine.ts';
import { useCompleteSignIn } from './useCompleteSignIn.ts';

interface SignInStagesProps {
  state: SignInState;
  dispatch: Dispatch<SignInEvent>;
  goTo: (stage: OpenableStage) => void;
}

const sentNow = (phone: string) => ({ sentTo: phone, sentAt: Date.now() });

/** The body of the sign-in screen for its current stage, with the calls each stage makes. */
export function SignInStages({ state, dispatch, goTo }: SignInStagesProps) {
  const complete = useCompleteSignIn();
  const back = () => goTo('email');

  /** A code sign-in succeeded: done, unless the account still lacks a name (then fillName, spec 3 §4.1). */
  const finish = (result: AuthResult, credentials?: Credentials) => {
    if (credentials && needsMoreData(result.filled)) {
      void revokeSession(result.jwt.token);
      dispatch({ type: 'credentialsAccepted', credentials, filled: result.filled, code: null });
      return;
    }
    complete(result);
  };

  switch (state.stage) {
    case 'email':
      return (
        <>
          <EmailSignInForm dispatch={dispatch} />
          <BankIdButton />
        </>
      );
    case 'restore':
      return <RestoreStage onBack={back} />;
    case 'noEmail':
      return <PhoneLookupStage dispatch={dispatch} onBack={back} />;
    case 'phone':
      return <AddPhoneStage credentials={state.credentials} dispatch={dispatch} onBack={back} />;
    case 'fillEmail':
    case 'fillPassword':
    case 'fillName':
      return <FillDataStage key={state.stage} state={state} dispatch={dispatch} />;
    case 'sms': {
      const { credentials } = state;
      return (
        <CodeEntry
          sentTo={state.code.sentTo}
          sentAt={state.code.sentAt}
          onSubmit={(code) => signInApi.authorizeWithCode(credentials, code).then((r) => finish(r))}
          onResend={() =>
            signInApi.requestSignInCode(credentials).then((sent) => {
              if (sent.phone) dispatch({ type: 'codeSent', code: sentNow(sent.phone) });
            })
          }
          extra={
            <Link
              component="button"
              type="button"
              onClick={() =>
                void signInApi.notMyNumber(credentials).finally(() => {
                  toast.info(T.notMyNumberSent);
                  back();
                })
              }
            >
              {T.notMyNumber}
            </Link>
          }
        />
      );
    }
    case 'phoneSMS': {
      const { credentials, phone } = state;
      return (
        <CodeEntry
          sentTo={state.code.sentTo}
          sentAt={state.code.sentAt}
          onSubmit={(code) =>
            signInApi.authorizePhoneNotFilled(credentials, phone, code).then((r) => finish(r, credentials))
          }
          onResend={() =>
            signInApi
              .requestPhoneCode(credentials, phone)
              .then((sent) => dispatch({ type: 'codeSent', code: sentNow(sent.phone) }))
          }
        />
      );
    }
    case 'fillSMS': {
      const { account, data } = state;
      return (
        <CodeEntry
          sentTo={state.code.sentTo}
          sentAt={state.code.sentAt}
          onSubmit={(code) => signInApi.authorizeDataNotFilled(account, data, code).then((r) => finish(r))}
          onResend={() =>
            signInApi
              .requestDataCode(account, data)
              .then((sent) => dispatch({ type: 'codeSent', code: sentNow(sent.phone) }))
          }
        />
      );
    }
    default:
      return assertNever(state);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unknown sign-in stage: ${JSON.stringify(value)}`);
}
