// The embedded OpenID provider end to end over real HTTP: authorization code + PKCE with
// openid-client as the BFF would run it, our sign-in page, refresh tokens, userinfo, rejected
// clients and redirect URIs, and keys and tokens that survive a restart.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { beforeAll, describe, expect, it } from '@jest/globals';
import * as client from 'openid-client';

import { fixedClock } from '../../src/server/clock';
import { consume } from '../../src/server/domain/rate-limits';
import { clientSecretFor, createIdentityProvider } from '../../src/server/identity/provider';
import { adapterFor, deleteExpiredOidcModels } from '../../src/server/identity/provider-adapter';
import {
  LOGIN_ATTEMPTS_PER_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_WINDOW_S,
} from '../../src/server/identity/provider-plugin';

import { Browser } from './browser';
import { buildTestApp, freePort, TEST_IDP_CLIENT_SECRET, TEST_NOW } from './support';

const CLIENT_ID = 'minside-fvn';
const DEMO_EMAIL = 'digital@demo.minside.no';
const DEMO_PASSWORD = 'minside-demo';

// Picked before the build: the provider's issuer and the redirect URIs name the port.
const port = await freePort();
const issuer = `http://127.0.0.1:${port}/idp`;
const redirectUri = `http://fvn.localhost:${port}/callback`;
const test = buildTestApp({ identityProvider: { port } });
let config: client.Configuration;

beforeAll(async () => {
  await test.app.listen({ port, host: '127.0.0.1' });
  config = await client.discovery(
    new URL(issuer),
    CLIENT_ID,
    undefined,
    client.ClientSecretBasic(clientSecretFor(TEST_IDP_CLIENT_SECRET, CLIENT_ID)),
    { execute: [client.allowInsecureRequests] },
  );
});

interface Started {
  readonly browser: Browser;
  readonly page: Response;
  readonly html: string;
  readonly verifier: string;
  readonly state: string;
  readonly nonce: string;
}

/** Starts an authorization request and lands on the sign-in page. */
async function startSignIn(): Promise<Started> {
  const browser = new Browser(issuer);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid offline_access email profile phone',
    // OpenID Connect Core §11: offline_access is ignored unless prompt includes consent (our
    // title clients are first-party, so the consent step passes without a screen).
    prompt: 'consent',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const authorize = await browser.fetch(url);
  expect(authorize.status).toBe(303);
  const interactionUrl = new URL(authorize.headers.get('location')!, issuer);
  expect(interactionUrl.pathname).toMatch(/^\/idp\/interaction\/[\w-]+$/);
  const page = await browser.fetch(interactionUrl);
  return { browser, page, html: await page.text(), verifier, state, nonce };
}

function formAction(html: string): string {
  const match = /<form method="post" action="([^"]+)">\s*<label for="email">/.exec(html);
  if (!match?.[1]) throw new Error('No sign-in form');
  return new URL(match[1], issuer).href;
}

async function submitLogin(started: Started, fields: Record<string, string>): Promise<Response> {
  return started.browser.fetch(formAction(started.html), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signInAs(email: string, password: string) {
  const started = await startSignIn();
  const login = await submitLogin(started, { email, password });
  expect(login.status).toBe(303);
  const callback = await started.browser.followUntil(login, redirectUri);
  const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
    expectedNonce: started.nonce,
    idTokenExpected: true,
  });
  return { started, tokens };
}

