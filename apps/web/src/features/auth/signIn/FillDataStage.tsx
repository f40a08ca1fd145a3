import { validateEmail, validateName, validatePassword, validatePasswordRepeat } from '@etp/domain';
import { Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, useState } from 'react';
import { errorText, fieldErrorText } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { PasswordField } from '../PasswordField.tsx';
import { signInApi } from './signInApi.ts';
import {
  type FillData,
  type FillStage,
  nextFillStage,
  type SignInEvent,
  type SignInState,
} from './signInMachine.ts';

type FillState = Extract<SignInState, { stage: FillStage }>;
type Values = Record<'email' | 'password' | 'repeat' | 'first_name' | 'last_name', string>;
type Errors = Partial<Record<keyof Values, string>>;

/** Whether the password stage sets a new password or asks for the account's own (an account found by phone). */
export const createsPassword = (state: FillState) => !state.filled.has_password;

function check(state: FillState, v: Values): Errors {
  const errors: Errors = {};
  const put = (field: keyof Values, message: string | null) => {
    if (message) errors[field] = message;
  };
  if (state.stage === 'fillEmail') put('email', validateEmail(v.email, { detailed: true }));
  if (state.stage === 'fillPassword' && createsPassword(state)) {
    put('password', validatePassword(v.password));
    put('repeat', validatePasswordRepeat(v.password, v.repeat));
  }
  if (state.stage === 'fillPassword' && !createsPassword(state))
    put('password', v.password ? null : T.passwordRequired);
  if (state.stage === 'fillName') {
    put('last_name', validateName(v.last_name));
    put('first_name', validateName(v.first_name));
  }
  return errors;
}

function dataOf(state: FillState, v: Values): FillData {
  switch (state.stage) {
    case 'fillEmail':
      return { email: v.email.trim() };
    case 'fillPassword':
      return { password: v.password };
    case 'fillName':
      return { first_name: v.first_name.trim(), last_name: v.last_name.trim() };
  }
}

/**
 * fillEmail, fillPassword, fillName: one missing item each. After the last one the code goes to the account's
 * phone and fillSMS opens.
 */
export function FillDataStage({ state, dispatch }: { state: FillState; dispatch: Dispatch<SignInEvent> }) {
  const [values, setValues] = useState<Values>({
    email: state.data.email ?? '',
    password: '',
    repeat: '',
    first_name: state.data.first_name ?? '',
    last_name: state.data.last_name ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const sendCode = useMutation({
    mutationFn: (data: FillData) => signInApi.requestDataCode(state.account, { ...state.data, ...data }),
    onSuccess: (sent, data) =>
      dispatch({ type: 'codeSent', data, code: { sentTo: sent.phone, sentAt: Date.now() } }),
    onError: (failure) => {
      toast.authError(errorText(failure, T.codeRequestFailed));
      const field = (['email', 'password', 'first_name', 'last_name'] as const).find((f) =>
        fieldErrorText(failure, f),
      );
      if (field) setErrors({ [field]: fieldErrorText(failure, field) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(state, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const data = dataOf(state, values);
    if (nextFillStage(state.account, state.filled, state.stage)) dispatch({ type: 'filled', data });
    else sendCode.mutate(data);
  };

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    fullWidth: true,
    size: 'medium' as const,
    error: Boolean(errors[name]),
    helperText: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((prev) => ({ ...prev, [name]: event.target.value }));
      setErrors((prev) => ({ ...prev, [name]: undefined }));
    },
  });

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
      {state.stage === 'fillEmail' && (
        <TextField {...field('email')} label={T.email} type="email" autoFocus />
      )}
      {state.stage === 'fillPassword' && createsPassword(state) && (
        <>
          <PasswordField
            {...field('password')}
            label={T.password}
            autoComplete="new-password"
            autoFocus
            helperText={errors.password ?? T.passwordHint}
          />
          <PasswordField {...field('repeat')} label={T.passwordRepeat} autoComplete="new-password" />
        </>
      )}
      {state.stage === 'fillPassword' && !createsPassword(state) && (
        <PasswordField
          {...field('password')}
          label={T.currentPassword}
          autoComplete="current-password"
          autoFocus
        />
      )}
      {state.stage === 'fillName' && (
        <>
          <TextField {...field('last_name')} label={T.lastName} autoComplete="family-name" autoFocus />
          <TextField {...field('first_name')} label={T.firstName} autoComplete="given-name" />
        </>
      )}
      <Button type="submit" variant="contained" size="large" disabled={sendCode.isPending} fullWidth>
        {T.next}
      </Button>
    </Stack>
  );
}
