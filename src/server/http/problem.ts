// Errors as RFC 9457 problem details with a stable machine-readable `code` the SPA maps to a
// catalogue message. Handlers throw `ProblemError`; the error handler turns everything else into
// a problem without leaking stack traces or internals.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { DomainError, type DomainErrorKind, RateLimitedError } from '../errors';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly code: string;
  readonly detail?: string;
  readonly instance?: string;
  readonly errors?: readonly FieldError[];
}

export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: readonly FieldError[],
    /** Seconds for the Retry-After header of a 429. */
    readonly retryAfter?: number,
  ) {
    super(detail ?? title);
    this.name = 'ProblemError';
  }
}

export const notFound = (code: string, detail: string) =>
  new ProblemError(404, code, 'Not Found', detail);
export const forbidden = (detail: string) =>
  new ProblemError(403, 'FORBIDDEN', 'Forbidden', detail);
export const conflict = (code: string, detail: string) =>
  new ProblemError(409, code, 'Conflict', detail);

/**
 * The request target as a valid URI reference (RFC 3986): characters a URI may not hold as they
 * are (`[`, `]`, `{`, `"`, spaces, non-ASCII, a `%` that starts no escape) are percent-encoded.
 */
export function uriReference(target: string): string {
  return target.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?@!$&'()*+,;=%]/gu, (c) =>
    c === '%' ? '%25' : encodeCodePoint(c),
  );
}

function encodeCodePoint(c: string): string {
  try {
    return encodeURIComponent(c);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: U+FFFD
  }
}

export function toProblem(error: ProblemError, instance?: string): Problem {
  return {
    type: `https://minside.no/problems/${error.code.toLowerCase().replaceAll('_', '-')}`,
    title: error.title,
    status: error.status,
    code: error.code,
    ...(error.detail !== undefined ? { detail: error.detail } : {}),
    ...(instance !== undefined ? { instance: uriReference(instance) } : {}),
    ...(error.errors ? { errors: error.errors } : {}),
  };
}

export function sendProblem(reply: FastifyReply, error: ProblemError, instance?: string) {
  if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
  return reply.code(error.status).type(PROBLEM_CONTENT_TYPE).send(toProblem(error, instance));
}

interface AjvLikeError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
}

/** Names the offending field of a schema violation as a dotted path ("address.postalCode"). */
export function fieldOf(error: AjvLikeError): string {
  const segments = error.instancePath.split('/').filter(Boolean);
  const extra =
    (error.params.missingProperty as string | undefined) ??
    (error.params.additionalProperty as string | undefined);
  if (extra !== undefined) segments.push(extra);
  return segments.join('.');
}

function messageOf(error: AjvLikeError): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not allowed';
  return error.message ?? 'is invalid';
}

const clientErrorCodes: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/** Fastify's own request errors (body parsing, routing) by their `code`: our stable codes. */
const frameworkCodes: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BODY_REQUIRED',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_BAD_URL: 'MALFORMED_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/** Fastify's message of these echoes the whole path; the problem's `instance` has it already. */
const frameworkDetails: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The path is not valid percent-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long.',
};

/** At most this many field errors in one answer (a body can hold thousands of bad fields). */
export const MAX_FIELD_ERRORS = 20;

const titles: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
};

const domainStatus: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'rate-limited': 429,
  upstream: 500,
};

/**
 * The error a contract security handler (cookieAuth) threw, out of the router's SecurityError
 * (fastify-openapi-glue exports it as a type only): its problem (401) when it refused, else the
 * failure itself, e.g. of the database, which is a 500 and not a failed login.
 */
function unwrapSecurityError(error: FastifyError | Error): FastifyError | Error {
  const wrapped = (error as { errors?: unknown }).errors;
  if (error.name !== 'Unauthorized' || !Array.isArray(wrapped)) return error;
  const inner = wrapped.filter((e): e is Error => e instanceof Error);
  return inner.find((e) => e instanceof ProblemError) ?? inner[0] ?? error;
}

