/**
 * Renews the token pair every 86,100,000 ms (spec 3 §4.1), counted from when the pair was obtained, so that a
 * reload does not restart the clock. Re-arms whenever the stored tokens change.
 */
import { TOKEN_REFRESH_INTERVAL_MS } from '@etp/domain';
import type { ApiClient } from './createApiClient.ts';
import type { TokenStore } from './createTokenStore.ts';

export function startRefreshSchedule(client: ApiClient, tokens: TokenStore): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedFor: number | null = null;

  const arm = () => {
    const session = tokens.get();
    const obtainedAt = session?.obtained_at ?? null;
    if (obtainedAt === armedFor) return;
    clearTimeout(timer);
    armedFor = obtainedAt;
    if (!session) return;
    const delay = Math.max(0, session.obtained_at + TOKEN_REFRESH_INTERVAL_MS - Date.now());
    timer = setTimeout(() => void client.refreshTokens(), delay);
  };

  arm();
  const unsubscribe = tokens.subscribe(arm);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}
