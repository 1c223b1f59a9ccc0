// A wait the reader sees count down (a new code, a rate limit): the seconds left until a moment,
// ticking every second while there are any.
import { useEffect, useState } from 'react';

import { secondsUntil } from './oneTimeCode';

/** Seconds until `at` (ms since the epoch; null: no wait), ticking every second while positive. */
export function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return secondsUntil(at, now);
}
