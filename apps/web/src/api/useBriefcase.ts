import { useQuery } from '@tanstack/react-query';
import { ApiError } from './ApiError.ts';
import { call } from './call.ts';
import { OPERATIONS } from './operations.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /api/v1/briefcases/{id}: the procedure card. A 404 is an answer, not a failure worth retrying. */
export function useBriefcase(id: number | null) {
  return useQuery({
    queryKey: queryKeys.briefcase(id ?? 0),
    queryFn: ({ signal }) => call(OPERATIONS.getBriefcase, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}
