// Fixed-window rate limits kept in the database (`rate_limits`), so every instance counts the
// same attempts. One atomic upsert per attempt: no read-then-write race between instances.
// Owns `rate_limits`.
import type { Queryable } from '../db/db';
import { RateLimitedError } from '../errors';

/**
 * Counts one attempt for `key` in the current window of `windowSeconds`. Returns 0 when the
 * attempt is within `limit`, else the seconds until the window ends (at least 1).
 */
export async function consume(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<number> {
  // The retention job keeps a counter for the longest window only (purgeRateLimits).
  if (windowSeconds > LONGEST_WINDOW_S)
    throw new Error(`A limit's window is at most a day: ${key}`);
  const { start, secondsLeft } = windowOf(windowSeconds, now);
  const [row] = await db.query<{ count: number }>(
    `insert into rate_limits (key, window_start, count) values ($1, $2, 1)
     on conflict (key, window_start) do update set count = rate_limits.count + 1
     returning count`,
    [key, new Date(start).toISOString()],
  );
  return Number(row?.count ?? 0) <= limit ? 0 : secondsLeft;
}

/** Counts one attempt for `key` and refuses it (RateLimitedError, a 429) past `rule.limit`. */
export async function enforceLimit(
  db: Queryable,
  key: string,
  rule: { readonly limit: number; readonly windowSeconds: number },
  now: Date,
): Promise<void> {
  const wait = await consume(db, key, rule.limit, rule.windowSeconds, now);
  if (wait > 0) throw new RateLimitedError(wait);
}

/**
 * Seconds until the current window of `windowSeconds` ends when `key` has reached `limit` in it,
 * else 0. Counts nothing: for limits on failures, counted with `consume` only when they fail.
 */
export async function waitIfReached(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<number> {
  const { start, secondsLeft } = windowOf(windowSeconds, now);
  const [row] = await db.query<{ count: number }>(
    'select count from rate_limits where key = $1 and window_start = $2',
    [key, new Date(start).toISOString()],
  );
  return Number(row?.count ?? 0) < limit ? 0 : secondsLeft;
}

/** The fixed window `now` falls in: its start, and the seconds until it ends (at least 1). */
function windowOf(windowSeconds: number, now: Date) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start, secondsLeft: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

/** The longest window any limit uses: a row older than this counts for nothing. */
export const LONGEST_WINDOW_S = 24 * 3600;

/** Retention: counters whose window ended before `now` minus the longest window. */
export async function purgeRateLimits(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query('delete from rate_limits where window_start < $1 returning 1', [
    new Date(now.getTime() - LONGEST_WINDOW_S * 1000).toISOString(),
  ]);
  return rows.length;
}
