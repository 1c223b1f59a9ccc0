// The embedded identity provider's own pages speak the title's language: the authorization
// request names the title's client, and a nynorsk title (registry `language: 'nn'`) gets its
// sign-in, failed sign-in and logout pages in nynorsk with lang="nn"; a bokmål title, and a
// request that names no title, get bokmål.
import { beforeAll, describe, expect, it } from '@jest/globals';
import * as client from 'openid-client';

import { languageOfClient, PAGE_TEXTS } from '../../src/server/identity/page-texts';
import { clientSecretFor } from '../../src/server/identity/provider';
import { getPublication, publications } from '../../src/shared/publications/registry';

import { Browser } from './browser';
import { buildTestApp, freePort, TEST_IDP_CLIENT_SECRET } from './support';

// Picked before the build: the provider's issuer and the redirect URIs name the port.
const port = await freePort();
const issuer = `http://127.0.0.1:${port}/idp`;
const test = buildTestApp({ identityProvider: { port } });
beforeAll(async () => {
  await test.app.listen({ port, host: '127.0.0.1' });
});

/** Starts an authorization request for a title's client and lands on its sign-in page. */
async function signInPage(titleCode: string) {
  const publication = getPublication(titleCode);
  const config = await client.discovery(
    new URL(issuer),
    publication.spidClientId,
    undefined,
    client.ClientSecretBasic(clientSecretFor(TEST_IDP_CLIENT_SECRET, publication.spidClientId)),
    { execute: [client.allowInsecureRequests] },
  );
  const browser = new Browser(issuer);
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `http://${titleCode.toLowerCase()}.localhost:${port}/callback`,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
    code_challenge_method: 'S256',
    state: client.randomState(),
  });
  const authorize = await browser.fetch(url);
  expect(authorize.status).toBe(303);
  const page = await browser.fetch(new URL(authorize.headers.get('location')!, issuer));
  return { browser, page, html: await page.text() };
}

/** Posts the e-mail form of a sign-in page as digital@demo.minside.no. */
async function submitSignIn(browser: Browser, html: string, password: string) {
  const action = /<form method="post" action="([^"]+)">\s*<label for="email">/.exec(html)?.[1];
  if (!action) throw new Error('No sign-in form');
  return browser.fetch(new URL(action, issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'digital@demo.minside.no', password }).toString(),
  });
}

async function failSignIn(browser: Browser, html: string) {
  const response = await submitSignIn(browser, html, 'wrong');
  return { response, html: await response.text() };
}

/** Signs in through a title's client; the browser then holds a provider session. */
async function signedIn(titleCode: string): Promise<Browser> {
  const { browser, html } = await signInPage(titleCode);
  const login = await submitSignIn(browser, html, 'minside-demo');
  expect(login.status).toBe(303);
  await browser.followUntil(login, `http://${titleCode.toLowerCase()}.localhost:${port}/callback`);
  return browser;
}

