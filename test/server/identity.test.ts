// The backend-for-frontend's login end to end: GET loginToken → the embedded provider's sign-in
// page over real HTTP → POST handlecode → a session cookie. Then the rules: single-use state,
// bound to the browser, unaltered, for this title; no tokens to the browser; logout and
// timeouts end the session; the first login creates the account.
import { createHash } from 'node:crypto';

import { beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';

import { sha256 } from '../../src/server/crypto';
import { RelyingParty } from '../../src/server/identity/oidc-client';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/server/identity/sessions';
import { getPublication } from '../../src/shared/publications/registry';

import { Browser } from './browser';
import { buildTestApp, freePort, TEST_NOW } from './support';

// Picked before the build: the provider's issuer and the redirect URIs name the port.
const port = await freePort();
const host = `fvn.localhost:${port}`;
// Behind the TLS-terminating proxy on this machine (TRUST_PROXY=loopback).
const t = buildTestApp({ identityProvider: { port }, config: { trustProxy: ['loopback'] } });
beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
});

const cookieValue = (response: LightMyRequestResponse, name: string) => {
  const raw = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${name}=`));
  return raw?.split(';')[0]?.slice(name.length + 1);
};

/** The SPA's calls on the title's host, with whatever cookies the browser holds for it. */
function spa(cookies: Record<string, string | undefined>, titleHost = host) {
  const cookie = Object.entries(cookies)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const headers = {
    host: titleHost,
    origin: `http://${titleHost}`,
    'x-minside-request': '1',
    cookie,
  };
  return {
    get: (url: string) => t.app.inject({ url, headers }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
  };
}

interface LoginStart {
  readonly binding: string;
  readonly state: string;
  readonly loginToken: string;
  readonly authorizeUrl: string;
}

async function startLogin(returnUrl = '/', titleHost = host): Promise<LoginStart> {
  const response = await spa({}, titleHost).get(
    `/api/loginToken?returnUrl=${encodeURIComponent(returnUrl)}`,
  );
  expect(response.statusCode).toBe(200);
  const binding = cookieValue(response, 'minside-login');
  expect(binding).toBeTruthy();
  expect([response.headers['set-cookie']].flat().join()).toContain('HttpOnly');
  return { binding: binding!, ...(response.json() as Omit<LoginStart, 'binding'>) };
}

