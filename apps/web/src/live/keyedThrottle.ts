/**
 * Runs a task of a key at once, then at most once per interval while calls for that key keep coming. A call made
 * during the interval is covered by one more run at its end, so the last run always starts after the last call:
 * a re-read it triggers sees everything that was announced.
 */
export interface KeyedThrottle {
  schedule(key: string, run: () => void): void;
  dispose(): void;
}

export function createKeyedThrottle(intervalMs: number): KeyedThrottle {
  const entries = new Map<
    string,
    { timer: ReturnType<typeof setTimeout>; again: boolean; run: () => void }
  >();
  return {
    schedule(key, run) {
      const known = entries.get(key);
      if (known) {
        known.again = true;
        known.run = run;
        return;
      }
      run();
      const entry = {
        again: false,
        run,
        timer: setTimeout(function tick() {
          if (!entry.again) {
            entries.delete(key);
            return;
          }
          entry.again = false;
          entry.run();
          entry.timer = setTimeout(tick, intervalMs);
        }, intervalMs),
      };
      entries.set(key, entry);
    },
    dispose() {
      for (const { timer } of entries.values()) clearTimeout(timer);
      entries.clear();
    },
  };
}
