import { validateEmail, validatePassword } from '@etp/domain';
import { Button, Link, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../api/ApiError.ts';
import { errorText, isServerTrouble } from '../../../lib/errorText.ts';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { PasswordField } from '../PasswordField.tsx';
import { revokeSession, signInApi } from './signInApi.ts';
import { signInErrorField } from './signInErrorField.ts';
import { type Credentials, needsMoreData, type SignInEvent } from './signInMachine.ts';
import { useCompleteSignIn } from './useCompleteSignIn.ts';

interface FieldErrors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): FieldErrors {
  return {
    email: validateEmail(email) ?? undefined,
    password: validatePassword(password) ?? undefined,
  };
}

/**
 * The e-mail stage. E-mail and password sign in directly (docs/decisions/0022: the server keeps that path);
 * an account without a phone or a name goes on to the phone or fillName stage, and a server that requires the
 * SMS code (`sms_required`) gets it: the code is requested and the sms stage opens (spec 3 §4.1).
 * A server error lands on the field its code belongs to.
 */
export function EmailSignInForm({ dispatch }: { dispatch?: Dispatch<SignInEvent> }) {
  const complete = useCompleteSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const signIn = useMutation({
    mutationFn: async (credentials: Credentials) => {
      try {
        const result = await signInApi.authorizeByEmail(credentials);
        if (!needsMoreData(result.filled) || !dispatch) return complete(result);
        void revokeSession(result.jwt.token);
        dispatch({ type: 'credentialsAccepted', credentials, filled: result.filled, code: null });
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'sms_required' && dispatch)) throw error;
        const sent = await signInApi.requestSignInCode(credentials);
        const code = sent.sent && sent.phone ? { sentTo: sent.phone, sentAt: Date.now() } : null;
        dispatch({ type: 'credentialsAccepted', credentials, filled: sent.filled, code });
      }
    },
    onError: (error) => {
      // The server was not reached or failed: say so in a toast as well as under the field.
      if (isServerTrouble(error)) toast.authError(errorText(error, T.signInFailed));
      const field = signInErrorField(error);
      const message =
        error instanceof ApiError ? (error.fieldMessage(field) ?? error.message) : T.signInFailed;
      setErrors({ [field]: message });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    signIn.mutate({ email: email.trim(), password });
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
      <Link
        component={RouterLink}
        to="?stage=noEmail"
        variant="body2"
        sx={{ alignSelf: 'center', textAlign: 'center' }}
      >
        {T.noEmail}
      </Link>
    </Stack>
  );
}
