/**
 * The signed-in user's token pair, kept in localStorage under STORAGE_KEYS.session so that a reload keeps the
 * session. Listeners hear every change, including those made by other tabs (the `storage` event).
 */
import type { Jwt } from '@etp/contracts';
import { STORAGE_KEYS } from '../lib/storageKeys.ts';

interface StoredSession extends Jwt {
  /** Epoch ms when the pair was received: the refresh schedule counts from here. */
  obtained_at: number;
}

export interface TokenStore {
  get(): StoredSession | null;
  set(jwt: Jwt, nowMs?: number): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession>;
    if (typeof value.token !== 'string' || typeof value.refresh_token !== 'string') return null;
    return { obtained_at: 0, expires_at: '', refresh_token_expires_at: '', ...value } as StoredSession;
  } catch {
    return null;
  }
}

export function createTokenStore(
  storage: Storage | null,
  eventTarget: EventTarget | null = null,
): TokenStore {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  // When the browser refuses storage, the session lives in memory until the tab closes.
  let memory: { raw: string | null } | null = storage ? null : { raw: null };
  const read = (): string | null => {
    if (memory) return memory.raw;
    try {
      return storage?.getItem(STORAGE_KEYS.session) ?? null;
    } catch {
      return null;
    }
  };
  const write = (raw: string | null): void => {
    if (memory) {
      memory.raw = raw;
      return;
    }
    try {
      if (raw === null) {
        storage?.removeItem(STORAGE_KEYS.session);
        storage?.removeItem(STORAGE_KEYS.authorized);
      } else {
        storage?.setItem(STORAGE_KEYS.session, raw);
        storage?.setItem(STORAGE_KEYS.authorized, '1');
      }
    } catch {
      memory = { raw };
    }
  };
  let cachedRaw: string | null = null;
  let cached: StoredSession | null = null;

  eventTarget?.addEventListener('storage', (event) => {
    const key = (event as StorageEvent).key;
    if (key === STORAGE_KEYS.session || key === null) notify();
  });

  return {
    get() {
      const raw = read();
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        cached = parse(raw);
      }
      return cached;
    },
    set(jwt, nowMs = Date.now()) {
      write(JSON.stringify({ ...jwt, obtained_at: nowMs }));
      notify();
    },
    clear() {
      write(null);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
