/**
 * The registration stages (spec 3 §2.3, §4.2) as a state machine:
 *
 *   phone ──code sent──▶ sms ──code checked──▶ email ──▶ password ──▶ agreement ──registered──▶ registered
 *
 * A refused registration goes back to the stage whose field has errors: password, else e-mail, else phone.
 * Each stage carries what was typed before it, so going back and forth keeps it.
 */
import type { FieldErrors } from '@etp/contracts';
import type { SentCode } from '../signIn/signInMachine.ts';

/** The phone and the code that proved it (check_sms keeps a right code valid for 30 minutes). */
interface VerifiedPhone {
  phone: string;
  smsCode: string;
}

export type SignUpState =
  | { stage: 'phone'; phone: string; errors: FieldErrors; errorCode: string | null }
  | { stage: 'sms'; phone: string; code: SentCode }
  | { stage: 'email'; verified: VerifiedPhone; email: string; errors: FieldErrors }
  | { stage: 'password'; verified: VerifiedPhone; email: string; errors: FieldErrors }
  | { stage: 'agreement'; verified: VerifiedPhone; email: string; password: string }
  | { stage: 'registered' };

/** The stages the user fills, numbered 'Шаг N из 5'. */
export const SIGN_UP_STEPS = ['phone', 'sms', 'email', 'password', 'agreement'] as const;

export type SignUpEvent =
  | { type: 'codeSent'; phone: string; code: SentCode }
  | { type: 'codeChecked'; smsCode: string }
  | { type: 'emailEntered'; email: string }
  | { type: 'passwordEntered'; password: string }
  | { type: 'registered' }
  | { type: 'failed'; errors: FieldErrors; code: string | null }
  | { type: 'back' };

export const initialSignUpState: SignUpState = { stage: 'phone', phone: '', errors: {}, errorCode: null };

const has = (errors: FieldErrors, field: string) => (errors[field]?.length ?? 0) > 0;

export function signUpReducer(state: SignUpState, event: SignUpEvent): SignUpState {
  switch (event.type) {
    case 'codeSent':
      return state.stage === 'phone' || state.stage === 'sms'
        ? { stage: 'sms', phone: event.phone, code: event.code }
        : state;
    case 'codeChecked':
      return state.stage === 'sms'
        ? { stage: 'email', verified: { phone: state.phone, smsCode: event.smsCode }, email: '', errors: {} }
        : state;
    case 'emailEntered':
      return state.stage === 'email'
        ? { stage: 'password', verified: state.verified, email: event.email, errors: {} }
        : state;
    case 'passwordEntered':
      return state.stage === 'password'
        ? { stage: 'agreement', verified: state.verified, email: state.email, password: event.password }
        : state;
    case 'registered':
      return state.stage === 'agreement' ? { stage: 'registered' } : state;
    case 'failed':
      return state.stage === 'agreement' ? afterFailure(state, event.errors, event.code) : state;
    case 'back':
      return back(state);
    default:
      return assertNever(event);
  }
}

function afterFailure(
  state: Extract<SignUpState, { stage: 'agreement' }>,
  errors: FieldErrors,
  code: string | null,
): SignUpState {
  const { verified, email } = state;
  if (has(errors, 'password')) return { stage: 'password', verified, email, errors };
  if (has(errors, 'email')) return { stage: 'email', verified, email, errors };
  // A taken phone (user_exists) or a code that expired meanwhile: the phone has to be proved again.
  if (has(errors, 'phone') || has(errors, 'code') || code === 'user_exists' || code?.startsWith('code_')) {
    return { stage: 'phone', phone: verified.phone, errors, errorCode: code };
  }
  return state;
}

function back(state: SignUpState): SignUpState {
  switch (state.stage) {
    case 'sms':
      return { stage: 'phone', phone: state.phone, errors: {}, errorCode: null };
    case 'email':
      return { stage: 'phone', phone: state.verified.phone, errors: {}, errorCode: null };
    case 'password':
      return { stage: 'email', verified: state.verified, email: state.email, errors: {} };
    case 'agreement':
      return { stage: 'password', verified: state.verified, email: state.email, errors: {} };
    case 'phone':
    case 'registered':
      return state;
    default:
      return assertNever(state);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected registration event or stage: ${JSON.stringify(value)}`);
}
