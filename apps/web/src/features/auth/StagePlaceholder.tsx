import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AUTH_MESSAGES as T } from './messages.ts';
import { SupportHint } from './SupportHint.tsx';

/** The body of a sign-in stage whose server calls are not connected yet: says so, and offers the way that works. */
export function StagePlaceholder({ message = T.connecting }: { message?: string }) {
  return (
    <>
      <Alert severity="info" variant="outlined">
        {message}
      </Alert>
      <SupportHint intro={T.supportHint} />
      <Button component={RouterLink} to="/users/sign_in" variant="contained" size="large" fullWidth>
        {T.backToEmail}
      </Button>
    </>
  );
}
