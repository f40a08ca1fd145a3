import { TIMER_TICK_MS } from '@etp/domain';
import { useEffect, useState } from 'react';
import { useServerTime } from '../api/useServerTime.ts';

/** The server-corrected current time in epoch ms, re-rendering every second (spec 2 §4 timer tick). */
export function useServerNow(): number {
  const { offsetMs } = useServerTime();
  const [localNow, setLocalNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setLocalNow(Date.now()), TIMER_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return localNow + offsetMs;
}
