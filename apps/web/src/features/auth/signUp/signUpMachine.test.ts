import { describe, expect, it } from 'vitest';
import { initialSignUpState, type SignUpState, signUpReducer } from './signUpMachine.ts';

const code = { sentTo: '+7 916 ***-**-67', sentAt: 1 };
const verified = { phone: '+7 916 123-45-67', smsCode: '1234' };
const atAgreement: SignUpState = {
  stage: 'agreement',
  verified,
  email: 'a@example.ru',
  password: 'Secret-123',
};

describe('registration stages', () => {
  it('goes phone → sms → email → password → agreement → registered', () => {
    let state = signUpReducer(initialSignUpState, { type: 'codeSent', phone: verified.phone, code });
    expect(state.stage).toBe('sms');
    state = signUpReducer(state, { type: 'codeChecked', smsCode: '1234' });
    expect(state).toEqual({ stage: 'email', verified, email: '', errors: {} });
    state = signUpReducer(state, { type: 'emailEntered', email: 'a@example.ru' });
    state = signUpReducer(state, { type: 'passwordEntered', password: 'Secret-123' });
    expect(state).toEqual(atAgreement);
    expect(signUpReducer(state, { type: 'registered' })).toEqual({ stage: 'registered' });
  });

  it('returns a refused registration to the stage whose field has errors', () => {
    const fail = (errors: Record<string, string[]>, code: string | null = 'validation_failed') =>
      signUpReducer(atAgreement, { type: 'failed', errors, code });
    expect(fail({ password: ['x'], email: ['y'] }).stage).toBe('password');
    expect(fail({ email: ['Пользователь с таким Email уже зарегистрирован'] })).toMatchObject({
      stage: 'email',
      email: 'a@example.ru',
      errors: { email: ['Пользователь с таким Email уже зарегистрирован'] },
    });
    expect(fail({ phone: ['Занят'] }, 'user_exists')).toMatchObject({
      stage: 'phone',
      phone: verified.phone,
      errorCode: 'user_exists',
    });
    expect(fail({}, 'internal')).toBe(atAgreement);
  });

  it('goes back one stage keeping what was typed', () => {
    expect(signUpReducer(atAgreement, { type: 'back' })).toEqual({
      stage: 'password',
      verified,
      email: 'a@example.ru',
      errors: {},
    });
  });
});
