import { createTokenStore } from './createTokenStore.ts';

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The app's one token store, in this browser's localStorage. */
export const tokenStore = createTokenStore(browserStorage(), typeof window === 'undefined' ? null : window);
