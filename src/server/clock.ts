// The clock port: the system clock in production, an injected clock in tests (renewals, expiry).
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still at `iso` until moved; tests use it to cross renewal dates. */
export function fixedClock(iso: string): Clock & { set(iso: string): void } {
  let current = new Date(iso);
  return {
    now: () => new Date(current),
    set(next: string) {
      current = new Date(next);
    },
  };
}
