// Errors of the domain rules, independent of HTTP. They sit below domain/, payments/ and
// identity/, which all throw them; the handlers' error mapping (http/problem.ts) gives a status.
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'not-found'
  | 'conflict'
  | 'forbidden'
  /** Well-formed but not allowed by the rules (age, a reused idempotency key). */
  | 'unprocessable'
  /** Too many attempts in a window; `RateLimitedError.retryAfter` says how long to wait. */
  | 'rate-limited'
  /** An outside system (identity provider, payment provider) did not answer as it should. */
  | 'upstream';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A rate limit was exceeded; the HTTP answer is 429 with Retry-After: `retryAfter` seconds. */
export class RateLimitedError extends DomainError {
  constructor(
    readonly retryAfter: number,
    message = `Too many attempts. Try again in ${retryAfter} seconds.`,
  ) {
    super('rate-limited', 'RATE_LIMITED', message);
    this.name = 'RateLimitedError';
  }
}
