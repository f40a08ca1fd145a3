import type { AuthResult } from '@etp/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../api/queryKeys.ts';
import { tokenStore } from '../../../api/tokenStore.ts';
import { referer } from '../../access/referer.ts';

/**
 * Finishes any sign-in or registration: the profile becomes the current user without another round trip, the
 * token pair is stored (which arms the refresh schedule, spec 3 §4.1 step 6), and the user goes to the stored
 * referer, else the feed, unless `to` says where.
 */
export function useCompleteSignIn(): (result: AuthResult, to?: string) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (result: AuthResult, to?: string) => {
      queryClient.setQueryData(queryKeys.currentUser, result.profile);
      tokenStore.set(result.jwt);
      void navigate(to ?? referer.take(), { replace: true });
    },
    [queryClient, navigate],
  );
}
