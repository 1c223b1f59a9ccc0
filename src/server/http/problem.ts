// Errors as RFC 9457 problem details with a stable machine-readable `code` the SPA maps to a
// catalogue message. Handlers throw `ProblemError`; the error handler turns everything else into
// a problem without leaking stack traces or internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { DomainError, type DomainErrorKind, RateLimitedError } from '../domain/errors';

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

export function toProblem(error: ProblemError, instance?: string): Problem {
  return {
    type: `https://minside.no/problems/${error.code.toLowerCase().replaceAll('_', '-')}`,
    title: error.title,
    status: error.status,
    code: error.code,
    ...(error.detail !== undefined ? { detail: error.detail } : {}),
    ...(instance !== undefined ? { instance } : {}),
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
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

const titles: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
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

export function problemFromError(error: FastifyError | Error): ProblemError {
  if (error instanceof ProblemError) return error;
  // The contract's security handlers fail with their own problem, wrapped by the router in a
  // SecurityError (fastify-openapi-glue exports it as a type only).
  const wrapped = (error as { errors?: unknown }).errors;
  if (error.name === 'Unauthorized' && Array.isArray(wrapped)) {
    const inner = wrapped.find((e): e is ProblemError => e instanceof ProblemError);
    if (inner) return inner;
  }
  if (error instanceof DomainError) {
    const status = domainStatus[error.kind];
    const errors = error.field ? [{ field: error.field, message: error.message }] : undefined;
    const retryAfter = error instanceof RateLimitedError ? error.retryAfter : undefined;
    return new ProblemError(status, error.code, titles[status]!, error.message, errors, retryAfter);
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const errors = fastifyError.validation.map((v) => {
      const field = fieldOf(v as AjvLikeError);
      return { field: field || fastifyError.validationContext || 'request', message: messageOf(v) };
    });
    const where = fastifyError.validationContext ?? 'request';
    const detail = errors.map((e) => `${where} field "${e.field}" ${e.message}`).join('; ');
    return new ProblemError(400, 'VALIDATION_FAILED', 'Bad Request', detail, errors);
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = clientErrorCodes[status] ?? 'BAD_REQUEST';
    return new ProblemError(status, code, titles[status] ?? 'Bad Request', fastifyError.message);
  }
  return new ProblemError(
    500,
    'INTERNAL_ERROR',
    'Internal Server Error',
    'An unexpected error occurred.',
  );
}

/** Installs the problem+json error handler and the 404 for unknown /api/ routes. */
export function installProblemHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const problem = problemFromError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
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
