import { SERVER_TIME_RECHECK_MS } from '@etp/domain';
import { useQuery } from '@tanstack/react-query';
import { call } from './call.ts';
import { OPERATIONS } from './operations.ts';
import { queryKeys } from './queryKeys.ts';

interface ServerClock {
  offsetMs: number;
  demoSimulation: boolean;
}

/** How far the server clock is ahead of this browser's, measured against the middle of the round trip. */
async function fetchServerClock(signal: AbortSignal): Promise<ServerClock> {
  const sentAt = Date.now();
  const time = await call(OPERATIONS.getServerTime, { signal });
  const receivedAt = Date.now();
  return {
    offsetMs: time.unix_ms - (sentAt + receivedAt) / 2,
    demoSimulation: time.demo_simulation === true,
  };
}

const serverClockQuery = {
  queryKey: queryKeys.serverTime,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchServerClock(signal),
  staleTime: SERVER_TIME_RECHECK_MS,
  refetchInterval: 10 * 60_000,
  retry: 1,
};

/**
 * GET /time: the server-clock offset in ms (0 until known). Not re-asked within 5 s (spec 3 §7.4); re-checked
 * every 10 minutes so that a drifting or changed local clock is corrected.
 */
export function useServerTime(): { offsetMs: number; isKnown: boolean } {
  const query = useQuery(serverClockQuery);
  return { offsetMs: query.data?.offsetMs ?? 0, isKnown: query.data !== undefined };
}

/** Whether the server runs the demo simulator (the same GET /time reply, asked once). */
export function useDemoSimulation(): boolean {
  return useQuery(serverClockQuery).data?.demoSimulation ?? false;
}
