// Request security of the API: the session behind the cookie, the title of the request's host,
// CSRF defence for state-changing calls, and the ownership checks every id goes through.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { getPublication, titleCodeForOrigin } from '../../shared/publications/registry';
import type { Publication } from '../../shared/publications/types';
import { type AccountRead, readAccount } from '../db/reads';
import {
  findSession,
  findSessionWith,
  recordSecurityEvent,
  type Session,
} from '../identity/sessions';
import { verifySignature } from '../payments/signature';
import { verifyVippsWebhook } from '../payments/vipps';

import { parseCookies, serializeCookie } from './cookies';
import type { Op, OperationId } from './operations';
import { ProblemError } from './problem';

/** Sent by the SPA on every call (baseApi.ts); a cross-site form or image cannot set it. */
export const CSRF_HEADER = 'x-minside-request';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session, once `loadSession` has run for this request (undefined before). */
    minsideSession?: Session | null;
    /** What the operation read with the session (requireSessionWith), once it has. */
    minsideRead?: { readonly operation: object; readonly value: unknown };
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

const unauthenticated = () =>
  new ProblemError(401, 'UNAUTHENTICATED', 'Unauthorized', 'Log in to continue.');

export async function requireSession(request: FastifyRequest): Promise<Session> {
  const session = await loadSession(request);
  if (!session) throw unauthenticated();
  return session;
}

/**
 * The session and what the request reads of the session's own account, in one statement
 * (findSessionWith). When the session was loaded already (the login that has just created it),
 * the read runs on its own. Null without a live session.
 */
export async function loadSessionWith<T>(
  request: FastifyRequest,
  read: AccountRead<T>,
): Promise<{ readonly session: Session; readonly value: T } | null> {
  const { db, clock } = request.server.services;
  const loaded = request.minsideSession;
  if (loaded !== undefined) {
    return (
      loaded && {
        session: loaded,
        value: await readAccount(db, read, loaded.account?.ariaAccountNo ?? null),
      }
    );
  }
  const found = await findSessionWith(
    db,
    clock,
    readCookie(request, sessionCookieName(request)),
    read,
  );
  request.minsideSession = found?.session ?? null;
  return found;
}

/**
 * What a protected operation reads of the session's account with the session. The contract's
 * cookieAuth check (securityHandlersWith) makes the lookup with the read, so the session, its
 * account and the read are one statement; the handler takes both with requireSessionWith.
 */
export interface OperationRead<Id extends OperationId, T> {
  readonly operationId: Id;
  read(request: Op<Id>): AccountRead<T>;
}

export const operationRead = <Id extends OperationId, T>(
  operationId: Id,
  read: (request: Op<Id>) => AccountRead<T>,
): OperationRead<Id, T> => ({ operationId, read });

/** Any operation's read, as the cookieAuth check keeps them. */
export interface SomeOperationRead {
  readonly operationId: OperationId;
  read(request: never): AccountRead<unknown>;
}

/** The live session (else 401) and what `operation` reads with it, read once per request. */
export async function requireSessionWith<Id extends OperationId, T>(
  request: Op<Id>,
  operation: OperationRead<Id, T>,
): Promise<{ readonly session: Session; readonly value: T }> {
  const done = request.minsideRead;
  if (done?.operation === operation && request.minsideSession) {
    return { session: request.minsideSession, value: done.value as T };
  }
  const found = await loadSessionWith(request, operation.read(request));
  if (!found) throw unauthenticated();
  request.minsideRead = { operation, value: found.value };
  return found;
}

/**
 * The contract's security schemes. `cookieAuth`: a live session, else 401; an operation with a
 * read of its own (`reads`) makes it with the same statement. `csrfHeader`: the SPA's header from
 * its own origin, else 403 (the onRequest hook of installCsrfDefence refuses such a request
 * before its body is read; this is the operation's own check of the same rule, so an operation
 * the contract marks can never be reached without it). `paymentSignature`: the provider's HMAC
 * of the raw body, else 401.
 */
