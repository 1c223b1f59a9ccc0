// One way to call a payment provider's JSON API: a timeout on every call, and retries with
// backoff where the providers say a retry is safe (no answer, a timeout, 5xx, 429 — honouring
// Retry-After — and 423), always with the same request, so an idempotency key (Vipps) or
// payeeReference (Swedbank Pay) makes the retry the same operation. Any other 4xx is the
// caller's to read: it is thrown at once with the provider's problem body.

export interface ProviderHttpOptions {
  /** The provider's name in errors and logs. */
  readonly provider: string;
  /** Per attempt; the providers document none (their SDKs: 60–100 s). */
  readonly timeoutMs?: number;
  /** Attempts after the first; 0 turns retries off. */
  readonly retries?: number;
  /** The first wait; doubled for each retry (with up to a quarter of jitter). */
  readonly backoffMs?: number;
  /** The longest wait a Retry-After may ask for before we give up instead. */
  readonly maxRetryAfterMs?: number;
  readonly fetch?: typeof fetch;
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface ProviderResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** A call that did not succeed: a 4xx (`status`), or no good answer after the retries. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number | null,
    /** The provider's problem body (parsed JSON when it was JSON). */
    readonly problem: unknown,
    /** True when the provider did not decide (timeouts, 5xx): the operation may have happened. */
    readonly undecided: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

const retryable = (status: number) => status >= 500 || status === 429 || status === 423;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in milliseconds (seconds or an HTTP date), or null. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

async function parse(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (/json/i.test(type) || /^[\s]*[{[]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function providerHttp(options: ProviderHttpOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;

  return async function call(request: {
    readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    readonly url: string;
    readonly headers?: Record<string, string>;
    readonly body?: unknown;
  }): Promise<ProviderResponse> {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    let last: ProviderError | null = null;
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      let wait = backoffMs * 2 ** attempt * (1 + Math.random() / 4);
      try {
        const response = await doFetch(request.url, {
          method: request.method,
          headers: {
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...request.headers,
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const parsed = await parse(response);
        if (response.ok)
          return { status: response.status, headers: response.headers, body: parsed };
        if (!retryable(response.status))
          throw new ProviderError(
            options.provider,
            response.status,
            parsed,
            false,
            `${options.provider} answered ${response.status} to ${request.method} ${new URL(request.url).pathname}`,
          );
        last = new ProviderError(
          options.provider,
          response.status,
          parsed,
          true,
          `${options.provider} answered ${response.status} to ${request.method} ${new URL(request.url).pathname}`,
        );
        const after = retryAfterMs(response.headers.get('retry-after'));
        if (after !== null) {
          if (after > maxRetryAfterMs) break;
          wait = Math.max(wait, after);
        }
      } catch (error) {
        if (error instanceof ProviderError && !error.undecided) throw error;
        if (!(error instanceof ProviderError))
          last = new ProviderError(
            options.provider,
            null,
            null,
            true,
            `${options.provider} did not answer ${request.method} ${new URL(request.url).pathname}: ${
              (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message
            }`,
          );
      }
      if (attempt < retries) await sleep(wait);
    }
    throw last!;
  };
}

export type ProviderCall = ReturnType<typeof providerHttp>;
