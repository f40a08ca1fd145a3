import { Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { tokenStore } from '../../api/tokenStore.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { EmailSignInForm } from './EmailSignInForm.tsx';
import { AUTH_MESSAGES as T } from './messages.ts';
import { StagePlaceholder } from './StagePlaceholder.tsx';
import { signInStageOf } from './signInStages.ts';

/** /users/sign_in: the e-mail stage, and the frames of the other stages (?stage=restore, phone...). */
export function SignInPage() {
  const [params] = useSearchParams();
  const stage = signInStageOf(params.get('stage'));
  const queryClient = useQueryClient();

  // Spec 3 §2.2: opening the screen forgets any stored session, and with it every cached answer.
  useEffect(() => {
    tokenStore.clear();
    queryClient.clear();
  }, [queryClient]);

  if (stage === 'email') {
    return (
      <AuthFrame
        title={T.signInTitle}
        lead={T.signInLead}
        footer={
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {T.noAccount}{' '}
            <Link component={RouterLink} to="/users/sign_up">
              {T.signUp}
            </Link>
          </Typography>
        }
      >
        <EmailSignInForm />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={T.stageTitles[stage]}>
      <StagePlaceholder message={stage === 'restore' ? T.restoreConnecting : T.connecting} />
    </AuthFrame>
  );
}
