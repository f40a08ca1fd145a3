import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES as T } from '../messages.ts';
import { signInApi } from './signInApi.ts';
import { signInWith } from './useArrivalToasts.ts';
import { useCompleteSignIn } from './useCompleteSignIn.ts';

/**
 * The end of a bank-identity sign-in: the server comes back to '/users/sign_in?oauth=ok#token=…'
 * (docs/decisions/0025). The one-minute code is dropped from the address at once, then traded for the tokens.
 */
export function useBankIdHandover(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteSignIn();
  const started = useRef(false);
  const arrived = params.get('oauth') === 'ok';

  useEffect(() => {
    if (!arrived || started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    // Replacing the entry drops the fragment from the history too.
    void navigate(token ? '/users/sign_in' : signInWith('oauth_failed'), { replace: true });
    if (!token) return;
    signInApi
      .bankIdToken(token)
      .then((result) => complete(result))
      .catch(() => toast.authError(T.arrival.oauthFailed));
  }, [arrived, navigate, complete]);
}