describe('sign-in page language', () => {
  it('is nynorsk, lang="nn", for a nynorsk title (SET, Setesdølen)', async () => {
    expect(getPublication('SET').language).toBe('nn');
    const { page, html } = await signInPage('SET');
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="nn">');
    expect(html).toContain('<title>Logg inn – Min Side</title>');
    expect(html).toContain('<h1>Logg inn</h1>');
    expect(html).toContain('<p>Logg inn for å halde fram til Setesdølen.</p>');
    expect(html).toContain('<h2 id="demo-heading">Demobrukarar</h2>');
    expect(html).toContain('Logg inn utan passord som ein av demobrukarane.');
    expect(html).toContain('Ingrid Uten – utan abonnement');
    expect(html).toContain('<label for="email">E-post</label>');
    expect(html).toContain('<label for="password">Passord</label>');
    expect(html).toContain('>Avbryt innlogginga</a>');
    // No bokmål left on the page.
    for (const bokmal of ['fortsette', 'Demobrukere', 'uten abonnement', 'Avbryt innloggingen']) {
      expect(html).not.toContain(bokmal);
    }
  });

  it('is bokmål, lang="nb", for a bokmål title (FVN, Fædrelandsvennen)', async () => {
    expect(getPublication('FVN').language).toBe('nb');
    const { page, html } = await signInPage('FVN');
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('<h1>Logg inn</h1>');
    expect(html).toContain('<p>Logg inn for å fortsette til Fædrelandsvennen.</p>');
    expect(html).toContain('<h2 id="demo-heading">Demobrukere</h2>');
    expect(html).toContain('Ingrid Uten – uten abonnement');
    expect(html).toContain('>Avbryt innloggingen</a>');
    for (const nynorsk of ['halde fram', 'Demobrukarar', 'utan abonnement', 'innlogginga']) {
      expect(html).not.toContain(nynorsk);
    }
  });

  it("stays in the title's language after a wrong password", async () => {
    const nn = await signInPage('SET');
    const failedNn = await failSignIn(nn.browser, nn.html);
    expect(failedNn.response.status).toBe(422);
    expect(failedNn.html).toContain('<html lang="nn">');
    expect(failedNn.html).toContain('role="alert">Feil e-post eller passord.</p>');
    expect(failedNn.html).toContain('Logg inn for å halde fram til Setesdølen.');

    const nb = await signInPage('FVN');
    const failedNb = await failSignIn(nb.browser, nb.html);
    expect(failedNb.response.status).toBe(422);
    expect(failedNb.html).toContain('<html lang="nb">');
    expect(failedNb.html).toContain('Logg inn for å fortsette til Fædrelandsvennen.');
  });

  it('is bokmål where the request names no title (an expired interaction)', async () => {
    const response = await fetch(`${issuer}/interaction/expired-or-unknown`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('<h1>Innloggingen er utløpt</h1>');
  });

  it("asks about logging out in the title's language", async () => {
    const set = getPublication('SET');
    const nnBrowser = await signedIn('SET');
    const nn = await nnBrowser.fetch(`${issuer}/session/end?client_id=${set.spidClientId}`);
    const nnHtml = await nn.text();
    expect(nnHtml).toContain('<html lang="nn">');
    expect(nnHtml).toContain('Loggar du ut overalt');
    expect(nnHtml).toContain('Logg ut berre frå Setesdølen');

    const fvn = getPublication('FVN');
    const nbBrowser = await signedIn('FVN');
    const nb = await nbBrowser.fetch(`${issuer}/session/end?client_id=${fvn.spidClientId}`);
    const nbHtml = await nb.text();
    expect(nbHtml).toContain('<html lang="nb">');
    expect(nbHtml).toContain('Logg ut bare fra Fædrelandsvennen');
  });
});

describe('page texts', () => {
  it('gives every title the language the registry gives it', () => {
    for (const p of publications) expect(languageOfClient(p.spidClientId)).toBe(p.language);
    expect(languageOfClient('minside-unknown')).toBe('nb');
    expect(languageOfClient(undefined)).toBe('nb');
  });

  it('has the same texts in nynorsk as in bokmål, none empty', () => {
    const { nb, nn } = PAGE_TEXTS;
    expect(Object.keys(nn).sort()).toEqual(Object.keys(nb).sort());
    expect(Object.keys(nn.userKinds).sort()).toEqual(Object.keys(nb.userKinds).sort());
    expect(Object.keys(nn.account).sort()).toEqual(Object.keys(nb.account).sort());
    for (const text of [nb, nn]) {
      const { userKinds, account, ...rest } = text;
      const values = [
        ...Object.values(rest),
        ...Object.values(userKinds),
        ...Object.values(account),
      ];
      for (const value of values) {
        const shown =
          typeof value === 'function' ? (value as (arg: string) => string)('Firda') : value;
        expect(shown.trim()).not.toBe('');
      }
    }
  });
});