/** The browser part: the provider's sign-in page, then the redirect back to /callback. */
async function signInAtProvider(start: LoginStart, email: string, password = 'minside-demo') {
  const browser = new Browser(`http://127.0.0.1:${port}`);
  const authorize = await browser.fetch(start.authorizeUrl);
  const page = await browser.fetch(new URL(authorize.headers.get('location')!, start.authorizeUrl));
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">\s*<label for="email">/.exec(html)?.[1];
  const login = await browser.fetch(new URL(action!, start.authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const callback = new URL(await browser.followUntil(login, `http://${host.split(':')[0]}`));
  return {
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    callback,
  };
}

async function login(email: string, returnUrl = '/') {
  const start = await startLogin(returnUrl);
  const { code, state } = await signInAtProvider(start, email);
  const response = await spa({ 'minside-login': start.binding }).post('/api/handlecode', {
    code,
    state,
  });
  return { start, code, state, response, session: cookieValue(response, 'minside') };
}

describe('login', () => {
  it('starts with state, nonce and PKCE made by the server, scope openid offline_access', async () => {
    const start = await startLogin('/fakturaoversikt?x=1#top');
    const url = new URL(start.authorizeUrl);
    expect(url.origin + url.pathname).toBe(`http://127.0.0.1:${port}/idp/auth`);
    expect(url.searchParams.get('client_id')).toBe('minside-fvn');
    expect(url.searchParams.get('redirect_uri')).toBe(`http://${host}/callback`);
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'offline_access']),
    );
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('state')).toBe(start.state);
    const carried = JSON.parse(Buffer.from(start.state, 'base64url').toString()) as {
      r: string;
      t: string;
    };
    expect(carried).toEqual({ r: '/fakturaoversikt?x=1#top', t: start.loginToken });
  });

  it('completes at /callback: a session cookie, the return path, the session — and no tokens', async () => {
    const { response, session } = await login(
      'digital@demo.minside.no',
      '/fakturaoversikt?x=1#top',
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.returnUrl).toBe('/fakturaoversikt?x=1#top');
    expect(body.session).toMatchObject({
      authenticated: true,
      titleCode: 'FVN',
      user: { schibstedId: '1000002', givenName: 'Dag', email: 'digital@demo.minside.no' },
      account: { spidId: '1000002' },
      subscription: { titleCode: 'FVN', status: 'ACTIVE' },
    });
    expect(response.body).not.toMatch(/eyJ[\w-]+\.eyJ/); // no JWT of any kind
    const setCookie = [response.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/minside=[\w-]{40,}; Path=\/; HttpOnly; SameSite=Lax/);
    expect(setCookie).toMatch(/minside-login=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    const me = await spa({ minside: session }).get('/api/session');
    expect(me.json()).toMatchObject({ authenticated: true, user: { schibstedId: '1000002' } });
    // Hashed here, not with the product's helper, so a changed hashing shows.
    expect(session).toEqual(expect.any(String));
    const expectedHash = createHash('sha256').update(session!).digest('base64url');
    const stored = await t.db.query<{ id_hash: string; spid_id: string }>(
      'select id_hash, spid_id from sessions where id_hash = $1',
      [expectedHash],
    );
    expect(stored).toHaveLength(1);
    expect(stored).toEqual([{ id_hash: expectedHash, spid_id: '1000002' }]);
    expect(await t.db.query('select 1 from sessions where id_hash = $1', [session])).toEqual([]);
    expect(stored[0]?.id_hash).not.toBe(session);
  });

  it('creates the account at the first login: balance 0, identity id, this title', async () => {
    expect(await t.db.query(`select 1 from accounts where spid_id = '1000001'`)).toEqual([]);
    const { response } = await login('ingen@demo.minside.no');
    expect(response.statusCode).toBe(200);
    expect(response.json().session).toMatchObject({
      account: { spidId: '1000001', accountBalance: 0, firstTitleCode: 'FVN' },
      subscription: null,
    });
  });

  it('refuses a replayed state and code', async () => {
    const { start, code, state, response } = await login('papir@demo.minside.no');
    expect(response.statusCode).toBe(200);
    const replay = await spa({ 'minside-login': start.binding }).post('/api/handlecode', {
      code,
      state,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'LOGIN_STATE_INVALID' });
    expect(cookieValue(replay, 'minside')).toBeUndefined();
  });

  it('refuses a state from another browser, or with no login cookie', async () => {
    const start = await startLogin();
    const { code, state } = await signInAtProvider(start, 'papir@demo.minside.no');
    const otherBrowser = await startLogin();
    const foreign = await spa({ 'minside-login': otherBrowser.binding }).post('/api/handlecode', {
      code,
      state,
    });
    expect(foreign.json()).toMatchObject({ code: 'LOGIN_STATE_INVALID' });
    const none = await spa({}).post('/api/handlecode', { code, state });
    expect(none.json()).toMatchObject({ code: 'LOGIN_STATE_INVALID' });
    // …and the real browser still can (a failed attempt does not burn the state).
    const real = await spa({ 'minside-login': start.binding }).post('/api/handlecode', {
      code,
      state,
    });
    expect(real.statusCode).toBe(200);
  });

  it('refuses an altered state (a different return url inside it)', async () => {
    const start = await startLogin('/');
    const { code, state } = await signInAtProvider(start, 'papir@demo.minside.no');
    const carried = JSON.parse(Buffer.from(state, 'base64url').toString()) as {
      r: string;
      t: string;
    };
    const altered = Buffer.from(JSON.stringify({ ...carried, r: '/endre-profil' })).toString(
      'base64url',
    );
    const response = await spa({ 'minside-login': start.binding }).post('/api/handlecode', {
      code,
      state: altered,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'LOGIN_STATE_INVALID' });
  });

  it('refuses a state started for another title', async () => {
    const start = await startLogin('/', `adr.localhost:${port}`);
    const response = await spa({ 'minside-login': start.binding }).post('/api/handlecode', {
      code: 'whatever',
      state: start.state,
    });
    expect(response.json()).toMatchObject({ code: 'LOGIN_STATE_INVALID' });
  });

  it('gives no session when the id token does not carry our nonce', async () => {
    const start = await startLogin();
    const { code, state } = await signInAtProvider(start, 'papir@demo.minside.no');
    await t.db.query(
      `update login_attempts set nonce = 'not-the-nonce-we-sent' where consumed_at is null`,
    );
    const response = await spa({ 'minside-login': start.binding }).post('/api/handlecode', {
      code,
      state,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'LOGIN_FAILED' });
    expect(response.body).not.toContain('nonce'); // the reason is logged, not told
    expect(cookieValue(response, 'minside')).toBeUndefined();
    const events = await t.db.query(`select 1 from security_events where kind = 'login-failed'`);
    expect(events.length).toBeGreaterThan(0);
  });

  it.each([
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    // Dot segments that the URL parser collapses into another origin (item 4).
    ['/.//evil.example', '/'],
    ['/..//evil.example', '/'],
    ['/%2e%2e//evil.example', '/'],
    ['/a/..//evil.example', '/'],
    ['/%2e/%2fevil.example', '/'],
    ['/mitt-innhold?tab=2#x', '/mitt-innhold?tab=2#x'],
  ])('turns the return target %s into %s', async (returnUrl, expected) => {
    const start = await startLogin(returnUrl);
    const carried = JSON.parse(Buffer.from(start.state, 'base64url').toString()) as { r: string };
    expect(carried.r).toBe(expected);
    const [stored] = await t.db.query<{ return_url: string }>(
      'select return_url from login_attempts where state_hash = $1',
      [sha256(start.state)],
    );
    expect(stored?.return_url).toBe(expected);
  });

  it.each(['/.//evil.example', '/a/..//evil.example', '/%2e/%2fevil.example'])(
    'completes the login of %s with a valid answer that returns to /',
    async (returnUrl) => {
      const { response } = await login('papir@demo.minside.no', returnUrl);
      // Before: stored as //evil.example, a 500 (response validation) that still set a cookie.
      expect(response.statusCode).toBe(200);
      expect(response.json().returnUrl).toBe('/');
    },
  );

  it('never hands out a return target stored by older code that is not a path here', async () => {
    const start = await startLogin('/');
    const { code, state } = await signInAtProvider(start, 'papir@demo.minside.no');
    await t.db.query(
      `update login_attempts set return_url = '//evil.example' where consumed_at is null`,
    );
    const response = await spa({ 'minside-login': start.binding }).post('/api/handlecode', {
      code,
      state,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().returnUrl).toBe('/');
  });

  it('sets the session cookie once, and clears the login cookie once', async () => {
    const { response } = await login('papir@demo.minside.no');
    const cookies = [response.headers['set-cookie'] ?? []].flat();
    expect(cookies.filter((c) => c.startsWith('minside='))).toHaveLength(1);
    expect(cookies.filter((c) => c.startsWith('minside-login='))).toHaveLength(1);
    expect(cookies).toHaveLength(2);
  });
});

