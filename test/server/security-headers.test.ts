// The security headers (item 13 of the hardening issue): a strict Content-Security-Policy on the
// SPA, framing forbidden, nosniff, a referrer and a permissions policy on every kind of response
// (page, hashed asset, API JSON, API problem, payment sandbox, identity provider), each page
// kind with the policy its HTML needs, and HSTS only over HTTPS.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import { Browser } from './browser';
import { buildTestApp, createTestApp, freePort } from './support';

type Headers = LightMyRequestResponse['headers'] | globalThis.Headers;

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers instanceof globalThis.Headers ? headers.get(name) : headers[name];
  return value === null || value === undefined ? undefined : String(value);
};

/** The Content-Security-Policy as directive → sources. */
function csp(headers: Headers): Map<string, string[]> {
  const value = header(headers, 'content-security-policy');
  if (!value) throw new Error('no Content-Security-Policy');
  return new Map(
    value
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** What every response carries, whatever its kind (HSTS: over HTTPS only). */
function expectBaseline(headers: Headers, { https = false } = {}) {
  expect(header(headers, 'x-content-type-options')).toBe('nosniff');
  expect(header(headers, 'x-frame-options')).toBe('DENY');
  expect(csp(headers).get('frame-ancestors')).toEqual(["'none'"]);
  expect(header(headers, 'permissions-policy')).toMatch(/(^|, )camera=\(\)/);
  expect(header(headers, 'permissions-policy')).toMatch(/(^|, )geolocation=\(\)/);
  expect(header(headers, 'permissions-policy')).toMatch(/(^|, )microphone=\(\)/);
  expect(header(headers, 'strict-transport-security')).toBe(
    https ? 'max-age=31536000; includeSubDomains' : undefined,
  );
}

/** The policy of the pages the provider and the sandbox render: no script, our one style. */
function expectPagePolicy(headers: Headers) {
  const policy = csp(headers);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(policy.get('script-src') ?? []).toEqual([]);
  expect(policy.get('style-src')).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(header(headers, 'referrer-policy')).toBe('same-origin');
}

describe('the SPA, its assets and the API', () => {
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'minside-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="nb"><head><title>Min Side</title>' +
        '<script defer src="/assets/main.0123456789ab.js"></script></head>' +
        '<body><div id="app"></div></body></html>',
    );
    await writeFile(path.join(dist, 'assets', 'main.0123456789ab.js'), 'console.log(1)');
    ({ app } = await createTestApp({
      validateResponses: false,
      demoData: false,
      // Behind the TLS-terminating proxy on this machine (TRUST_PROXY=loopback).
      config: { distDir: dist, trustProxy: ['loopback'] },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (extra: Record<string, string> = {}) =>
    app.inject({
      url: '/fakturaoversikt',
      headers: { accept: 'text/html', host: 'fvn.localhost:8080', ...extra },
    });

  it('gives index.html a strict policy: scripts and styles of its own origin only', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    expectBaseline(response.headers);
    const policy = csp(response.headers);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    // The favicon comes from the title's own site (the SPA names it once its first screen is
    // shown, layout/TitleEffects.tsx); a wordmark may come in the page as a data: URI.
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://www.fvn.no']);
    expect(response.body).toContain('"pageUrl":"https://www.fvn.no/"');
    expect(header(response.headers, 'content-security-policy')).not.toMatch(
      /unsafe-inline|unsafe-eval/,
    );
    expect(header(response.headers, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('allows the favicon of the title the host names, no other', async () => {
    // The page's headers are worked out once per title (spa.ts): each page keeps its own.
    const sites = { fir: 'https://www.firda.no', fvn: 'https://www.fvn.no' };
    for (const title of ['fir', 'fvn', 'fir'] as const) {
      const response = await page({ host: `${title}.localhost:8080` });
      expect(csp(response.headers).get('img-src')).toEqual(["'self'", 'data:', sites[title]]);
    }
  });

  it('puts the headers on a content-hashed asset', async () => {
    const response = await app.inject({ url: '/assets/main.0123456789ab.js' });
    expect(response.statusCode).toBe(200);
    expectBaseline(response.headers);
  });

  it('puts the headers on API JSON and on an API problem', async () => {
    const json = await app.inject({ url: '/api/title/FVN', headers: { host: 'fvn.localhost' } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expectBaseline(json.headers);
    const problem = await app.inject({ url: '/api/finnes-ikke' });
    expect(problem.statusCode).toBe(404);
    expect(problem.headers['content-type']).toMatch(/^application\/problem\+json/);
    expectBaseline(problem.headers);
    const refused = await app.inject({ method: 'POST', url: '/api/logout', payload: {} });
    expect(refused.statusCode).toBe(403);
    expectBaseline(refused.headers);
  });

  it('sends HSTS only when the request came over HTTPS (X-Forwarded-Proto behind the proxy)', async () => {
    const https = await page({ 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await app.inject({
      url: '/api/title/FVN',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await page();
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});

// Picked before the build (here: a describe cannot wait for it): the provider's issuer and the
// redirect URIs name the port.
const port = await freePort();

describe('the payment sandbox and the identity provider', () => {
  const issuer = `http://127.0.0.1:${port}/idp`;
  const test = buildTestApp({
    identityProvider: { port },
    validateResponses: false,
    config: { trustProxy: ['loopback'] },
  });
  beforeAll(async () => {
    await test.app.listen({ port, host: '127.0.0.1' });
  });

  const sandboxPage = async (headers: Record<string, string> = {}) => {
    const payment = await test.app.services.payments.createHostedPayment({
      reference: `security-headers-${Math.random()}`,
      method: 'SWEDBANK-PPG',
      amountOre: 9900,
      currency: 'NOK',
      description: 'Faktura',
      merchant: 'Fædrelandsvennen',
      returnUrl: 'http://fvn.localhost/betal-faktura/1/kvittering',
      cancelUrl: 'http://fvn.localhost/betal-faktura/1',
      idempotencyKey: `security-headers-${Math.random()}`,
      recurring: null,
    });
    const url = new URL(payment.redirectUrl!);
    return test.app.inject({ url: url.pathname, headers: { host: url.host, ...headers } });
  };

  it('gives the sandbox payment page its own policy: its hashed style, forms to itself', async () => {
    const response = await sandboxPage();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<form method="post"');
    expectBaseline(response.headers);
    expectPagePolicy(response.headers);
    expect(csp(response.headers).get('form-action')).toEqual(["'self'"]);
    expect(header(response.headers, 'content-security-policy')).not.toContain('unsafe-inline');
  });

  it('sends HSTS on the sandbox page over HTTPS', async () => {
    const response = await sandboxPage({ 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  async function signInPage(
    headers: Record<string, string> = {},
    { host, client } = { host: 'fvn', client: 'minside-fvn' },
  ) {
    const browser = new Browser(issuer);
    const url = new URL(`${issuer}/auth`);
    url.search = new URLSearchParams({
      client_id: client,
      response_type: 'code',
      redirect_uri: `http://${host}.localhost:${port}/callback`,
      scope: 'openid',
      code_challenge: createHash('sha256').update('a-verifier').digest('base64url'),
      code_challenge_method: 'S256',
      state: 'a-state',
    }).toString();
    const authorize = await browser.fetch(url, { headers });
    expect(authorize.status).toBe(303);
    expectBaseline(authorize.headers, { https: !!headers['x-forwarded-proto'] });
    const page = await browser.fetch(new URL(authorize.headers.get('location')!, issuer), {
      headers,
    });
    return { browser, page };
  }

  it('lets the sign-in form post to the provider and return to the title it came from', async () => {
    const { page } = await signInPage();
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Logg inn</h1>');
    expectBaseline(page.headers);
    expectPagePolicy(page.headers);
    // Chromium checks form-action on each redirect after the post, up to the title's /callback.
    expect(csp(page.headers).get('form-action')).toEqual([
      "'self'",
      `http://fvn.localhost:${port}`,
    ]);
  });

  it("gives each title's sign-in page the way back to that title, however often it is shown", async () => {
    // The pages' headers are worked out once per policy (reply.helmet): none may stick to
    // another title's page.
    const fvn = { host: 'fvn', client: 'minside-fvn' };
    const fir = { host: 'fir', client: 'minside-firda' };
    for (const title of [fvn, fir, fvn, fir]) {
      const { page } = await signInPage({}, title);
      expect(page.status).toBe(200);
      expectPagePolicy(page.headers);
      expect(csp(page.headers).get('form-action')).toEqual([
        "'self'",
        `http://${title.host}.localhost:${port}`,
      ]);
    }
  });

  it('sends HSTS on the sign-in page over HTTPS', async () => {
    const { page } = await signInPage({ 'x-forwarded-proto': 'https' });
    expect(page.status).toBe(200);
    expect(page.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it("lets oidc-provider's self-submitting logout form run and return to the title's site", async () => {
    // Without a provider session, the logout is a form that submits itself by an inline script.
    const target = 'https://www.fvn.no/';
    const logout = await fetch(
      `${issuer}/session/end?client_id=minside-fvn&post_logout_redirect_uri=${encodeURIComponent(target)}`,
    );
    expect(logout.status).toBe(200);
    const html = await logout.text();
    expect(html).toContain('document.forms[0].submit()');
    expectBaseline(logout.headers);
    const policy = csp(logout.headers);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual([expect.stringMatching(/^'sha256-/)]);
    expect(policy.get('form-action')).toEqual(["'self'", 'https://www.fvn.no']);
  });

  it('never lets a request widen form-action to an origin no client registered', async () => {
    const response = await fetch(
      `${issuer}/session/end?client_id=minside-fvn&post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`,
    );
    expectBaseline(response.headers);
    expectPagePolicy(response.headers);
    expect(csp(response.headers).get('form-action')).toEqual(["'self'"]);
  });
});
