/** Hooks over the one live connection: subscribe while mounted, read the connection state. */
import type { LiveChannel, LiveMessage } from '@etp/contracts';
import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveState } from './LiveConnection.ts';
import { LiveContext, type LiveHub } from './LiveProvider.tsx';

function useHub(): LiveHub {
  const hub = useContext(LiveContext);
  if (!hub) throw new Error('useLive* needs a LiveProvider');
  return hub;
}

/**
 * Keeps the channel (of one procedure, or null for a channel without one) subscribed while the component is
 * mounted and `briefcaseId` is not undefined. Messages go into the query caches (liveCache.ts); `onMessage`,
 * when given, also hears each message of this subscription (for data the cache writer does not own).
 */
export function useLiveSubscription(
  channel: LiveChannel,
  briefcaseId: number | null | undefined,
  onMessage?: (message: LiveMessage) => void,
): void {
  const hub = useHub();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (briefcaseId === undefined) return;
    const stopListening = hub.listen(channel, briefcaseId, (message) => handler.current?.(message));
    const release = hub.connection.subscribe(channel, briefcaseId);
    return () => {
      stopListening();
      release();
    };
  }, [hub, channel, briefcaseId]);
}

/** The connection's state; 'lost' means the red "Установка соединения..." line shows. */
export function useLiveState(): LiveState {
  const { connection } = useHub();
  return useSyncExternalStore(connection.onStateChange, () => connection.state);
}