describe('cookies over HTTPS', () => {
  it('uses the __Host- prefix and Secure behind an HTTPS proxy', async () => {
    const response = await t.app.inject({
      url: '/api/loginToken?returnUrl=/',
      headers: { host: 'minside.fvn.no', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    const cookie = [response.headers['set-cookie']].flat().join();
    expect(cookie).toMatch(
      /^__Host-minside-login=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=600$/,
    );
    const url = new URL((response.json() as { authorizeUrl: string }).authorizeUrl);
    expect(url.searchParams.get('redirect_uri')).toBe('https://minside.fvn.no/callback');
  });
});

describe('session', () => {
  it('logout deletes the session server-side and clears the cookie', async () => {
    const { session } = await login('ung@demo.minside.no');
    const out = await spa({ minside: session }).post('/api/logout');
    expect(out.statusCode).toBe(200);
    // The provider's session ends too (RP-initiated logout), then to the title's own page
    // (requirements §4), locally too: Min Side itself would only ask for the password again.
    const redirect = new URL((out.json() as { redirectUrl: string }).redirectUrl);
    expect(redirect.origin + redirect.pathname).toBe(`http://127.0.0.1:${port}/idp/session/end`);
    expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe('https://www.fvn.no/');
    expect(redirect.searchParams.get('id_token_hint')).toBeTruthy();
    expect([out.headers['set-cookie']].flat().join()).toMatch(/minside=; .*Max-Age=0/);
    expect((await spa({ minside: session }).get('/api/session')).json()).toMatchObject({
      authenticated: false,
    });
    expect((await spa({ minside: session }).post('/api/logout')).statusCode).toBe(401);
  });

  it('keeps the provider’s tokens only sealed, and revokes the refresh token at logout', async () => {
    const { session } = await login('ung@demo.minside.no');
    const [row] = await t.db.query<{ id_token: string; refresh_token: string }>(
      'select id_token, refresh_token from sessions where id_hash = $1',
      [sha256(session!)],
    );
    for (const kept of [row!.id_token, row!.refresh_token]) {
      expect(kept).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(kept).not.toContain('eyJ'); // no JWT (the ID token) in plain text
    }
    const sealed = row!.refresh_token;
    const [{ spid_id: spidId } = { spid_id: '' }] = await t.db.query<{ spid_id: string }>(
      'select spid_id from sessions where id_hash = $1',
      [sha256(session!)],
    );
    const [{ id: token } = { id: '' }] = await t.db.query<{ id: string }>(
      "select id from oidc_models where model = 'RefreshToken' and payload->>'accountId' = $1",
      [spidId],
    );
    expect(token).toBeTruthy();
    expect(t.app.services.tokens.open(sealed)).toBe(token);

    expect((await spa({ minside: session }).post('/api/logout')).statusCode).toBe(200);
    const [left] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from oidc_models where model = 'RefreshToken' and id = $1",
      [token],
    );
    expect(left!.n).toBe(0);
  });

  it('logout needs the SPA header from this origin (CSRF)', async () => {
    const { session } = await login('ung@demo.minside.no');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        host,
        origin: 'https://evil.example',
        'x-minside-request': '1',
        cookie: `minside=${session}`,
      },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    expect((await spa({ minside: session }).get('/api/session')).json()).toMatchObject({
      authenticated: true,
    });
  });

  it('ends after the idle timeout', async () => {
    const { session } = await login('student@demo.minside.no');
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + SESSION_IDLE_MS + 1000).toISOString());
    try {
      expect((await spa({ minside: session }).get('/api/session')).json()).toMatchObject({
        authenticated: false,
      });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('ends at the absolute timeout even when used all the time', async () => {
    const { session } = await login('student@demo.minside.no');
    const start = new Date(TEST_NOW).getTime();
    try {
      for (let at = 20 * 60 * 1000; at < SESSION_ABSOLUTE_MS; at += 20 * 60 * 1000) {
        t.clock.set(new Date(start + at).toISOString());
        expect((await spa({ minside: session }).get('/api/session')).json().authenticated).toBe(
          true,
        );
      }
      t.clock.set(new Date(start + SESSION_ABSOLUTE_MS).toISOString());
      expect((await spa({ minside: session }).get('/api/session')).json().authenticated).toBe(
        false,
      );
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('a new login gets a new session id (no fixation)', async () => {
    const first = await login('familie@demo.minside.no');
    const start = await startLogin();
    const { code, state } = await signInAtProvider(start, 'familie@demo.minside.no');
    const second = await spa({ 'minside-login': start.binding, minside: first.session }).post(
      '/api/handlecode',
      { code, state },
    );
    const renewed = cookieValue(second, 'minside');
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(first.session);
    expect((await spa({ minside: first.session }).get('/api/session')).json().authenticated).toBe(
      false,
    );
  });

  it('anonymous: the session says so, with the title of the host', async () => {
    const response = await spa({}, `fir.localhost:${port}`).get('/api/session');
    expect(response.json()).toEqual({
      authenticated: false,
      user: null,
      account: null,
      subscription: null,
      titleCode: 'FIR',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('the identity provider must be the one configured, for this title', () => {
  it('gives no session when the code was issued to another title’s client (audience)', async () => {
    const start = await startLogin();
    const { code, state } = await signInAtProvider(start, 'papir@demo.minside.no');
    // The same state, now claimed for Adresseavisen: its client exchanges FVN's code.
    await t.db.query(`update login_attempts set title_code = 'ADR' where consumed_at is null`);
    const response = await spa({ 'minside-login': start.binding }, `adr.localhost:${port}`).post(
      '/api/handlecode',
      {
        code,
        state,
      },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'LOGIN_FAILED' });
    expect(cookieValue(response, 'minside')).toBeUndefined();
  });

  it('refuses a provider whose discovery names another issuer', async () => {
    // The provider answers on localhost too, but its issuer is http://127.0.0.1:<port>/idp.
    const impostor = new RelyingParty({
      issuer: `http://localhost:${port}/idp`,
      clientSecretFor: () => 'x',
    });
    await expect(impostor.configurationFor(getPublication('FVN'))).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
    });
  });
});
