// A 429's Retry-After, which travels in a header RTK Query's error does not carry: the enhanced
// endpoints that can be rate-limited keep it on the error (problem.ts reads it as `retryAfter`).
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** An API error with the seconds of a 429's Retry-After header (null when absent). */
export type RateLimitedError = FetchBaseQueryError & { readonly retryAfter: number | null };

/** `transformErrorResponse` of an endpoint that can answer 429. */
export function withRetryAfter(
  error: FetchBaseQueryError,
  meta: FetchBaseQueryMeta | undefined,
): RateLimitedError {
  const header = meta?.response?.headers.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return { ...error, retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
}
