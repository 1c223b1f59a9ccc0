// The current time, renewed when the first of `moments` (ms since the epoch) has passed, so a
// button that waits for a moment (an invitation that may be sent again from 10:42) comes back
// by itself without polling every second.
import { useEffect, useState } from 'react';

/** Longest a timer is set for at once (browsers cap setTimeout at about 24.8 days). */
const MAX_DELAY = 2 ** 31 - 1;

export function useNowUntil(moments: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = moments.filter((moment) => moment > now).sort((a, b) => a - b)[0];
  useEffect(() => {
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now() + 50, MAX_DELAY));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
