import { createApiClient } from './createApiClient.ts';
import { tokenStore } from './tokenStore.ts';

/** The app's one API client: same-origin calls (the dev server proxies them), tokens from localStorage. */
export const apiClient = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  tokens: tokenStore,
});
