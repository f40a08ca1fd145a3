import { validateEmail, validatePassword, validatePasswordRepeat } from '@etp/domain';
import { Button, Stack, TextField } from '@mui/material';
import { type Dispatch, type FormEvent, useState } from 'react';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { PasswordField } from '../PasswordField.tsx';
import type { SignUpEvent, SignUpState } from './signUpMachine.ts';

type FieldState = Extract<SignUpState, { stage: 'email' | 'password' }>;

/** email and password: one field each (the password twice), checked by the domain's rules before moving on. */
export function SignUpFieldStage({
  state,
  dispatch,
}: {
  state: FieldState;
  dispatch: Dispatch<SignUpEvent>;
}) {
  const isEmail = state.stage === 'email';
  const [value, setValue] = useState(isEmail ? state.email : '');
  const [repeat, setRepeat] = useState('');
  const serverError = (isEmail ? state.errors.email : state.errors.password)?.[0] ?? null;
  const [error, setError] = useState<string | null>(serverError);
  const [repeatError, setRepeatError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isEmail) {
      const message = validateEmail(value, { detailed: true });
      setError(message);
      if (!message) dispatch({ type: 'emailEntered', email: value.trim() });
      return;
    }
    const message = validatePassword(value);
    const mismatch = validatePasswordRepeat(value, repeat);
    setError(message);
    setRepeatError(message ? null : mismatch);
    if (!message && !mismatch) dispatch({ type: 'passwordEntered', password: value });
  };

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
      {isEmail ? (
        <TextField
          label={T.email}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          fullWidth
          size="medium"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error}
        />
      ) : (
        <>
          <PasswordField
            label={T.password}
            name="password"
            autoComplete="new-password"
            autoFocus
            fullWidth
            size="medium"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? T.passwordHint}
          />
          <PasswordField
            label={T.passwordRepeat}
            name="password_repeat"
            autoComplete="new-password"
            fullWidth
            size="medium"
            value={repeat}
            onChange={(event) => {
              setRepeat(event.target.value);
              setRepeatError(null);
            }}
            error={Boolean(repeatError)}
            helperText={repeatError}
          />
        </>
      )}
      <Button type="submit" variant="contained" size="large" disabled={!value} fullWidth>
        {T.next}
      </Button>
      <Button onClick={() => dispatch({ type: 'back' })} fullWidth>
        {T.back}
      </Button>
    </Stack>
  );
}
