// The one reader of a failed API call (RTK Query's error with the server's problem+json body,
// RFC 9457): the HTTP status (or that no answer came), the problem's stable `code` the SPA maps
// to a catalogue message, the refused request fields, and a 429's Retry-After. Every screen,
// saga and slice reads failures through here; none looks into `error.data` itself.

export interface CallFailure {
  /** The HTTP status, or null when no answer came (network failure, timeout, bad JSON). */
  readonly status: number | null;
  /** The problem's `code` (e.g. SUBSCRIPTION_STATE_CONFLICT), null when there is none. */
  readonly code: string | null;
  /** The request fields the server refused (problem `errors[].field`, dotted), in its order. */
  readonly fields: readonly string[];
  /** Seconds until a rate-limited call may be tried again (429 Retry-After), when known. */
  readonly retryAfter: number | null;
  /**
   * The status as RTK Query gave it: the HTTP status, or its word for a call that got no usable
   * answer ('FETCH_ERROR', 'PARSING_ERROR', 'TIMEOUT_ERROR'); 'FETCH_ERROR' when there was none.
   */
  readonly rawStatus: number | string;
}

type RawError = {
  readonly status?: unknown;
  readonly retryAfter?: unknown;
  readonly data?: { readonly code?: unknown; readonly errors?: unknown };
};

export function callFailure(error: unknown): CallFailure {
  const raw = error as RawError | null | undefined;
  const status = typeof raw?.status === 'number' ? raw.status : null;
  const code = typeof raw?.data?.code === 'string' ? raw.data.code : null;
  const errors = raw?.data?.errors;
  const fields = Array.isArray(errors)
    ? errors
        .map((e) => (e as { field?: unknown } | null)?.field)
        .filter((field): field is string => typeof field === 'string')
    : [];
  const retryAfter = typeof raw?.retryAfter === 'number' ? raw.retryAfter : null;
  const rawStatus =
    typeof raw?.status === 'number' || typeof raw?.status === 'string' ? raw.status : 'FETCH_ERROR';
  return { status, code, fields, retryAfter, rawStatus };
}

/**
 * A failure as the flows keep it in their state (and the screens word it): the status as RTK
 * Query gave it and the code, UNKNOWN when the answer had none.
 */
export interface FlowProblem {
  readonly status: number | string;
  readonly code: string;
}

export function flowProblem(error: unknown): FlowProblem {
  const failure = callFailure(error);
  return { status: failure.rawStatus, code: failure.code ?? 'UNKNOWN' };
}

/** The kind of failure a screen words: the catalogue keys follow these names. */
export type FailureKind = 'conflict' | 'not-found' | 'invalid' | 'server' | 'network';

export function failureKind({ status }: Pick<CallFailure, 'status'>): FailureKind {
  if (status === null) return 'network';
  if (status === 409) return 'conflict';
  if (status === 404) return 'not-found';
  if (status === 400 || status === 422) return 'invalid';
  return 'server';
}

/** What a dispatched endpoint (`putResolve(endpoint.initiate(…))`) resolves with in a saga. */
export type ApiResult<T> = { data?: T; error?: { status?: number | string; data?: unknown } };
