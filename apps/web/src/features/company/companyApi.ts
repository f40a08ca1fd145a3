/** The user's company (spec 3 §7.2): GET, and POST (saving sends it to accreditation). */

import { useQuery } from '@tanstack/react-query';
import { call, callEnvelope } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';

export const companyApi = {
  get: (signal?: AbortSignal) => call(OPERATIONS.getCompany, { signal }),
  save: (form: FormData) => callEnvelope(OPERATIONS.createCompany, { body: form }),
};

export function useCompany() {
  return useQuery({ queryKey: queryKeys.company, queryFn: ({ signal }) => companyApi.get(signal) });
}

/** Saves a document the server gives only with the token, under its own name. */
export { downloadFile } from '../../api/downloadFile.ts';
