// Identity handlers of the backend-for-frontend: the session bootstrap, login start and
// completion, and logout. Tokens stay on the server; the browser gets an HttpOnly cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';

import { findPublication } from '../../shared/publications/registry';
import type { Publication } from '../../shared/publications/types';
import { sha256 } from '../crypto';
import { ensureAccount } from '../domain/accounts/accounts';
import { birthDateFrom } from '../domain/accounts/identityFields';
import { overviewView, sessionOverviewRead } from '../domain/subscriptions/overview';
import { DomainError } from '../errors';
import type { Handlers, Op } from '../http/operations';
import {
  clearCookie,
  loadSession,
  loadSessionWith,
  loginCookieName,
  publicationForRequest,
  readCookie,
  requestOrigin,
  requireSession,
  sessionCookieName,
  setCookie,
} from '../http/security';
import { completeLogin, LOGIN_TTL_MS, startLogin, type UserClaims } from '../identity/login';
import {
  createSession,
  deleteSession,
  endSession,
  recordSecurityEvent,
  SESSION_ABSOLUTE_MS,
} from '../identity/sessions';

function userOf(claims: UserClaims) {
  return {
    schibstedId: claims.sub,
    // A pseudonymous id for analytics, stable per user, that is not the identity id itself.
    sp_id: `sdrn:minside:user:${Buffer.from(claims.sub).toString('base64url')}`,
    displayName: claims.name || claims.email,
    givenName: claims.givenName,
    familyName: claims.familyName,
    phoneNumber: claims.phoneNumber,
    email: claims.email,
    birthDate: claims.birthDate,
  };
}

/**
 * GET /api/session's answer and the session it was read for (null signed out): the page's
 * first screen (first-screen.ts) reads more of that reader with it.
 */
export async function readSessionView(request: FastifyRequest, publication: Publication) {
  // The session, its account, the home page's subscription with what it needs (next charge,
  // unpaid invoices, the right of withdrawal) and the profile's birth date: one statement, so
  // the first screen after sign-in needs no other request.
  const found = await loadSessionWith(
    request,
    sessionOverviewRead(publication.titleCode, request.server.services.clock.now()),
  );
  if (!found) {
    const view = {
      authenticated: false,
      user: null,
      account: null,
      subscription: null,
      titleCode: publication.titleCode,
    };
    return { session: null, view };
  }
  const { session } = found;
  const [overview, profileBirthDate] = found.value;
  const view = {
    authenticated: true,
    // The birth date that decides age rules: the provider's, else the one given on the profile.
    user: {
      ...userOf(session.claims),
      birthDate: birthDateFrom(session.claims.birthDate, profileBirthDate),
    },
    account: session.account,
    subscription: overview && overviewView(overview),
    titleCode: publication.titleCode,
  };
  return { session, view };
}

const sessionView = async (request: FastifyRequest, publication: Publication) =>
  (await readSessionView(request, publication)).view;

