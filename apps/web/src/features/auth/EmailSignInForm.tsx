import { PASSWORD_MIN_LENGTH } from '@etp/domain';
import { Button, Link, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { isEmail } from '../../lib/isEmail.ts';
import { toast } from '../../lib/toast.ts';
import { referer } from '../access/referer.ts';
import { AUTH_MESSAGES as T } from './messages.ts';
import { PasswordField } from './PasswordField.tsx';
import { signInErrorField } from './signInErrorField.ts';
import { useSignInByEmail } from './useSignInByEmail.ts';

interface FieldErrors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = T.emailRequired;
  else if (!isEmail(email)) errors.email = T.emailInvalid;
  if (password.length < PASSWORD_MIN_LENGTH) errors.password = T.passwordTooShort;
  return errors;
}

/** The e-mail stage: e-mail and password; a server error lands on the field its code belongs to. */
export function EmailSignInForm() {
  const navigate = useNavigate();
  const signIn = useSignInByEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => navigate(referer.take(), { replace: true }),
        onError: (error) => {
          // The server was not reached or failed: say so in a toast as well as under the field.
          if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
            toast.authError(error instanceof ApiError ? error.message : T.signInFailed);
          }
          const field = signInErrorField(error);
          const message =
            error instanceof ApiError ? (error.fieldMessage(field) ?? error.message) : T.signInFailed;
          setErrors({ [field]: message });
        },
      },
    );
  };

  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
      <TextField
        label={T.email}
        type="email"
        name="email"
        autoComplete="username"
        autoFocus
        fullWidth
        size="medium"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors((prev) => ({ ...prev, email: undefined }));
        }}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      <PasswordField
        label={T.password}
        name="password"
        autoComplete="current-password"
        fullWidth
        size="medium"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((prev) => ({ ...prev, password: undefined }));
        }}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <Link component={RouterLink} to="?stage=restore" variant="body2" sx={{ alignSelf: 'flex-start' }}>
        {T.forgotPassword}
      </Link>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!email || !password || signIn.isPending}
        fullWidth
      >
        {T.continue}
      </Button>
      <Button component={RouterLink} to="?stage=phone" variant="text" fullWidth>
        {T.byPhone}
      </Button>
    </Stack>
  );
}
