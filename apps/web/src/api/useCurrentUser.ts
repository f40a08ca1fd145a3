import type { User } from '@etp/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from './call.ts';
import { OPERATIONS } from './operations.ts';
import { queryKeys } from './queryKeys.ts';
import { useSignedIn } from './useSignedIn.ts';

/** A company that may yet be accredited: the user has one and it is not in good standing (admins always are). */
const awaitsAccreditation = (user: User) =>
  user.role !== 'admin' && user.company_id !== null && !user.company_good_standing;

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

/** How often a user whose company awaits accreditation is re-read, so that good standing arrives by itself. */
const USER_RECHECK_WHILE_LIMITED_MS = 30_000;

/**
 * GET /api/v1/user for the holder of the stored tokens. While the user's company awaits accreditation it is
 * re-read every 30 s and on returning to the tab: an administrator's approval then lifts the limited-access
 * banner and opens the restricted routes without a reload (spec 3 §4.3).
 */
export function useCurrentUser(): CurrentUserState {
  const signedIn = useSignedIn();
  const query = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => call(OPERATIONS.getUser, { signal }),
    enabled: signedIn,
    staleTime: 60_000,
    retry: false,
    refetchInterval: (q) =>
      q.state.data && awaitsAccreditation(q.state.data) ? USER_RECHECK_WHILE_LIMITED_MS : false,
    refetchOnWindowFocus: (q) => Boolean(q.state.data && awaitsAccreditation(q.state.data)),
  });
  return {
    user: signedIn ? (query.data ?? null) : null,
    signedIn,
    isPending: signedIn && query.isPending && !query.isError,
    error: signedIn ? query.error : null,
    refetch: () => void query.refetch(),
  };
}
