// What went wrong with an API call, read from an RTK Query error: the HTTP status (or that the
// server was not reached) and the problem+json `code` the SPA maps to a catalogue message.
export interface CallFailure {
  /** The HTTP status, or null when no answer came (network failure, timeout, bad JSON). */
  readonly status: number | null;
  /** The problem's `code` (e.g. SUBSCRIPTION_STATE_CONFLICT), null when there is none. */
  readonly code: string | null;
}

export function callFailure(error: unknown): CallFailure {
  const raw = error as { status?: unknown; data?: { code?: unknown } } | undefined;
  const status = typeof raw?.status === 'number' ? raw.status : null;
  const code = typeof raw?.data?.code === 'string' ? raw.data.code : null;
  return { status, code };
}

/** The kind of failure a screen words: the catalogue keys follow these names. */
export type FailureKind = 'conflict' | 'not-found' | 'invalid' | 'server' | 'network';

export function failureKind({ status }: CallFailure): FailureKind {
  if (status === null) return 'network';
  if (status === 409) return 'conflict';
  if (status === 404) return 'not-found';
  if (status === 400 || status === 422) return 'invalid';
  return 'server';
}
