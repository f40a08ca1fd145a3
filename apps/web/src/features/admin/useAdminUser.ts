import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError.ts';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** GET /api/v1/admin/users/{id}: the administrator's user page. A 404 is an answer, not a failure worth retrying. */
export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: queryKeys.adminUser(id ?? 0),
    queryFn: ({ signal }) => call(OPERATIONS.getAdminUser, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}
