/**
 * The hub's memos (docs/decisions/0019-live-subscription-checks.md): access decisions and verified tokens reused for
 * a short time, so thousands of sockets of one user, or a reconnect storm, cost one check.
 */

interface Remembered<T> {
  until: number;
  value: Promise<T>;
}

/** A short-lived memo of promises: concurrent and repeated asks share one answer; a failure is not kept. */
export class Memo<T> {
  private readonly entries = new Map<string, Remembered<T>>();

  get(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (ttlMs <= 0) return load();
    const now = performance.now();
    const known = this.entries.get(key);
    if (known && known.until > now) return known.value;
    if (this.entries.size > 10_000) {
      for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
    }
    const value = load();
    this.entries.set(key, { until: now + ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The checks of one access change, shared by the sockets it concerns (thousands of one user cost one check). */
export class SharedChecks {
  private readonly entries = new Map<string, Promise<unknown>>();

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let value = this.entries.get(key) as Promise<T> | undefined;
    if (!value) {
      value = load();
      this.entries.set(key, value);
    }
    return value;
  }
}

/** The expiry (ms since the epoch) a JWT claims; only used to bound how long a verified token is remembered. */
export function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
}
