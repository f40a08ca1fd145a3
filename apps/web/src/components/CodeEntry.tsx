import { Alert, LinearProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { errorText, fieldErrorText } from '../lib/errorText.ts';
import { toast } from '../lib/toast.ts';
import { COMPONENT_MESSAGES as T } from './messages.ts';
import { ResendCodeButton } from './ResendCodeButton.tsx';
import { SmsCodeInput } from './SmsCodeInput.tsx';

interface CodeEntryProps {
  /** The (masked) number the code went to. */
  sentTo: string;
  /** Epoch ms of the last sending, for the 120 s resend timer. */
  sentAt: number;
  /** Checks the code; a rejection shows the server's text under the boxes and empties them. */
  onSubmit: (code: string) => Promise<unknown>;
  /** Sends a new code (the caller updates sentAt). */
  onResend: () => Promise<unknown>;
  /** Links under the resend button ('Это не мой номер'). */
  extra?: ReactNode;
}

/** The SMS-code step of every flow: where the code went, four boxes that submit themselves, the resend timer. */
export function CodeEntry({ sentTo, sentAt, onSubmit, onResend, extra }: CodeEntryProps) {
  const [checking, setChecking] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const submit = (code: string) => {
    if (checking) return;
    setChecking(true);
    setError(null);
    onSubmit(code)
      .catch((failure: unknown) => {
        setError(fieldErrorText(failure, 'code') ?? errorText(failure, T.codeCheckFailed));
        setAttempt((n) => n + 1);
      })
      .finally(() => setChecking(false));
  };

  const resend = () => {
    setResending(true);
    onResend()
      .then(() => {
        setError(null);
        setAttempt((n) => n + 1);
      })
      .catch((failure: unknown) => toast.authError(errorText(failure, T.codeRequestFailed)))
      .finally(() => setResending(false));
  };

  return (
    <Stack spacing={2.5}>
      <Alert severity="info" variant="outlined">
        {T.codeSentTo(sentTo)}
      </Alert>
      <SmsCodeInput
        label={T.codeLabel}
        onComplete={submit}
        error={error}
        disabled={checking}
        resetKey={`${sentAt}:${attempt}`}
      />
      {checking && <LinearProgress aria-label={T.checking} />}
      <ResendCodeButton sentAt={sentAt} onResend={resend} pending={resending} />
      {extra && (
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {extra}
        </Typography>
      )}
    </Stack>
  );
}
