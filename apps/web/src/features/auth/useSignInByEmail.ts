import type { AuthorizeByEmailBody, AuthResult } from '@etp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/apiClient.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { tokenStore } from '../../api/tokenStore.ts';

/**
 * POST /api/v2/auth/authorize_by_email. On success the token pair is stored (which arms the refresh schedule)
 * and the profile becomes the current user without another round trip.
 */
export function useSignInByEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuthorizeByEmailBody) =>
      apiClient.request<AuthResult>('/api/v2/auth/authorize_by_email', { method: 'POST', body, auth: false }),
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.currentUser, result.profile);
      tokenStore.set(result.jwt);
    },
  });
}
