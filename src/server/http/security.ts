// Request security of the API: the session behind the cookie, the title of the request's host,
// CSRF defence for state-changing calls, and the ownership checks every id goes through.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { getPublication, titleCodeForOrigin } from '../../shared/publications/registry';
import type { Publication } from '../../shared/publications/types';
import { findSession, recordSecurityEvent, type Session } from '../identity/sessions';

import { parseCookies, serializeCookie } from './cookies';
import { ProblemError } from './problem';

/** Sent by the SPA on every call (baseApi.ts); a cross-site form or image cannot set it. */
export const CSRF_HEADER = 'x-minside-request';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session, once `loadSession` has run for this request (undefined before). */
    minsideSession?: Session | null;
    /** The unparsed JSON body, kept only where a signature covers it (the payment callback). */
    rawBody?: string;
  }
}

const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/** `__Host-` binds the cookie to this exact host over HTTPS; plain HTTP (local) cannot use it. */
export const sessionCookieName = (request: FastifyRequest) =>
  isHttps(request) ? '__Host-minside' : 'minside';
export const loginCookieName = (request: FastifyRequest) =>
  isHttps(request) ? '__Host-minside-login' : 'minside-login';

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return parseCookies(request.headers.cookie).get(name);
}

export function setCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  name: string,
  value: string,
  maxAgeSeconds?: number,
) {
  const cookie = serializeCookie(name, value, {
    secure: isHttps(request),
    sameSite: 'Lax',
    ...(maxAgeSeconds !== undefined ? { maxAgeSeconds } : {}),
  });
  // Fastify appends every set-cookie header to the ones already set: one call, one cookie.
  reply.header('set-cookie', cookie);
}

export const clearCookie = (reply: FastifyReply, request: FastifyRequest, name: string) =>
  setCookie(reply, request, name, '', 0);

/** The origin the browser used, e.g. http://fvn.localhost:8080. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The title of the request's host (spec: the title code comes from the page origin). */
export function publicationForRequest(request: FastifyRequest): Publication {
  return getPublication(titleCodeForOrigin(requestOrigin(request)));
}

export async function loadSession(request: FastifyRequest): Promise<Session | null> {
  if (request.minsideSession !== undefined) return request.minsideSession;
  const { db, clock } = request.server.services;
  const session = await findSession(db, clock, readCookie(request, sessionCookieName(request)));
  request.minsideSession = session;
  return session;
}

export async function requireSession(request: FastifyRequest): Promise<Session> {
  const session = await loadSession(request);
  if (!session) {
    throw new ProblemError(401, 'UNAUTHENTICATED', 'Unauthorized', 'Log in to continue.');
  }
  return session;
}

/** The contract's `cookieAuth` scheme. */
export const securityHandlers = {
  async cookieAuth(request: FastifyRequest) {
    await requireSession(request);
  },
};

export async function forbid(request: FastifyRequest, detail: string): Promise<never> {
  const session = request.minsideSession;
  request.log.warn({ spidId: session?.spidId, url: request.url }, `forbidden: ${detail}`);
  await recordSecurityEvent(
    request.server.services.db,
    'forbidden',
    `${request.method} ${request.url}: ${detail}`,
    session?.spidId,
  );
  throw new ProblemError(403, 'FORBIDDEN', 'Forbidden', 'This belongs to another user.');
}

/** Throws 403 unless `ariaAccountNo` is the session user's own account. */
export async function requireOwnAccount(
  request: FastifyRequest,
  ariaAccountNo: string,
): Promise<void> {
  const session = await requireSession(request);
  if (session.account?.ariaAccountNo !== ariaAccountNo) {
    await forbid(request, `account ${ariaAccountNo} is not the session's`);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const PAYMENT_CALLBACK_PATH = '/api/payments/callback';

/**
 * CSRF defence: a state-changing /api/ call must carry the SPA's custom header and come from
 * this same origin. Browsers always send Origin on such requests; a missing one is refused.
 */
export function installCsrfDefence(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // The provider's server-to-server callback carries a signature instead (handlers/order.ts).
    if (request.url === PAYMENT_CALLBACK_PATH) return;
    const origin = request.headers.origin;
    const problem =
      request.headers[CSRF_HEADER] === undefined
        ? `missing ${CSRF_HEADER} header`
        : !origin
          ? 'missing Origin header'
          : origin !== requestOrigin(request)
            ? `cross-origin request from ${origin}`
            : null;
    if (!problem) return;
    request.log.warn({ url: request.url, origin }, `csrf rejected: ${problem}`);
    await recordSecurityEvent(
      request.server.services.db,
      'csrf-rejected',
      `${request.method} ${request.url}: ${problem}`,
    );
    throw new ProblemError(
      403,
      'CSRF_REJECTED',
      'Forbidden',
      'The request did not come from Min Side.',
    );
  });
}
