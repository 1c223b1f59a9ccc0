// Login for the backend-for-frontend: the authorization-code flow with PKCE (S256), state and
// nonce, all generated here. The verifier and nonce never leave the server; the state is bound
// to the browser that started the login by an HttpOnly cookie and can be used once.
// Owns `login_attempts`.
import * as oidc from 'openid-client';

import type { Publication } from '../../shared/publications/types';
import { safeReturnPath } from '../../shared/security/return-url';
import type { Clock } from '../clock';
import { randomToken, sha256 } from '../crypto';
import type { Queryable } from '../db/db';
import { DomainError } from '../errors';

import { LOGIN_SCOPE, type RelyingParty } from './oidc-client';

export const LOGIN_TTL_MS = 10 * 60 * 1000;

export interface StartedLogin {
  readonly loginToken: string;
  readonly state: string;
  readonly authorizeUrl: string;
  /** Value of the HttpOnly cookie that binds this login to the browser. */
  readonly binding: string;
}

/** The state carries the return path and the login token (requirements §4); it is opaque to the IdP. */
export function encodeState(returnUrl: string, loginToken: string): string {
  return Buffer.from(JSON.stringify({ r: returnUrl, t: loginToken })).toString('base64url');
}

export function decodeState(state: string): { returnUrl: string; loginToken: string } | null {
  try {
    const value = JSON.parse(Buffer.from(state, 'base64url').toString('utf8')) as unknown;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { r?: unknown }).r === 'string' &&
      typeof (value as { t?: unknown }).t === 'string'
    ) {
      const { r, t } = value as { r: string; t: string };
      return { returnUrl: safeReturnPath(r), loginToken: t };
    }
  } catch {
    // not our state
  }
  return null;
}

export async function startLogin(
  db: Queryable,
  rp: RelyingParty,
  clock: Clock,
  input: {
    readonly publication: Publication;
    readonly redirectUri: string;
    readonly returnUrl: string | undefined;
    /** The browser's existing login binding, reused so parallel tabs can both log in. */
    readonly binding: string | undefined;
  },
): Promise<StartedLogin> {
  const configuration = await rp.configurationFor(input.publication);
  const loginToken = randomToken();
  // Normalised against the page's own origin (the callback's): only a path on it is kept.
  const returnUrl = safeReturnPath(input.returnUrl, new URL(input.redirectUri).origin);
  const state = encodeState(returnUrl, loginToken);
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const binding = input.binding && input.binding.length >= 32 ? input.binding : randomToken();
  const now = clock.now();
  await db.query(
    `insert into login_attempts (state_hash, binding_hash, title_code, redirect_uri, return_url,
       nonce, code_verifier, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      sha256(state),
      sha256(binding),
      input.publication.titleCode,
      input.redirectUri,
      returnUrl,
      nonce,
      codeVerifier,
      now.toISOString(),
      new Date(now.getTime() + LOGIN_TTL_MS).toISOString(),
    ],
  );
  const authorizeUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: input.redirectUri,
    scope: LOGIN_SCOPE,
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    // offline_access needs consent at the provider (OpenID Connect Core §11).
    prompt: 'consent',
  });
  return { loginToken, state, authorizeUrl: authorizeUrl.href, binding };
}

export interface UserClaims {
  readonly sub: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly name: string;
  readonly phoneNumber: string;
  readonly birthDate: string | null;
  /** The provider says the e-mail address is the reader's (email_verified); absent: not said. */
  readonly emailVerified?: boolean;
}

export interface CompletedLogin {
  readonly claims: UserClaims;
  readonly returnUrl: string;
  readonly titleCode: string;
  readonly idToken: string | undefined;
  readonly refreshToken: string | undefined;
}

interface AttemptRow extends Record<string, unknown> {
  title_code: string;
  redirect_uri: string;
  return_url: string;
  nonce: string;
  code_verifier: string;
}

/**
 * Exchanges the authorization code. The state must be one this server issued, unexpired, not
 * used before, and started in this browser (binding cookie); it is consumed before the exchange
 * so a replay fails even while the first exchange runs. The id token's issuer, audience, nonce
 * and signature are verified by openid-client.
 */
export async function completeLogin(
  db: Queryable,
  rp: RelyingParty,
  clock: Clock,
  input: {
    readonly code: string;
    readonly state: string;
    readonly binding: string | undefined;
    readonly publication: Publication;
  },
): Promise<CompletedLogin> {
  if (!input.binding) {
    throw new DomainError(
      'invalid',
      'LOGIN_STATE_INVALID',
      'The login was not started in this browser',
    );
  }
  const [attempt] = await db.query<AttemptRow>(
    `update login_attempts set consumed_at = $4
      where state_hash = $1 and binding_hash = $2 and consumed_at is null and expires_at > $3
      returning title_code, redirect_uri, return_url, nonce, code_verifier`,
    [
      sha256(input.state),
      sha256(input.binding),
      clock.now().toISOString(),
      clock.now().toISOString(),
    ],
  );
  if (!attempt) {
    throw new DomainError(
      'invalid',
      'LOGIN_STATE_INVALID',
      'Unknown, expired, already used or foreign login state',
    );
  }
  if (attempt.title_code !== input.publication.titleCode) {
    throw new DomainError(
      'invalid',
      'LOGIN_STATE_INVALID',
      'The login was started for another title',
    );
  }
  const configuration = await rp.configurationFor(input.publication);
  // The SPA sends only code and state (requirements §7). The provider's RFC 9207 `iss` parameter is
  // restored from the one issuer this client is configured with, so the mix-up check holds.
  const callback = new URL(attempt.redirect_uri);
  callback.searchParams.set('code', input.code);
  callback.searchParams.set('state', input.state);
  if (configuration.serverMetadata().authorization_response_iss_parameter_supported) {
    callback.searchParams.set('iss', configuration.serverMetadata().issuer);
  }
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: attempt.code_verifier,
      expectedState: input.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new DomainError(
      'unauthenticated',
      'LOGIN_FAILED',
      `The identity provider did not accept the login: ${(error as Error).message}`,
    );
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw new DomainError('unauthenticated', 'LOGIN_FAILED', 'No id token');
  const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const givenName = text(info.given_name ?? idClaims.given_name);
  const familyName = text(info.family_name ?? idClaims.family_name);
  return {
    claims: {
      sub: idClaims.sub,
      email: text(info.email ?? idClaims.email),
      givenName,
      familyName,
      name: text(info.name) || `${givenName} ${familyName}`.trim(),
      phoneNumber: text(info.phone_number),
      birthDate: text(info.birthdate) || null,
      emailVerified: (info.email_verified ?? idClaims.email_verified) === true,
    },
    // Checked again on the way out: a row stored by older code may hold what is refused today.
    returnUrl: safeReturnPath(attempt.return_url, new URL(attempt.redirect_uri).origin),
    titleCode: attempt.title_code,
    idToken: tokens.id_token,
    refreshToken: tokens.refresh_token,
  };
}

/** Retention: login states whose time ran out. Answers how many went. */
export async function deleteExpiredLogins(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query('delete from login_attempts where expires_at < $1 returning 1', [
    now.toISOString(),
  ]);
  return rows.length;
}
