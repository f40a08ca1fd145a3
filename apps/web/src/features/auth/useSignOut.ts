import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { referer } from '../access/referer.ts';

/**
 * Signs out: tells the server (GET /api/v1/user/sign_out, best effort) and opens the sign-in screen, which
 * clears the tokens, the stored authorized flag and every cached answer as it opens (spec 3 §2.2). Clearing
 * them here instead would let the guarded page still on screen send the user to sign-in as a "referer".
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await call(OPERATIONS.signOut);
    } catch {
      // The session ends on this device whatever the server says.
    }
    referer.take();
    await navigate('/users/sign_in', { replace: true });
  }, [navigate]);
}
