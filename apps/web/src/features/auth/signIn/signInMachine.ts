/**
 * The stages of the sign-in screen (spec 3 §2.2, §4.1) as a state machine. Each stage carries exactly what the
 * next call needs, so a stage without its data cannot be written down:
 *
 *   email ──credentials──▶ sms (code sent) | phone (no phone) | fillName (no name)
 *   phone ──code sent──▶ phoneSMS
 *   noEmail ──phone found──▶ fillEmail → fillPassword → fillName (the missing ones) ──code sent──▶ fillSMS
 *
 * The calls themselves are made by the stage components; the reducer only decides where they lead.
 */
import type { FilledFlags } from '@etp/contracts';

export interface Credentials {
  email: string;
  password: string;
}

/** How the fill stages find the account: by the e-mail stage's credentials, or by phone (noEmail). */
export type AccountRef = { by: 'credentials'; credentials: Credentials } | { by: 'phone'; phone: string };

/** What the fill stages collected, sent with the code at the end (authorize_data_not_filled). */
export interface FillData {
  email?: string;
  password?: string;
  first_name?: string;
  last_name?: string;
}

export type FillStage = 'fillEmail' | 'fillPassword' | 'fillName';

/** A code went out: the (masked) number it went to, and when, for the 120 s resend timer. */
export interface SentCode {
  sentTo: string;
  sentAt: number;
}

export type SignInState =
  | { stage: 'email' }
  | { stage: 'restore' }
  | { stage: 'noEmail' }
  | { stage: 'phone'; credentials: Credentials }
  | { stage: 'phoneSMS'; credentials: Credentials; phone: string; code: SentCode }
  | { stage: 'sms'; credentials: Credentials; code: SentCode }
  | { stage: FillStage; account: AccountRef; filled: FilledFlags; data: FillData }
  | { stage: 'fillSMS'; account: AccountRef; data: FillData; code: SentCode };

/** The stages an address can open by itself (`?stage=restore`); the others need data typed before them. */
const OPENABLE_STAGES = ['email', 'restore', 'noEmail'] as const;
export type OpenableStage = (typeof OPENABLE_STAGES)[number];

export type SignInEvent =
  | { type: 'open'; stage: OpenableStage }
  /** E-mail and password were accepted; `code` when the server already sent the sign-in code. */
  | { type: 'credentialsAccepted'; credentials: Credentials; filled: FilledFlags; code: SentCode | null }
  /** noEmail: the account of the phone and what it has. */
  | { type: 'phoneFound'; phone: string; filled: FilledFlags }
  /** A fill stage was completed and another one follows. */
  | { type: 'filled'; data: FillData }
  /** A code was sent (or sent again); `phone` is the number the phone stage added. */
  | { type: 'codeSent'; code: SentCode; phone?: string; data?: FillData };

/** The stage of a `stage` query value; anything unknown or needing data opens the e-mail stage. */
export function openableStageOf(value: string | null): OpenableStage {
  return (OPENABLE_STAGES as readonly string[]).includes(value ?? '') ? (value as OpenableStage) : 'email';
}

const lacksName = (filled: FilledFlags) => !filled.has_first_name || !filled.has_last_name;

/** Whether the account must fill something before it may sign in: a phone or a name (spec 3 §4.1 step 2). */
export function needsMoreData(filled: FilledFlags): boolean {
  return !filled.has_phone || lacksName(filled);
}

/**
 * The fill stages an account goes through, in the spec's order. Found by phone, the account also gives its
 * password when it has one: the phone alone must not open an account (docs/decisions/0022).
 */
export function fillStagesFor(account: AccountRef, filled: FilledFlags): FillStage[] {
  const missingEmail = !filled.has_email;
  const missingPassword = !filled.has_password;
  const missingName = lacksName(filled);
  if (account.by === 'credentials') return missingName ? ['fillName'] : [];
  if (!missingEmail && !missingPassword && !missingName) return [];
  const stages: FillStage[] = [];
  if (missingEmail) stages.push('fillEmail');
  stages.push('fillPassword');
  if (missingName) stages.push('fillName');
  return stages;
}

/** The fill stage after `current`, or null when the code is next. */
export function nextFillStage(
  account: AccountRef,
  filled: FilledFlags,
  current: FillStage,
): FillStage | null {
  const stages = fillStagesFor(account, filled);
  return stages[stages.indexOf(current) + 1] ?? null;
}

export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'open':
      return state.stage === event.stage ? state : { stage: event.stage };
    case 'credentialsAccepted': {
      const { credentials, filled, code } = event;
      if (!filled.has_phone) return { stage: 'phone', credentials };
      if (lacksName(filled)) {
        return { stage: 'fillName', account: { by: 'credentials', credentials }, filled, data: {} };
      }
      return code ? { stage: 'sms', credentials, code } : state;
    }
    case 'phoneFound': {
      const account: AccountRef = { by: 'phone', phone: event.phone };
      const [first] = fillStagesFor(account, event.filled);
      return first ? { stage: first, account, filled: event.filled, data: {} } : { stage: 'email' };
    }
    case 'filled': {
      if (!isFillStage(state)) return state;
      const next = nextFillStage(state.account, state.filled, state.stage);
      return next ? { ...state, stage: next, data: { ...state.data, ...event.data } } : state;
    }
    case 'codeSent':
      return afterCodeSent(state, event);
    default:
      return assertNever(event);
  }
}

function afterCodeSent(state: SignInState, event: Extract<SignInEvent, { type: 'codeSent' }>): SignInState {
  switch (state.stage) {
    case 'phone':
      return event.phone
        ? { stage: 'phoneSMS', credentials: state.credentials, phone: event.phone, code: event.code }
        : state;
    case 'fillEmail':
    case 'fillPassword':
    case 'fillName':
      return {
        stage: 'fillSMS',
        account: state.account,
        data: { ...state.data, ...event.data },
        code: event.code,
      };
    case 'sms':
    case 'phoneSMS':
    case 'fillSMS':
      return { ...state, code: event.code };
    case 'email':
    case 'restore':
    case 'noEmail':
      return state;
    default:
      return assertNever(state);
  }
}

function isFillStage(state: SignInState): state is Extract<SignInState, { stage: FillStage }> {
  return state.stage === 'fillEmail' || state.stage === 'fillPassword' || state.stage === 'fillName';
}

function assertNever(value: never): never {
  throw new Error(`Unexpected sign-in event or stage: ${JSON.stringify(value)}`);
}
