// What the log never holds: the request log writes each request line without its
// query values, so the family invitation's token (/verifiser-familiemedlem?token=…), the business
// invitation's (/bedrift?invitasjon=…) and the provider's code and state (/callback?code=…) are
// not in it; the embedded sign-in logs a failed try by a reference, not the typed e-mail.
import { describe, expect, it } from '@jest/globals';

import { Browser } from './browser';
import { buildTestApp, freePort } from './support';

const lines: string[] = [];
const port = await freePort();
const t = buildTestApp({
  identityProvider: { port },
  logStream: { write: (line) => void lines.push(line) },
});

const SECRET = 'Zq8sXk2mN4pR7tV1wY5bC3dF6gH9jL0a';

describe('the request log', () => {
  it('keeps the path and drops the query values of invitation links and the callback', async () => {
    lines.length = 0;
    for (const url of [
      `/verifiser-familiemedlem?token=${SECRET}`,
      `/bedrift?invitasjon=${SECRET}`,
      `/callback?code=${SECRET}&state=${SECRET}`,
    ])
      await t.app.inject({ url, headers: { accept: 'text/html', host: 'fvn.localhost' } });
    const log = lines.join('');
    expect(log).not.toContain(SECRET);
    const urls = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);
    expect(urls).toEqual([
      '/verifiser-familiemedlem?token=[redacted]',
      '/bedrift?invitasjon=[redacted]',
      '/callback?code=[redacted]&state=[redacted]',
    ]);
  });

  it('logs a failed sign-in by a reference to the account, never the e-mail typed', async () => {
    await t.app.listen({ port, host: '127.0.0.1' });
    lines.length = 0;
    const browser = new Browser(`http://127.0.0.1:${port}`);
    const start = await t.app.inject({
      url: '/api/loginToken?returnUrl=/',
      headers: { host: `fvn.localhost:${port}`, 'x-minside-request': '1' },
    });
    const { authorizeUrl } = start.json() as { authorizeUrl: string };
    const authorize = await browser.fetch(authorizeUrl);
    const page = await browser.fetch(new URL(authorize.headers.get('location')!, authorizeUrl));
    const action = /<form method="post" action="([^"]+)">\s*<label for="email">/.exec(
      await page.text(),
    )?.[1];
    const failed = await browser.fetch(new URL(action!, authorizeUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'kari.nordmann@example.no', password: 'feil' }).toString(),
    });
    expect(failed.status).toBe(422);
    const entry = lines
      .map((line) => JSON.parse(line) as { msg: string; account?: string })
      .find((e) => e.msg === 'identity provider: failed sign-in');
    expect(entry?.account).toMatch(/^sha256:[\w-]{12}$/);
    expect(lines.join('')).not.toContain('kari.nordmann');
    expect(lines.join('')).not.toContain('feil"');
  });
});