export function securityHandlersWith(reads: readonly SomeOperationRead[]) {
  const byOperation = new Map<string, SomeOperationRead>(
    reads.map((read) => [read.operationId, read]),
  );
  return {
    csrfHeader: refuseCrossSite,

    async paymentSignature(request: FastifyRequest) {
      const { db, clock, paymentCallbackSecret } = request.server.services;
      const check = verifySignature(
        paymentCallbackSecret,
        // The contract has validated it as one header (a repeated one is refused).
        [request.headers['payment-signature']].flat()[0],
        request.rawBody ?? '',
        clock.now().getTime() / 1000,
      );
      if (check.valid) return;
      await recordSecurityEvent(db, 'payment-callback-rejected', `signature ${check.reason}`);
      throw new ProblemError(
        401,
        'INVALID_SIGNATURE',
        'Unauthorized',
        'The callback signature is not valid.',
      );
    },

    async vippsSignature(request: FastifyRequest) {
      const { db, clock, vippsWebhook } = request.server.services;
      const header = (name: string) => [request.headers[name]].flat()[0];
      const registered = vippsWebhook ? new URL(vippsWebhook.url) : null;
      const check = registered
        ? verifyVippsWebhook(
            vippsWebhook!.secret,
            {
              // What Vipps signed: the registered URL's path and host (a proxy may rewrite ours).
              pathAndQuery: registered.pathname + registered.search,
              host: registered.host,
              date: header('x-ms-date'),
              contentSha256: header('x-ms-content-sha256'),
              authorization: header('authorization') ?? header('x-vipps-authorization'),
              rawBody: request.rawBody ?? '',
            },
            clock.now(),
          )
        : ({ valid: false, reason: 'not configured' } as const);
      if (check.valid) return;
      await recordSecurityEvent(db, 'payment-callback-rejected', `vipps webhook ${check.reason}`);
      throw new ProblemError(
        401,
        'INVALID_SIGNATURE',
        'Unauthorized',
        'The webhook signature is not valid.',
      );
    },

    async cookieAuth(request: FastifyRequest) {
      const { operationId } = (request.routeOptions.schema ?? {}) as { operationId?: string };
      const read = operationId === undefined ? undefined : byOperation.get(operationId);
      // Fastify has validated the request against this operation of the contract.
      if (read) {
        await requireSessionWith(
          request as Op<OperationId>,
          read as OperationRead<OperationId, unknown>,
        );
      } else await requireSession(request);
    },
  };
}

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
export const VIPPS_WEBHOOK_PATH = '/api/payments/vipps/webhook';
export const SWEDBANK_PAY_CALLBACK_PATH = '/api/payments/swedbankpay/callback';

/** The providers' server-to-server calls: no session, no CSRF header (signed, or only a hint). */
const PROVIDER_PATHS: ReadonlySet<string> = new Set([
  PAYMENT_CALLBACK_PATH,
  VIPPS_WEBHOOK_PATH,
  SWEDBANK_PAY_CALLBACK_PATH,
]);

/** Requests whose raw body is kept: their signature covers the bytes. */
export const RAW_BODY_PATHS: ReadonlySet<string> = new Set([
  PAYMENT_CALLBACK_PATH,
  VIPPS_WEBHOOK_PATH,
]);

/**
 * CSRF defence: a state-changing /api/ call must carry the SPA's custom header and come from
 * this same origin. Browsers always send Origin on such requests; a missing one is refused.
 */
export function installCsrfDefence(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // The provider's server-to-server callback carries a signature instead (paymentSignature).
    if (PROVIDER_PATHS.has(request.url)) return;
    await refuseCrossSite(request);
  });
}

/** Why a state-changing request is not the SPA's own (header or origin), or null when it is. */
function crossSiteReason(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  return request.headers[CSRF_HEADER] === undefined
    ? `missing ${CSRF_HEADER} header`
    : !origin
      ? 'missing Origin header'
      : origin !== requestOrigin(request)
        ? `cross-origin request from ${origin}`
        : null;
}

async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  const problem = crossSiteReason(request);
  if (!problem) return;
  request.log.warn(
    { url: request.url, origin: request.headers.origin },
    `csrf rejected: ${problem}`,
  );
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
}
