// The embedded identity provider's account page (/idp/account) over real HTTP: where
// /endre-profil sends a reader to change what the provider owns (name, birth date). It needs the
// provider's sign-in session, speaks the title's language, links back only to an origin the
// title's client has registered, takes a post only from its own origin, and the next sign-in
// carries the change to Min Side.
import { beforeAll, describe, expect, it } from '@jest/globals';
import * as client from 'openid-client';

import { clientSecretFor } from '../../src/server/identity/provider';

import { Browser } from './browser';
import { buildTestApp, freePort, TEST_IDP_CLIENT_SECRET } from './support';

const CLIENT_ID = 'minside-firda';
const EMAIL = 'digital@demo.minside.no';

// Picked before the build: the provider's issuer and the redirect URIs name the port.
const port = await freePort();
const issuer = `http://127.0.0.1:${port}/idp`;
const redirectUri = `http://fir.localhost:${port}/callback`;
const t = buildTestApp({ identityProvider: { port } });
let config: client.Configuration;

beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
  config = await client.discovery(
    new URL(issuer),
    CLIENT_ID,
    undefined,
    client.ClientSecretBasic(clientSecretFor(TEST_IDP_CLIENT_SECRET, CLIENT_ID)),
    { execute: [client.allowInsecureRequests] },
  );
});

/** Signs in at the provider (demo button) in `browser`; the provider's claims of the sign-in. */
async function signIn(browser: Browser, email = EMAIL) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const authorize = await browser.fetch(url);
  const interaction = new URL(authorize.headers.get('location')!, issuer);
  await browser.fetch(interaction);
  const login = await browser.fetch(`${interaction.href}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, demo: '1' }).toString(),
  });
  const callback = await browser.followUntil(login, redirectUri);
  const tokens = await client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.claims()!;
}

const pageUrl = (returnTo = `http://fir.localhost:${port}`) =>
  `${issuer}/account?${new URLSearchParams({ client_id: CLIENT_ID, return_to: returnTo })}`;

const post = (browser: Browser, fields: Record<string, string>, origin?: string) =>
  browser.fetch(pageUrl(), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin === undefined ? { origin: `http://127.0.0.1:${port}` } : { origin }),
    },
    body: new URLSearchParams(fields).toString(),
  });

async function identityRow(email = EMAIL) {
  const [row] = await t.db.query<{ given_name: string; family_name: string; birth_date: string }>(
    `select given_name, family_name, birth_date::text as birth_date from identity_users
      where email = $1`,
    [email],
  );
  return row!;
}

describe('the embedded provider’s account page', () => {
  it('needs the provider’s own sign-in', async () => {
    const response = await new Browser(issuer).fetch(pageUrl());
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('<html lang="nn">');
    expect(html).toContain('Du er ikkje logga inn hos innloggingstenesta.');
    expect(html).not.toContain('<form');
  });

  it('shows the name, birth date and login e-mail in the title’s language, with its own CSP', async () => {
    const browser = new Browser(issuer);
    await signIn(browser);
    const response = await browser.fetch(pageUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("form-action 'self'");
    const html = await response.text();
    expect(html).toContain('<html lang="nn">');
    expect(html).toContain('value="Dag"');
    expect(html).toContain('value="Digital"');
    expect(html).toContain('value="1979-09-30"');
    expect(html).toContain(EMAIL);
    expect(html).toContain(`href="http://fir.localhost:${port}/endre-profil"`);
    expect(html).toContain('Tilbake til Firda');
  });

  it('links back only to an origin the title’s client has registered', async () => {
    const browser = new Browser(issuer);
    await signIn(browser);
    const html = await (await browser.fetch(pageUrl('https://evil.example'))).text();
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('Tilbake til');
  });

  it('refuses a bad name, keeping what was typed, and saves a good one', async () => {
    const browser = new Browser(issuer);
    await signIn(browser);
    const bad = await post(browser, {
      givenName: ' ',
      familyName: 'Digitalsen',
      birthDate: '1979-09-30',
    });
    expect(bad.status).toBe(422);
    const html = await bad.text();
    expect(html).toContain('Sjekk felta under og prøv igjen.');
    expect(html).toMatch(/id="givenName" [^>]*aria-invalid="true"/);
    expect(html).toMatch(/id="familyName" [^>]*value="Digitalsen"/);
    expect(await identityRow()).toEqual({
      given_name: 'Dag',
      family_name: 'Digital',
      birth_date: '1979-09-30',
    });

    const good = await post(browser, {
      givenName: 'Dagny',
      familyName: 'Digitalsen',
      birthDate: '1979-09-30',
    });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('Endringane er lagra.');
    expect(await identityRow()).toEqual({
      given_name: 'Dagny',
      family_name: 'Digitalsen',
      birth_date: '1979-09-30',
    });
    // The next sign-in tells Min Side.
    const claims = await signIn(new Browser(issuer));
    expect(claims).toMatchObject({
      given_name: 'Dagny',
      family_name: 'Digitalsen',
      birthdate: '1979-09-30',
    });
  });

  it('keeps a known birth date as it is: the age rules rest on it (found in review)', async () => {
    const browser = new Browser(issuer);
    await signIn(browser);
    const before = await identityRow();
    const page = await (await browser.fetch(pageUrl())).text();
    expect(page).toMatch(new RegExp(`id="birthDate" [^>]*value="${before.birth_date}" readonly`));
    // Younger (the youth plan is under 34), removed, or nonsense: refused, nothing written.
    for (const birthDate of ['2000-01-01', '', '2999-01-01']) {
      const refused = await post(browser, {
        givenName: before.given_name,
        familyName: before.family_name,
        birthDate,
      });
      expect(refused.status).toBe(422);
      const html = await refused.text();
      expect(html).toContain('Fødselsdatoen kan ikkje endrast her.');
      expect(html).toMatch(/id="birthDate" [^>]*aria-invalid="true"/);
      expect(await identityRow()).toEqual(before);
    }
  });

  it('takes a birth date the provider does not know once, checked, and then keeps it', async () => {
    const email = 'ny@demo.minside.no';
    const browser = new Browser(issuer);
    await signIn(browser, email);
    expect((await identityRow(email)).birth_date).toBeNull();
    const named = { givenName: 'Nora', familyName: 'Ny' };
    const future = await post(browser, { ...named, birthDate: '2999-01-01' });
    expect(future.status).toBe(422);
    expect(await future.text()).toContain(
      'Fødselsdatoen må vere ein ekte dato mellom 1900 og i dag.',
    );
    expect((await identityRow(email)).birth_date).toBeNull();

    expect((await post(browser, { ...named, birthDate: '1990-05-17' })).status).toBe(200);
    expect((await identityRow(email)).birth_date).toBe('1990-05-17');
    const again = await post(browser, { ...named, birthDate: '2001-05-17' });
    expect(again.status).toBe(422);
    expect((await identityRow(email)).birth_date).toBe('1990-05-17');
  });

  it('takes a post from its own origin only', async () => {
    const browser = new Browser(issuer);
    await signIn(browser);
    const before = await identityRow();
    const forged = await post(
      browser,
      { givenName: 'Mallory', familyName: 'X', birthDate: '' },
      'https://evil.example',
    );
    expect(forged.status).toBe(403);
    expect(await identityRow()).toEqual(before);
  });
});
