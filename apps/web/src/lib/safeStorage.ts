/**
 * Storage access that never throws: private modes and disabled storage make the browser throw on access,
 * and the app must still work (it just forgets).
 */
type Area = 'local' | 'session';

function area(kind: Area): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export const safeStorage = {
  get(kind: Area, key: string): string | null {
    try {
      return area(kind)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(kind: Area, key: string, value: string): void {
    try {
      area(kind)?.setItem(key, value);
    } catch {
      // Storage full or disabled: the preference is simply not remembered.
    }
  },
  remove(kind: Area, key: string): void {
    try {
      area(kind)?.removeItem(key);
    } catch {
      // Nothing to do.
    }
  },
};
