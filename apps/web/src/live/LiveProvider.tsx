/**
 * Holds the app's one LiveConnection and its cache writer, and lets hooks (useLive.ts) reach them. The socket
 * follows the session: it restarts when the user signs in or out (in this tab or another).
 */
import { type LiveChannel, type LiveMessage, subscriptionBriefcaseId } from '@etp/contracts';
import { RECONNECT_RELOAD_DELAY_MS } from '@etp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useEffect, useState } from 'react';
import { apiClient } from '../api/apiClient.ts';
import { call, pathOf } from '../api/call.ts';
import { OPERATIONS } from '../api/operations.ts';
import { tokenStore } from '../api/tokenStore.ts';
import { LiveConnection, type SocketLike } from './LiveConnection.ts';
import { createLiveCacheWriter } from './liveCache.ts';

export type LiveListener = (message: LiveMessage) => void;

export interface LiveHub {
  connection: LiveConnection;
  /** Adds a listener of one channel (and procedure); returns its removal. */
  listen(channel: LiveChannel, briefcaseId: number | null, listener: LiveListener): () => void;
}

export const LiveContext = createContext<LiveHub | null>(null);

/** ws(s)://{this host}/ws */
function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${pathOf(OPERATIONS.openLiveChannel)}`;
}

export interface LiveProviderProps {
  children: ReactNode;
  /** Tests pass a fake socket. */
  createSocket?: () => SocketLike;
  retryDelay?: (attempt: number) => number;
}

export function LiveProvider({ children, createSocket, retryDelay }: LiveProviderProps) {
  const queryClient = useQueryClient();
  const [hub] = useState<LiveHub>(() => {
    const listeners = new Map<string, Set<LiveListener>>();
    const keyOf = (channel: LiveChannel, id: number | null) => `${channel}:${id ?? ''}`;
    const writer = createLiveCacheWriter(queryClient, (id) =>
      call(OPERATIONS.getBriefcase, { params: { id } }),
    );
    const connection = new LiveConnection({
      createSocket: createSocket ?? (() => new WebSocket(liveSocketUrl()) as unknown as SocketLike),
      token: () => tokenStore.get()?.token ?? null,
      refreshToken: () => apiClient.refreshTokens(),
      retryDelay,
      onFrame(messages) {
        writer.applyFrame(messages);
        for (const message of messages)
          for (const listener of listeners.get(keyOf(message.channel, subscriptionBriefcaseId(message))) ??
            [])
            listener(message);
      },
      // Spec 2 §4: on reconnect the data is reloaded 50 ms later.
      onRecovered: () => setTimeout(() => writer.recover(), RECONNECT_RELOAD_DELAY_MS),
      onSubscribed: (channel, briefcaseId) => writer.subscribed(channel, briefcaseId),
    });
    return {
      connection,
      listen(channel, briefcaseId, listener) {
        const key = keyOf(channel, briefcaseId);
        const set = listeners.get(key) ?? new Set<LiveListener>();
        listeners.set(key, set);
        set.add(listener);
        return () => set.delete(listener);
      },
    };
  });

  useEffect(() => {
    let signedIn = tokenStore.get() !== null;
    const stop = tokenStore.subscribe(() => {
      const now = tokenStore.get() !== null;
      if (now !== signedIn) {
        signedIn = now;
        hub.connection.restart();
      }
    });
    return () => {
      stop();
      hub.connection.close();
    };
  }, [hub]);

  return <LiveContext.Provider value={hub}>{children}</LiveContext.Provider>;
}
