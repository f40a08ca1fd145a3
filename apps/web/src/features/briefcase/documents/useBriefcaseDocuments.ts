/** GET /api/v1/briefcases/{id}/documents: what this viewer may download; read again when the status changes. */

import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { OPERATIONS } from '../../../api/operations.ts';
import { queryKeys } from '../../../api/queryKeys.ts';

export function useBriefcaseDocuments(briefcaseId: number, status: string) {
  return useQuery({
    queryKey: queryKeys.briefcaseDocuments(briefcaseId, status),
    queryFn: ({ signal }) => call(OPERATIONS.listBriefcaseDocuments, { params: { id: briefcaseId }, signal }),
  });
}
