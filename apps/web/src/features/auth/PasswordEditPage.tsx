import { PASSWORD_RESET_MIN_LENGTH, validatePassword } from '@etp/domain';
import { Alert, Button, Link, Stack } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { errorText, fieldErrorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { AUTH_MESSAGES as T } from './messages.ts';
import { PasswordField } from './PasswordField.tsx';
import { ResendConfirmation } from './ResendConfirmation.tsx';
import { signInWith } from './signIn/useArrivalToasts.ts';

/**
 * /users/password/edit?reset_password_token=…: one new password of at least 6 characters, 'Сменить пароль',
 * then sign-in with the "password changed" toast (spec 3 §2.4); a link resends the e-mail confirmation.
 */
export function PasswordEditPage() {
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [tokenError, setTokenError] = useState<string | null>(token ? null : T.noResetToken);

  const change = useMutation({
    mutationFn: () => call(OPERATIONS.resetPassword, { body: { reset_password_token: token, password } }),
    onSuccess: () => void navigate(signInWith('password_changed'), { replace: true }),
    onError: (failure) => {
      const tokenMessage = fieldErrorText(failure, 'reset_password_token');
      if (tokenMessage) setTokenError(tokenMessage);
      else setError(fieldErrorText(failure, 'password') ?? errorText(failure, T.passwordChangeFailed));
      toast.authError(errorText(failure, T.passwordChangeFailed));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validatePassword(password, PASSWORD_RESET_MIN_LENGTH);
    setError(message);
    if (!message) change.mutate();
  };

  return (
    <AuthFrame title={T.passwordEditTitle} lead={T.passwordEditLead} footer={<ResendConfirmation />}>
      {tokenError && (
        <Alert severity="warning" variant="outlined">
          {tokenError}{' '}
          <Link component={RouterLink} to="/users/sign_in?stage=restore">
            {T.requestNewLink}
          </Link>
        </Alert>
      )}
      <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
        <PasswordField
          label={T.newPassword}
          name="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          size="medium"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error ?? T.passwordHint}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!password || !token || change.isPending}
          fullWidth
        >
          {T.changePassword}
        </Button>
        <Link component={RouterLink} to="/users/sign_in" variant="body2" sx={{ alignSelf: 'center' }}>
          {T.backToEmail}
        </Link>
      </Stack>
    </AuthFrame>
  );
}
