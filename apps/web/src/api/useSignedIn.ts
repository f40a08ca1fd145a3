import { useSyncExternalStore } from 'react';
import { tokenStore } from './tokenStore.ts';

const hasSession = () => tokenStore.get() !== null;

/** True while this browser holds a token pair; changes as soon as tokens are stored or cleared (any tab). */
export function useSignedIn(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, hasSession, () => false);
}
