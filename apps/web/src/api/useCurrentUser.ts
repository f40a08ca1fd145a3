import type { User } from '@etp/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './apiClient.ts';
import { queryKeys } from './queryKeys.ts';
import { useSignedIn } from './useSignedIn.ts';

export interface CurrentUserState {
  /** The signed-in user; null when nobody is signed in (or not yet known). */
  user: User | null;
  signedIn: boolean;
  /** Tokens exist but the user has not arrived yet. */
  isPending: boolean;
  /** Tokens exist but the user could not be loaded (server down, not a refused session). */
  error: Error | null;
  refetch: () => void;
}

/** GET /api/v1/user for the holder of the stored tokens. */
export function useCurrentUser(): CurrentUserState {
  const signedIn = useSignedIn();
  const query = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => apiClient.request<User>('/api/v1/user', { signal }),
    enabled: signedIn,
    staleTime: 60_000,
    retry: false,
  });
  return {
    user: signedIn ? (query.data ?? null) : null,
    signedIn,
    isPending: signedIn && query.isPending && !query.isError,
    error: signedIn ? query.error : null,
    refetch: () => void query.refetch(),
  };
}