describe('embedded identity provider', () => {
  it('mounts its middleware runner for /idp only: API requests never pass through it', async () => {
    // middie decorates the instance it is registered on with `use`; here that is the provider's
    // own scope, not the root instance every request of the API goes through.
    expect(test.app.hasDecorator('use')).toBe(false);
    expect(test.app.hasPlugin('@fastify/middie')).toBe(false);
    const api = await fetch(`http://127.0.0.1:${port}/api/title/FVN`);
    expect(api.status).toBe(200);
    const unknownInteraction = await fetch(`${issuer}/interaction/x/y/z`, { method: 'POST' });
    expect(unknownInteraction.status).toBe(404);
    expect(unknownInteraction.headers.get('content-type')).toContain('application/problem+json');
  });

  it('publishes discovery with our endpoints, scopes and PKCE S256', async () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(metadata.token_endpoint).toBe(`${issuer}/token`);
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'offline_access', 'email', 'profile', 'phone']),
    );
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic']);
  });

  it('renders an accessible Norwegian sign-in page with the demo users', async () => {
    const { page, html } = await startSignIn();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('<main>');
    expect(html).toContain('<h1>Logg inn</h1>');
    expect(html).toContain('Fædrelandsvennen');
    expect(html).toContain('Dag Digital – abonnent');
    expect(html).toContain('<label for="email">E-post</label>');
    expect(html).toContain('<label for="password">Passord</label>');
    expect(html).not.toMatch(/<script|https?:\/\//);
  });

  it('signs in with e-mail and password and issues tokens, a refresh token and userinfo', async () => {
    const { tokens } = await signInAs(DEMO_EMAIL, DEMO_PASSWORD);

    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      sub: '1000002',
      email: DEMO_EMAIL,
      email_verified: true,
      given_name: 'Dag',
      family_name: 'Digital',
      name: 'Dag Digital',
      phone_number: '+47 400 00 002',
      birthdate: '1979-09-30',
    });
    expect(tokens.expiresIn()).toBeLessThanOrEqual(600);
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'offline_access']));
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const userinfo = await client.fetchUserInfo(config, tokens.access_token, '1000002');
    expect(userinfo).toMatchObject({ sub: '1000002', email: DEMO_EMAIL, given_name: 'Dag' });

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.claims()?.sub).toBe('1000002');
  });

  it('gives no refresh token without offline_access', async () => {
    const browser = new Browser(issuer);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'only-online',
    });
    const authorize = await browser.fetch(url);
    const page = await browser.fetch(new URL(authorize.headers.get('location')!, issuer));
    const login = await browser.fetch(formAction(await page.text()), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
    });
    const callback = await browser.followUntil(login, redirectUri);
    const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: verifier,
      expectedState: 'only-online',
    });
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.claims()).toMatchObject({ sub: '1000002', email: DEMO_EMAIL });
    expect(tokens.claims()?.given_name).toBeUndefined();
  });

  it('signs a demo user in with the demo button (no password outside production)', async () => {
    const started = await startSignIn();
    const login = await submitLogin(started, { email: 'papir@demo.minside.no', demo: '1' });
    expect(login.status).toBe(303);
    const callback = await started.browser.followUntil(login, redirectUri);
    const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
    });
    expect(tokens.claims()?.sub).toBe('1000003');
  });

  it('shows "Feil e-post eller passord." on a wrong password and issues no code', async () => {
    const started = await startSignIn();
    const login = await submitLogin(started, { email: DEMO_EMAIL, password: 'wrong' });
    expect(login.status).toBe(422);
    expect(login.headers.get('location')).toBeNull();
    const html = await login.text();
    expect(html).toMatch(
      /<p id="login-error" class="alert" role="alert">Feil e-post eller passord\.<\/p>/,
    );
    expect(html).toContain(`value="${DEMO_EMAIL}"`);
    expect(html).not.toContain('code=');

    const unknown = await submitLogin(started, { email: 'nobody@example.no', password: 'x' });
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain('Feil e-post eller passord.');

    // The interaction is still open: the right password now completes it.
    const retry = await submitLogin(started, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(retry.status).toBe(303);
  });

  it('stops password tries on one account after 10 failures in 15 minutes, not others', async () => {
    const email = 'ung@demo.minside.no';
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const wrong = await submitLogin(await startSignIn(), { email, password: `feil-${i}` });
      expect(wrong.status).toBe(422);
    }
    // The right password too, without hashing it: the account waits out its window.
    const started = await startSignIn();
    const limited = await submitLogin(started, {
      email: email.toUpperCase(),
      password: DEMO_PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toMatch(
      /For mange forsøk på å logge inn\. Vent (\d+ minutter|ett minutt) og prøv igjen\./,
    );
    expect(html).toContain('role="alert"');
    // Another account is not held up.
    const other = await submitLogin(await startSignIn(), {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
    });
    expect(other.status).toBe(303);
    // The next window: the right password signs in again.
    test.clock.set('2026-03-10T09:15:00+01:00');
    try {
      const later = await submitLogin(await startSignIn(), { email, password: DEMO_PASSWORD });
      expect(later.status).toBe(303);
    } finally {
      test.clock.set(TEST_NOW);
    }
  });

  it('stops every try from an address past its limit before any password is hashed', async () => {
    const now = test.clock.now();
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS; i++)
      await consume(
        test.db,
        'idp-login:127.0.0.1',
        LOGIN_ATTEMPTS_PER_ADDRESS,
        LOGIN_WINDOW_S,
        now,
      );
    try {
      const limited = await submitLogin(await startSignIn(), {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
      });
      expect(limited.status).toBe(429);
    } finally {
      await test.db.query("delete from rate_limits where key = 'idp-login:127.0.0.1'");
    }
  });

  it('refuses a sign-in posted without the interaction cookie or for another interaction', async () => {
    const started = await startSignIn();
    const action = formAction(started.html);
    const body = new URLSearchParams({ email: DEMO_EMAIL, password: DEMO_PASSWORD }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };

    const withoutCookie = await fetch(action, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
    });
    expect(withoutCookie.status).toBe(400);
    expect(await withoutCookie.text()).toContain('Innloggingen er utløpt');

    const otherUid = action.replace(/interaction\/[\w-]+\/login$/, 'interaction/someoneelse/login');
    const mismatch = await started.browser.fetch(otherUid, { method: 'POST', headers, body });
    expect(mismatch.status).toBe(400);
  });

  it('returns access_denied to the client when the user aborts', async () => {
    const started = await startSignIn();
    const abort = await started.browser.fetch(formAction(started.html).replace(/login$/, 'abort'));
    expect(abort.status).toBe(303);
    const callback = new URL(await started.browser.followUntil(abort, redirectUri));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(started.state);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('rejects an unknown client_id', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    url.searchParams.set('client_id', 'minside-unknown');
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('invalid_client');
  });

  it('rejects a redirect_uri that is not registered', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: 'https://evil.example/callback',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('invalid_redirect_uri');
  });

  it('requires PKCE', async () => {
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state: 'no-pkce',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.href.startsWith(redirectUri)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('keeps its keys and tokens across a restart (a second provider on the same database)', async () => {
    const { tokens } = await signInAs(DEMO_EMAIL, DEMO_PASSWORD);
    const firstJwks = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] };
    expect(firstJwks.keys).toHaveLength(1);
    expect(firstJwks.keys[0]).not.toHaveProperty('d');

    const restarted = await createIdentityProvider({
      db: test.db,
      issuer,
      clientSecret: TEST_IDP_CLIENT_SECRET,
      redirectOrigins: { localPorts: [port] },
      // Stored expiry is on the app's clock: the new instance must read it on the same one.
      clock: test.clock,
    });
    const server: Server = createServer(restarted.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const secondJwks = (await (await fetch(`${base}/jwks`)).json()) as typeof firstJwks;
      expect(secondJwks.keys.map((k) => k.kid)).toEqual(firstJwks.keys.map((k) => k.kid));

      // The refresh token issued before the "restart" is accepted by the new instance.
      const basic = Buffer.from(
        `${CLIENT_ID}:${clientSecretFor(TEST_IDP_CLIENT_SECRET, CLIENT_ID)}`,
      ).toString('base64');
      const refresh = await fetch(`${base}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
        }).toString(),
      });
      expect(refresh.status).toBe(200);
      expect(await refresh.json()).toMatchObject({ token_type: 'Bearer' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('provider adapter', () => {
  it('stores, finds, consumes and expires models on its clock', async () => {
    const clock = fixedClock('2026-05-01T12:00:00Z');
    const Adapter = adapterFor(test.db, clock);
    const sessions = new Adapter('Session');
    const codes = new Adapter('AuthorizationCode');

    await sessions.upsert('s1', { uid: 'u1', accountId: '1000002', kind: 'Session' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: '1000002', kind: 'Session' });
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: '1000002' });
    expect(await codes.find('s1')).toBeUndefined();

    await codes.upsert('c1', { grantId: 'g1', kind: 'AuthorizationCode' }, 600);
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBe(Math.floor(clock.now().getTime() / 1000));

    clock.set('2026-05-01T12:01:01Z');
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();
    expect(await codes.find('c1')).toBeDefined();
    expect(await deleteExpiredOidcModels(test.db, clock.now())).toBeGreaterThanOrEqual(1);

    await new Adapter('RefreshToken').upsert('r1', { grantId: 'g1' }, 600);
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await new Adapter('RefreshToken').find('r1')).toBeUndefined();
  });
});