async function handleCallback(request: Op<'handleCode' | 'handleLoginToken'>, reply: FastifyReply) {
  const { code, state } = request.body;
  const { db, clock, rp } = request.server.services;
  const publication = publicationForRequest(request);
  const binding = readCookie(request, loginCookieName(request));
  let login;
  try {
    login = await completeLogin(db, rp, clock, { code, state, binding, publication });
  } catch (error) {
    if (error instanceof DomainError) {
      request.log.warn(
        { code: error.code, title: publication.titleCode },
        `login rejected: ${error.message}`,
      );
      await recordSecurityEvent(
        db,
        error.code === 'LOGIN_FAILED' ? 'login-failed' : 'login-state-rejected',
        error.message,
      );
      if (error.code === 'LOGIN_FAILED') {
        // The provider's reason is logged above, not told to the browser.
        throw new DomainError(
          'unauthenticated',
          'LOGIN_FAILED',
          'The login could not be completed. Try again.',
        );
      }
    }
    throw error;
  }
  const account = await ensureAccount(db, login.claims.sub, login.titleCode);
  // A new session id at every login (no fixation); the old session, if any, ends.
  const previous = await loadSession(request);
  if (previous) await deleteSession(db, previous.idHash);
  const { tokens } = request.server.services;
  const sealedIdToken = login.idToken ? tokens.seal(login.idToken) : undefined;
  const sessionId = await createSession(db, clock, {
    spidId: login.claims.sub,
    titleCode: login.titleCode,
    claims: login.claims,
    sealedIdToken,
    sealedRefreshToken: login.refreshToken ? tokens.seal(login.refreshToken) : undefined,
  });
  setCookie(reply, request, sessionCookieName(request), sessionId, SESSION_ABSOLUTE_MS / 1000);
  clearCookie(reply, request, loginCookieName(request));
  request.minsideSession = {
    idHash: sha256(sessionId),
    spidId: login.claims.sub,
    account,
    titleCode: login.titleCode,
    claims: login.claims,
    sealedIdToken: sealedIdToken ?? null,
  };
  request.log.info({ spidId: login.claims.sub, title: login.titleCode }, 'login completed');
  return { returnUrl: login.returnUrl, session: await sessionView(request, publication) };
}

/**
 * requirements §4: after logout the browser lands on the title's own page (e.g. https://www.fvn.no/),
 * locally too: Min Side's home page would only send a logged-out reader to the sign-in page.
 */
const logoutTarget = (publication: Publication): string => `${publication.baseUrl}/`;

export const handlers: Handlers = {
  async getSession(request, reply) {
    reply.header('cache-control', 'no-store');
    return sessionView(request, publicationForRequest(request));
  },

  async getLoginToken(request, reply) {
    const { db, clock, rp } = request.server.services;
    const publication = publicationForRequest(request);
    const started = await startLogin(db, rp, clock, {
      publication,
      redirectUri: `${requestOrigin(request)}/callback`,
      returnUrl: request.query.returnUrl,
      binding: readCookie(request, loginCookieName(request)),
    });
    setCookie(reply, request, loginCookieName(request), started.binding, LOGIN_TTL_MS / 1000);
    reply.header('cache-control', 'no-store');
    return {
      loginToken: started.loginToken,
      state: started.state,
      authorizeUrl: started.authorizeUrl,
    };
  },

  handleCode: handleCallback,
  // The same verified exchange; kept as its own operation for the identity SDK's callers.
  handleLoginToken: handleCallback,

  async logout(request, reply) {
    const session = await requireSession(request);
    const { db, rp, tokens } = request.server.services;
    const sealedRefreshToken = await endSession(db, session.idHash);
    clearCookie(reply, request, sessionCookieName(request));
    request.log.info({ spidId: session.spidId }, 'logged out');
    const publication = findPublication(session.titleCode) ?? publicationForRequest(request);
    const target = logoutTarget(publication);
    // End the provider's session too (OpenID RP-initiated logout), or the next login would be
    // silent: the provider returns the browser to the title's page afterwards.
    // The refresh token is revoked at the provider (RFC 7009) where it offers that: a copy of
    // it is worth nothing after logout.
    const refreshToken = sealedRefreshToken ? tokens.open(sealedRefreshToken) : null;
    if (refreshToken)
      await rp.revokeRefreshToken(publication, refreshToken).catch((error: unknown) => {
        request.log.warn(
          { err: error },
          'revocation at the provider failed; its grant ends with its lifetime',
        );
      });
    const idToken = session.sealedIdToken ? tokens.open(session.sealedIdToken) : null;
    const endSessionUrl = idToken
      ? await rp.endSessionUrl(publication, idToken, target).catch((error: unknown) => {
          request.log.warn({ err: error }, 'provider logout unavailable; local logout only');
          return null;
        })
      : null;
    return { redirectUrl: endSessionUrl ?? target };
  },
};
