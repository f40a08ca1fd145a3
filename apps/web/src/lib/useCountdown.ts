import { useEffect, useState } from 'react';

/** Seconds left of a countdown of `seconds` that (re)starts whenever `startedAt` changes; 0 when over. */
export function useCountdown(seconds: number, startedAt: number): number {
  const left = () => Math.max(0, Math.ceil((startedAt + seconds * 1000 - Date.now()) / 1000));
  const [value, setValue] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: left() reads startedAt and seconds.
  useEffect(() => {
    setValue(left());
    const timer = window.setInterval(() => {
      const next = left();
      setValue(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [startedAt, seconds]);
  return value;
}