export function problemFromError(error: FastifyError | Error): ProblemError {
  if (error instanceof ProblemError) return error;
  const unwrapped = unwrapSecurityError(error);
  if (unwrapped !== error) return problemFromError(unwrapped);
  if (error instanceof DomainError) {
    const status = domainStatus[error.kind];
    const errors = error.field ? [{ field: error.field, message: error.message }] : undefined;
    const retryAfter = error instanceof RateLimitedError ? error.retryAfter : undefined;
    return new ProblemError(status, error.code, titles[status]!, error.message, errors, retryAfter);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return validationProblem(fastifyError);
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = frameworkCodes[fastifyError.code] ?? clientErrorCodes[status] ?? 'BAD_REQUEST';
    const errors =
      code === 'BODY_REQUIRED' ? [{ field: 'body', message: 'is required' }] : undefined;
    return new ProblemError(
      status,
      code,
      titles[status] ?? 'Bad Request',
      frameworkDetails[fastifyError.code] ?? fastifyError.message,
      errors,
    );
  }
  return new ProblemError(
    500,
    'INTERNAL_ERROR',
    'Internal Server Error',
    'An unexpected error occurred.',
  );
}

/**
 * Every invalid field of a request part at once (validation runs with allErrors), one error per
 * field, at most MAX_FIELD_ERRORS of them, so a form can show them all after one round trip.
 */
function validationProblem(error: FastifyError): ProblemError {
  const where = error.validationContext ?? 'request';
  const byField = new Map<string, FieldError>();
  for (const v of error.validation ?? []) {
    const field = fieldOf(v as AjvLikeError) || where;
    if (!byField.has(field)) byField.set(field, { field, message: messageOf(v as AjvLikeError) });
  }
  const all = [...byField.values()];
  const errors = all.slice(0, MAX_FIELD_ERRORS);
  const more = all.length - errors.length;
  const detail =
    errors.map((e) => `${where} field "${e.field}" ${e.message}`).join('; ') +
    (more > 0 ? `; and ${more} more` : '');
  return new ProblemError(400, 'VALIDATION_FAILED', 'Bad Request', detail, errors);
}

/**
 * Fastify's `frameworkErrors`: a path that is not valid %-encoding (400) or a path parameter
 * over `maxParamLength` (414), found before any route runs.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const problem = problemFromError(error);
  request.log.info({ code: problem.code, detail: problem.detail }, 'request rejected');
  // No onRequest hook ran (the security headers plugin's): the headers a JSON answer needs.
  reply.headers(BARE_RESPONSE_HEADERS);
  return sendProblem(reply, problem, request.url);
}

/** The security headers of an answer made before any hook runs: JSON that nothing may run. */
const BARE_RESPONSE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;

/**
 * The server's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a
 * request (headers or URL over maxHeaderSize: 431; a timeout: 408; anything else malformed:
 * 400) is answered as problem+json too, then the connection is closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const detail =
    status === 431
      ? 'The request headers or URL are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request is not valid HTTP.';
  const body = JSON.stringify(
    toProblem(new ProblemError(status, clientErrorCodes[status]!, titles[status]!, detail)),
  );
  this.log.info({ code: error.code }, 'client error');
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        Object.entries(BARE_RESPONSE_HEADERS)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        'Connection: close\r\n\r\n' +
        body,
    );
  socket.destroy(error);
}

/** Installs the problem+json error handler and the 404 for unknown /api/ routes. */
export function installProblemHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = problemFromError(error);
    // A failed response leaves nothing half done in the browser: no cookie it had set (a
    // session, a login binding) goes out with a 5xx.
    if (problem.status >= 500) reply.removeHeader('set-cookie');
    if (problem.status >= 500)
      request.log.error({ err: unwrapSecurityError(error) }, 'request failed');
    else request.log.info({ code: problem.code, detail: problem.detail }, 'request rejected');
    return sendProblem(reply, problem, request.url);
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(
    reply,
    notFound('ROUTE_NOT_FOUND', `No API operation ${request.method} ${request.url.split('?')[0]}`),
    request.url,
  );
}

export const problemTitles = titles;
