// The first screen's data in the page: index.html carries, for the signed-in reader, what
// GET /api/session, the consents, the waiting deletion and (home only) the segment messages
// answer at that moment (and on the screens that show them the catalogue, the invoices, the
// delivery changes), exactly as the API answers them (so the SPA renders from the page and
// nothing arrives later to push the screen down); signed out, only the session; it cannot be
// broken out of by what a reader typed; a first screen that cannot be read leaves the page
// working (the SPA asks itself). PGlite, and PostgreSQL with DATABASE_URL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';

import { registerSecurityHeaders } from '../../src/server/plugins/security-headers';
import { registerSpa } from '../../src/server/plugins/spa';
import { FIRST_SCREEN_ELEMENT_ID } from '../../src/shared/page/first-screen';
import { segmentOf } from '../../src/shared/segments/segment';

import { newIdentitySession, sessionFor, spaHeaders, type TestSession } from './session-support';
import { createTestApp, type TestApp } from './support';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'minside-first-screen-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="nb"><head><title>Min Side</title></head><body><div id="app"></div></body></html>',
  );
  t = await createTestApp({ config: { distDir: dist } });
});
afterAll(async () => {
  await t.app.close();
  await rm(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html' };

/** The JSON the page carries, or undefined when it carries none. */
function inPage(page: string): Record<string, unknown> | undefined {
  const match = new RegExp(
    `<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(page);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

async function page(s: TestSession, url = '/') {
  const response = await s.request({ url, headers: html });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.body;
}

/** What the API answers the same reader, call by call. */
async function apiAnswers(s: TestSession, titleCode: string, language: string) {
  const session = (await s.request({ url: '/api/session' })).json();
  const consents = (await s.request({ url: `/api/privacy/${titleCode}/consents` })).json();
  const deletion = (await s.request({ url: '/api/privacy/deletion' })).json();
  // The segment the home page asks about for this subscription (the SPA's own rule).
  const segmentId = segmentOf(session.subscription);
  const segment = (
    await s.request({
      method: 'POST',
      url: `/api/segment/${segmentId}/message`,
      payload: { titleCode, context: 'home', language },
    })
  ).json();
  return { session, consents, deletion, segmentId, segment };
}

describe('the first screen in the page', () => {
  it.each([
    ['digital@demo.minside.no', 'FVN', 'nb'],
    ['papir@demo.minside.no', 'FVN', 'nb'],
    ['familie@demo.minside.no', 'FVN', 'nb'],
    ['planendring@demo.minside.no', 'FVN', 'nb'],
    ['purring@demo.minside.no', 'FVN', 'nb'],
    ['oppsagt@demo.minside.no', 'FVN', 'nb'],
    ['ingen@demo.minside.no', 'FVN', 'nb'],
    ['purring@demo.minside.no', 'FIR', 'nn'],
  ])(
    'home of %s on %s: what the API answers, in the language of the title',
    async (email, titleCode, language) => {
      const s = await sessionFor(t, email, titleCode);
      const first = inPage(await page(s));
      const api = await apiAnswers(s, titleCode, language);
      expect(first).toEqual({
        session: api.session,
        consents: { titleCode, answer: api.consents },
        deletion: api.deletion,
        segment: {
          id: api.segmentId,
          request: { titleCode, context: 'home', language },
          answer: api.segment,
        },
      });
      expect(api.session.authenticated).toBe(true);
    },
  );

  it('carries the price notice the home page shows, so it is there at the first paint', async () => {
    const s = await sessionFor(t, 'planendring@demo.minside.no');
    const first = inPage(await page(s)) as { segment: { answer: { messages: { id: string }[] } } };
    expect(first.segment.answer.messages.map((m) => m.id)).toContain('nye-priser-2027');
  });

  it('gives the invoice list its invoices as the API answers them, and other pages neither', async () => {
    const s = await sessionFor(t, 'papir@demo.minside.no');
    const session = (await s.request({ url: '/api/session' })).json();
    const accountNo = session.account.ariaAccountNo as string;
    const invoices = await s.request({ url: `/api/invoices/${accountNo}/FVN` });
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json().invoices.length).toBeGreaterThan(0);
    expect(inPage(await page(s, '/fakturaoversikt'))).toEqual({
      session,
      consents: expect.objectContaining({ titleCode: 'FVN' }),
      deletion: { waiting: null },
      invoices: { accountNo, titleCode: 'FVN', answer: invoices.json() },
    });
    expect(inPage(await page(s, '/endre-profil'))).toEqual({
      session,
      consents: expect.objectContaining({ titleCode: 'FVN' }),
      deletion: { waiting: null },
    });
  });

  it('gives the order and plan-change screens the catalogue as the API answers it, signed in or not', async () => {
    const s = await sessionFor(t, 'ingen@demo.minside.no');
    const catalogue = await s.request({ url: '/api/catalogue/FVN' });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json().products.length).toBeGreaterThan(0);
    const expected = { titleCode: 'FVN', answer: catalogue.json() };
    for (const url of ['/bestill-abonnement', '/endre-abonnement?fra=hjem']) {
      expect((inPage(await page(s, url)) as { catalogue: unknown }).catalogue).toEqual(expected);
    }
    const visitor = await t.app.inject({
      url: '/bestill-abonnement',
      headers: { ...spaHeaders(), ...html },
    });
    expect((inPage(visitor.body) as { catalogue: unknown }).catalogue).toEqual(expected);
    // Another title's page carries its own.
    const fir = await t.app.inject({
      url: '/bestill-abonnement',
      headers: { ...spaHeaders(), ...html, host: 'fir.localhost' },
    });
    const firCatalogue = await t.app.inject({
      url: '/api/catalogue/FIR',
      headers: { ...spaHeaders(), host: 'fir.localhost' },
    });
    expect((inPage(fir.body) as { catalogue: unknown }).catalogue).toEqual({
      titleCode: 'FIR',
      answer: firCatalogue.json(),
    });
    // Customer service, whose answers name the offers, carries it too, signed in or not.
    expect((inPage(await page(s, '/kundeservice')) as { catalogue: unknown }).catalogue).toEqual(
      expected,
    );
    const service = await t.app.inject({
      url: '/kundeservice',
      headers: { ...spaHeaders(), ...html },
    });
    expect((inPage(service.body) as { catalogue: unknown }).catalogue).toEqual(expected);
    // Other screens carry none.
    for (const url of ['/', '/endre-profil']) {
      expect((inPage(await page(s, url)) as { catalogue?: unknown }).catalogue).toBe(undefined);
    }
  });

  it("gives the delivery-change screen the subscription's changes as the API answers them", async () => {
    const s = await sessionFor(t, 'papir@demo.minside.no');
    const session = (await s.request({ url: '/api/session' })).json();
    const subscriptionNo = session.subscription.subscriptionNo as string;
    const overview = await s.request({
      url: `/api/subscription/${subscriptionNo}/delivery-changes`,
    });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().eligibility).toBe('PAPER');
    const first = inPage(await page(s, '/endre-avislevering')) as Record<string, unknown>;
    expect(first.deliveryChanges).toEqual({ subscriptionNo, answer: overview.json() });
    // Other screens carry none; nor does a reader without a subscription, or a visitor.
    expect((inPage(await page(s, '/')) as Record<string, unknown>).deliveryChanges).toBeUndefined();
    const none = await sessionFor(t, 'ingen@demo.minside.no');
    expect(
      (inPage(await page(none, '/endre-avislevering')) as Record<string, unknown>).deliveryChanges,
    ).toBeUndefined();
    const visitor = await t.app.inject({
      url: '/endre-avislevering',
      headers: { ...spaHeaders(), ...html },
    });
    expect(inPage(visitor.body)).toEqual({ session: expect.objectContaining({ user: null }) });
  });

  it('gives a reader without an account no invoice list of anyone', async () => {
    const s = await newIdentitySession(t, 'first-screen-no-account');
    const first = inPage(await page(s, '/fakturaoversikt')) as Record<string, unknown>;
    expect(first.invoices).toBeUndefined();
  });

  it('gives a visitor the anonymous session only, and no preload of a call the page answers', async () => {
    const response = await t.app.inject({
      url: '/personvern',
      headers: { ...spaHeaders(), ...html },
    });
    expect(inPage(response.body)).toEqual({
      session: {
        authenticated: false,
        user: null,
        account: null,
        subscription: null,
        titleCode: 'FVN',
      },
    });
    expect(response.body).not.toContain('href="/api/session"');
  });

  it('gives an ended session as signed out, like the API', async () => {
    const s = await sessionFor(t, 'digital@demo.minside.no');
    await s.request({ method: 'POST', url: '/api/logout' });
    expect((inPage(await page(s)) as { session: { authenticated: boolean } }).session).toEqual(
      expect.objectContaining({ authenticated: false, user: null }),
    );
  });

  it('cannot be closed by what a reader typed as their name', async () => {
    const s = await newIdentitySession(t, 'first-screen-script', 'FVN', {
      given_name: '</script><script>alert(1)</script>',
      family_name: '<!--',
    });
    const body = await page(s);
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<!--');
    const first = inPage(body) as { session: { user: { givenName: string } } };
    expect(first.session.user.givenName).toBe('</script><script>alert(1)</script>');
  });
});

describe('a first screen that cannot be read', () => {
  it('leaves the page as it was: the SPA asks for the session itself', async () => {
    const app = Fastify({ logger: false });
    await registerSecurityHeaders(app);
    const send = await registerSpa(app, {
      distDir: dist,
      publicDir: dist,
      firstScreen: () => Promise.reject(new Error('database unavailable')),
    });
    app.get('/*', (request, reply) => send!(request, reply));
    const response = await app.inject({ url: '/', headers: { ...spaHeaders(), ...html } });
    expect(response.statusCode).toBe(200);
    expect(inPage(response.body)).toBeUndefined();
    expect(response.body).toContain(
      '<link rel="preload" href="/api/session" as="fetch" crossorigin>',
    );
    await app.close();
  });
});
