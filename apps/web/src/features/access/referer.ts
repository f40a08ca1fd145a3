/** Where sign-in returns to: the page that sent the user there (path + search), kept for this tab's session. */
import { safeStorage } from '../../lib/safeStorage.ts';
import { STORAGE_KEYS } from '../../lib/storageKeys.ts';
import { FEED_PATH, SIGN_IN_PATH } from './routeAccess.ts';

export const referer = {
  remember(pathAndSearch: string): void {
    safeStorage.set('session', STORAGE_KEYS.referer, pathAndSearch);
  },
  /** The remembered page (once), or the feed. Only same-site paths are honoured, never the sign-in page itself. */
  take(): string {
    const stored = safeStorage.get('session', STORAGE_KEYS.referer);
    safeStorage.remove('session', STORAGE_KEYS.referer);
    if (!stored?.startsWith('/') || stored.startsWith('//') || stored.startsWith(SIGN_IN_PATH)) {
      return FEED_PATH;
    }
    return stored;
  },
};
