import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/ApiError.ts';

/** Client errors (4xx) are answers: retrying them only delays the message. Network and 5xx get one retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    },
  },
});
