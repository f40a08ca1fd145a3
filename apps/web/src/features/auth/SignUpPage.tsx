import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AuthFrame } from './AuthFrame.tsx';
import { AUTH_MESSAGES as T } from './messages.ts';
import { StagePlaceholder } from './StagePlaceholder.tsx';

/** /users/sign_up: the registration frame; its stages (phone, sms, e-mail, password, agreement) come later. */
export function SignUpPage() {
  return (
    <AuthFrame
      title={T.signUpTitle}
      footer={
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {T.haveAccount}{' '}
          <Link component={RouterLink} to="/users/sign_in">
            {T.signIn}
          </Link>
        </Typography>
      }
    >
      <StagePlaceholder message={T.signUpConnecting} />
    </AuthFrame>
  );
}
