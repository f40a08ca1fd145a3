/**
 * The server-corrected clock every countdown reads (DESIGN §6b): local time plus the offset from GET /time,
 * ticking once a second. All mounted users share one timer, so a page of 48 lot countdowns re-renders on one tick.
 */
import { TIMER_TICK_MS } from '@etp/domain';
import { useSyncExternalStore } from 'react';
import { useServerTime } from '../api/useServerTime.ts';

const listeners = new Set<() => void>();
let localNow = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    localNow = Date.now();
    timer = setInterval(() => {
      localNow = Date.now();
      for (const l of listeners) l();
    }, TIMER_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The shared time; before the timer runs it is brought up to date (stable within a tick, as React needs). */
function snapshot(): number {
  if (!timer && Date.now() - localNow >= TIMER_TICK_MS) localNow = Date.now();
  return localNow;
}

/** The server's current time in epoch ms, re-rendering every second (spec 2 §4 timer tick). */
export function useServerNow(): number {
  const { offsetMs } = useServerTime();
  const now = useSyncExternalStore(subscribe, snapshot);
  return now + offsetMs;
}

/**
 * A value derived from the server's time, re-rendering only when it changes (a lot's countdown text, whether its
 * "+N мин" applies): a page of 48 lots then re-renders each second only the 48 countdown lines, not the 48 cards.
 * `select` must return a primitive (compared with Object.is).
 */
export function useServerClock<T extends string | number | boolean | null>(
  select: (serverNowMs: number) => T,
): T {
  const { offsetMs } = useServerTime();
  return useSyncExternalStore(subscribe, () => select(snapshot() + offsetMs));
}
