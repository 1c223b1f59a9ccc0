// A wait the reader sees count down (a new code, a rate limit): the seconds left until a moment,
// ticking every second while there are any.
import { useEffect, useState } from 'react';

import { secondsUntil } from './oneTimeCode';

/** Seconds until `at` (ms since the epoch; null: no wait), ticking every second while positive. */
export function useSecondsUntil(at: number | null): number {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  // The tick only makes the component count down; the seconds are from the clock at this
  // render, so a wait set long after the last tick (a new code asked for minutes after the step
  // appeared) is right from its first render, not a tick's worth of time too long.
  return secondsUntil(at, Math.max(tick, Date.now()));
}
