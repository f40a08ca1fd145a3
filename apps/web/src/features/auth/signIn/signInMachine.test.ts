import type { FilledFlags } from '@etp/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AccountRef,
  fillStagesFor,
  openableStageOf,
  type SignInState,
  signInReducer,
} from './signInMachine.ts';

const full: FilledFlags = {
  has_email: true,
  has_first_name: true,
  has_last_name: true,
  has_password: true,
  has_phone: true,
  has_unconfirmed_email: false,
};
const credentials = { email: 'anna@example.ru', password: 'Secret-123' };
const code = { sentTo: '+7 916 ***-**-67', sentAt: 1000 };
const byPhone: AccountRef = { by: 'phone', phone: '+7 916 123-45-67' };

describe('sign-in stages', () => {
  it('opens only the stages an address may name', () => {
    expect(openableStageOf('restore')).toBe('restore');
    expect(openableStageOf('noEmail')).toBe('noEmail');
    expect(openableStageOf('sms')).toBe('email');
    expect(openableStageOf(null)).toBe('email');
  });

  it('routes accepted credentials: no phone → phone, no name → fillName, a sent code → sms', () => {
    const email: SignInState = { stage: 'email' };
    const accepted = (filled: FilledFlags, sent = code) =>
      signInReducer(email, { type: 'credentialsAccepted', credentials, filled, code: sent });
    expect(accepted({ ...full, has_phone: false, has_first_name: false }).stage).toBe('phone');
    expect(accepted({ ...full, has_last_name: false })).toMatchObject({
      stage: 'fillName',
      account: { by: 'credentials', credentials },
    });
    expect(accepted(full)).toEqual({ stage: 'sms', credentials, code });
  });

  it('asks an account found by phone for what it lacks, in the spec order, and for its password', () => {
    expect(fillStagesFor(byPhone, { ...full, has_email: false, has_first_name: false })).toEqual([
      'fillEmail',
      'fillPassword',
      'fillName',
    ]);
    expect(fillStagesFor(byPhone, { ...full, has_password: false })).toEqual(['fillPassword']);
    expect(fillStagesFor(byPhone, full)).toEqual([]);
  });

  it('goes back to the e-mail stage when the phone account lacks nothing', () => {
    const next = signInReducer(
      { stage: 'noEmail' },
      { type: 'phoneFound', phone: byPhone.phone, filled: full },
    );
    expect(next).toEqual({ stage: 'email' });
  });

  it('walks the fill stages, keeping what was typed, and opens fillSMS when the code is sent', () => {
    const filled = { ...full, has_email: false, has_last_name: false };
    let state = signInReducer({ stage: 'noEmail' }, { type: 'phoneFound', phone: byPhone.phone, filled });
    expect(state.stage).toBe('fillEmail');
    state = signInReducer(state, { type: 'filled', data: { email: 'new@example.ru' } });
    expect(state.stage).toBe('fillPassword');
    state = signInReducer(state, { type: 'filled', data: { password: 'Secret-123' } });
    expect(state.stage).toBe('fillName');
    state = signInReducer(state, {
      type: 'codeSent',
      code,
      data: { first_name: 'Анна', last_name: 'Петрова' },
    });
    expect(state).toEqual({
      stage: 'fillSMS',
      account: byPhone,
      data: { email: 'new@example.ru', password: 'Secret-123', first_name: 'Анна', last_name: 'Петрова' },
      code,
    });
  });

  it('turns the phone stage into phoneSMS for the number typed, and a resend restarts the timer', () => {
    let state = signInReducer({ stage: 'phone', credentials }, { type: 'codeSent', code, phone: '+7 916' });
    expect(state).toEqual({ stage: 'phoneSMS', credentials, phone: '+7 916', code });
    state = signInReducer(state, { type: 'codeSent', code: { ...code, sentAt: 5000 } });
    expect(state).toMatchObject({ stage: 'phoneSMS', code: { sentAt: 5000 } });
  });

  it('ignores events that make no sense in the current stage', () => {
    const email: SignInState = { stage: 'email' };
    expect(signInReducer(email, { type: 'codeSent', code })).toBe(email);
    expect(signInReducer(email, { type: 'filled', data: {} })).toBe(email);
  });
});
