import { copyFile, mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants as zlibConstants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';

import { registerSecurityHeaders } from '../../src/server/plugins/security-headers';
import { registerSpa } from '../../src/server/plugins/spa';

import { createTestApp } from './support';

let app: FastifyInstance;
let dist: string;
let publicDir: string;

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>';
const ADR_WORDMARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" aria-label="Adresseavisen's &amp; #1">
  <title>Adresseavisen's &amp; #1</title><path d="M0 0L5 5%"/></svg>
`;
const VENDOR = 'export const words = [' + '"avis",'.repeat(2000) + '];';

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'minside-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'wordmarks'));
  await writeFile(path.join(dist, 'wordmarks', 'fvn.svg'), SVG);
  // A wordmark with what needs care in a URI and in an attribute.
  await writeFile(path.join(dist, 'wordmarks', 'adr.svg'), ADR_WORDMARK);
  // PUBLIC_DIR: the brand themes, and the logo one title has deployed (ADR has none).
  publicDir = await mkdtemp(path.join(tmpdir(), 'minside-public-'));
  await mkdir(path.join(publicDir, 'brands'));
  await copyFile(path.resolve('public/brands/fvn.css'), path.join(publicDir, 'brands', 'fvn.css'));
  await mkdir(path.join(publicDir, 'logos'));
  await writeFile(path.join(publicDir, 'logos', 'fvn.no.svg'), SVG);
  await writeFile(
    path.join(dist, 'index.html'),
    // Above the 1 KB compression threshold, like the real page.
    `<!doctype html><html lang="nb"><head><title>Min Side</title>${'<meta name="x" content="y">'.repeat(40)}</head><body><div id="app"></div></body></html>`,
  );
  await writeFile(path.join(dist, 'assets', 'main.0123456789ab.js'), 'console.log(1)');
  // What scripts/precompress-plugin.ts writes next to a text asset of the build.
  await writeFile(path.join(dist, 'assets', 'vendor.0123456789ab.js'), VENDOR);
  await writeFile(
    path.join(dist, 'assets', 'vendor.0123456789ab.js.br'),
    brotliCompressSync(VENDOR),
  );
  await writeFile(path.join(dist, 'assets', 'vendor.0123456789ab.js.gz'), gzipSync(VENDOR));
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
  // The build's route table (scripts/chunk-manifest-plugin.ts), two routes of it.
  await writeFile(
    path.join(dist, 'chunk-manifest.json'),
    JSON.stringify({
      entry: ['assets/main.0123456789ab.js'],
      // The catalogue's endpoints, which the SPA loads for a page that carries the catalogue.
      groups: {
        'first-screen-catalogue': [
          'assets/catalogue-endpoints.0123456789ab.js',
          'assets/catalogue-endpoints.0123456789ab.js.map',
        ],
        'first-screen-delivery-changes': [
          'assets/route-endre-avislevering.0123456789ab.js',
          'assets/delivery-endpoints.0123456789ab.js',
        ],
      },
      routes: [
        {
          path: '/',
          files: ['assets/route-home.0123456789ab.js'],
          locales: {
            nb: [
              'assets/locale-nb-common-json.0123456789ab.js',
              'assets/locale-nb-home-json.0123456789ab.js',
            ],
            nn: [
              'assets/locale-nn-common-json.0123456789ab.js',
              'assets/locale-nn-home-json.0123456789ab.js',
            ],
          },
        },
        {
          path: '/bestill-abonnement',
          files: ['assets/route-bestill-abonnement.0123456789ab.js'],
          locales: { nb: [], nn: [] },
        },
        {
          path: '/endre-avislevering',
          files: ['assets/route-endre-avislevering.0123456789ab.js'],
          locales: { nb: [], nn: [] },
        },
        {
          path: '/betal-faktura/:ariaInvoiceNo',
          files: [
            'assets/route-betal-faktura.0123456789ab.css',
            'assets/route-betal-faktura.0123456789ab.js',
          ],
          locales: { nb: ['assets/locale-nb-pay-invoice-json.0123456789ab.js'], nn: [] },
        },
      ],
    }),
  );
  ({ app } = await createTestApp({ demoData: false, config: { distDir: dist, publicDir } }));
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
  await rm(publicDir, { recursive: true, force: true });
});

describe('serving the built SPA', () => {
  it('puts the title of the host into the page: language, document title, brand', async () => {
    const page = await app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'fir.localhost:8080' },
    });
    expect(page.body).toContain(
      '<html lang="nn" class="title-firda-no" data-color-scheme="light">',
    );
    expect(page.body).toContain('<title>Min Side - Firda</title>');
    expect(page.body).toContain('<link rel="stylesheet" id="brand-theme" href="/brands/fir.css">');
    // The icon is on the title's own site: the SPA names it once its first screen is drawn
    // (test/app/layout/TitleEffects.test.tsx), so a phone does not fetch it beside the scripts.
    expect(page.body).not.toContain('rel="icon"');
    // The session comes in the page (first-screen.test.ts): no call to preload for it.
    expect(page.body).toContain('<script id="minside-first-screen" type="application/json">');
    expect(page.body).not.toContain('href="/api/session"');
    // Firda has no logo deployed here: the page names the wordmark, the header starts there.
    expect(page.body).toContain('<meta name="minside-header-image" content="/wordmarks/fir.svg">');
    const fvn = await app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(fvn.body).toContain('<meta name="minside-header-image" content="/logos/fvn.no.svg">');
    const json = /<script id="minside-title" type="application\/json">(.*?)<\/script>/.exec(
      page.body,
    )?.[1];
    expect(JSON.parse(json!)).toMatchObject({ titleCode: 'FIR', name: 'Firda', language: 'nn' });
    const unknown = await app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'example.com' },
    });
    expect(unknown.body).toContain('<title>Min Side - Polaris Media</title>');
  });

  it('serves the brand themes, the logos titles have deployed and the wordmarks, revalidated', async () => {
    const theme = await app.inject({ url: '/brands/fvn.css' });
    expect(theme.statusCode).toBe(200);
    expect(theme.headers['content-type']).toMatch(/^text\/css/);
    expect(theme.headers['cache-control']).toBe('no-cache');
    for (const url of ['/logos/fvn.no.svg', '/wordmarks/fvn.svg']) {
      const image = await app.inject({ url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.headers['cache-control']).toBe('no-cache');
    }
  });

  it("carries the build's wordmark in the page where the title has no logo deployed: no request", async () => {
    const page = await app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'adr.localhost' },
    });
    const content = /<meta name="minside-header-image" content="([^"]*)">/.exec(page.body)?.[1];
    expect(content).toMatch(/^data:image\/svg\+xml,%3Csvg /);
    // Nothing in it closes the attribute or starts markup; read back, it is the wordmark.
    expect(content).not.toMatch(/[<>&"]/);
    expect(decodeURIComponent(content!.slice('data:image/svg+xml,'.length))).toBe(
      ADR_WORDMARK.trim().replace(/\s+/g, ' '),
    );
    // Under the page's policy images may come from data: URIs.
    expect(page.headers['content-security-policy']).toMatch(/img-src [^;]*data:/);
    // A title whose logo is deployed names the logo, not its wordmark.
    const fvn = await app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(fvn.body).toContain('<meta name="minside-header-image" content="/logos/fvn.no.svg">');
  });

  it('answers a logo a title has not deployed with 404, not the SPA (the header falls back)', async () => {
    const response = await app.inject({
      url: '/logos/adressa.no.svg',
      headers: { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="app">');
  });

  it('caches content-hashed assets as immutable', async () => {
    const response = await app.inject({ url: '/assets/main.0123456789ab.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not cache files without a content hash', async () => {
    const response = await app.inject({ url: '/robots.txt' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/', '/fakturaoversikt', '/betal-faktura/123'])(
    'answers %s with index.html, never cached (history fallback)',
    async (url) => {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="app">');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('does not answer a missing asset with the SPA', async () => {
    const response = await app.inject({
      url: '/assets/gone.111111111111.js',
      headers: { accept: '*/*' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('never falls back to the SPA under /api/', async () => {
    const response = await app.inject({
      url: '/api/fakturaoversikt',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('compressed responses', () => {
  const asset = '/assets/vendor.0123456789ab.js';

  it("sends the build's brotli copy of an asset to a browser that takes brotli", async () => {
    const response = await app.inject({
      url: asset,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(VENDOR);
    expect(response.rawPayload.length).toBeLessThan(VENDOR.length / 10);
  });

  it('sends the gzip copy to one that takes only gzip, and the plain file to one that takes neither', async () => {
    const gzip = await app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(VENDOR);
    const plain = await app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(VENDOR);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("sends a build's brand theme as its brotli copy (quality 11, written at build), revalidated", async () => {
    // What scripts/brand-themes-plugin.ts and the precompress plugin put into a production build.
    const built = await mkdtemp(path.join(tmpdir(), 'minside-dist-brands-'));
    const theme = await readFile(path.resolve('public/brands/fvn.css'));
    const best = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } };
    await mkdir(path.join(built, 'brands'));
    await copyFile(path.join(dist, 'index.html'), path.join(built, 'index.html'));
    await writeFile(path.join(built, 'brands', 'fvn.css'), theme);
    await writeFile(path.join(built, 'brands', 'fvn.css.br'), brotliCompressSync(theme, best));
    await writeFile(path.join(built, 'brands', 'fvn.css.gz'), gzipSync(theme, { level: 9 }));
    const { app: production } = await createTestApp({
      demoData: false,
      config: { distDir: built, publicDir },
    });
    try {
      const response = await production.inject({
        url: '/brands/fvn.css',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/css/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).equals(theme)).toBe(true);
      // The copy written ahead, smaller than what compressing per request (quality 4) sent.
      expect(response.rawPayload.length).toBe(brotliCompressSync(theme, best).length);
      const perRequest = await app.inject({
        url: '/brands/fvn.css',
        headers: { 'accept-encoding': 'br' },
      });
      expect(perRequest.headers['content-encoding']).toBe('br');
      expect(response.rawPayload.length).toBeLessThan(perRequest.rawPayload.length);
    } finally {
      await production.close();
      await rm(built, { recursive: true, force: true });
    }
  });

  it('compresses index.html as it renders it for the host', async () => {
    const response = await app.inject({
      url: '/fakturaoversikt',
      headers: { accept: 'text/html', 'accept-encoding': 'br', host: 'fvn.localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = brotliDecompressSync(response.rawPayload).toString();
    expect(html).toContain('<title>Min Side - Fædrelandsvennen</title>');
    expect(html).toContain('<div id="app">');
  });

  it('compresses API JSON above 1 KB and leaves small answers as they are', async () => {
    const catalogue = await app.inject({
      url: '/api/catalogue/FVN',
      headers: { 'accept-encoding': 'gzip, br', host: 'fvn.localhost:8080' },
    });
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(catalogue.rawPayload).toString();
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body)).toHaveProperty('products');
    const problem = await app.inject({
      url: '/api/nothing-here',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(problem.statusCode).toBe(404);
    expect(problem.headers['content-encoding']).toBeUndefined();
    expect(problem.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });
});

describe('the first screen preloaded with the page', () => {
  const preloads = (body: string) =>
    [...body.matchAll(/<link rel="preload" as="(\w+)" fetchpriority="low" href="([^"]+)">/g)].map(
      ([, as, href]) => `${as} ${href}`,
    );

  it("preloads the screen that answers the path, with its texts in the title's language", async () => {
    const home = await app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(preloads(home.body)).toEqual([
      'script /assets/route-home.0123456789ab.js',
      'script /assets/locale-nb-common-json.0123456789ab.js',
      'script /assets/locale-nb-home-json.0123456789ab.js',
    ]);
    const nynorsk = await app.inject({
      url: '/?x=1',
      headers: { accept: 'text/html', host: 'fir.localhost' },
    });
    expect(preloads(nynorsk.body)).toContain('script /assets/locale-nn-home-json.0123456789ab.js');
  });

  it("preloads the catalogue's endpoints with a page that carries the catalogue, and with no other", async () => {
    const order = await app.inject({
      url: '/bestill-abonnement',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(order.body).toContain('"catalogue":{"titleCode":"FVN"');
    expect(preloads(order.body)).toEqual([
      'script /assets/route-bestill-abonnement.0123456789ab.js',
      'script /assets/catalogue-endpoints.0123456789ab.js',
    ]);
    const home = await app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(preloads(home.body).join(' ')).not.toContain('catalogue-endpoints');
  });

  it("preloads each part's endpoints with a page that carries it, once, after the screen's own", async () => {
    const carrying = Fastify({ logger: false });
    await registerSecurityHeaders(carrying);
    const send = await registerSpa(carrying, {
      distDir: dist,
      publicDir,
      firstScreen: (_request, pathname) =>
        Promise.resolve({
          session: { authenticated: true },
          ...(pathname === '/endre-avislevering' && {
            deliveryChanges: { subscriptionNo: '1', answer: {} },
          }),
        }),
    });
    carrying.get('/*', (request, reply) => send!(request, reply));
    const page = await carrying.inject({
      url: '/endre-avislevering',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(preloads(page.body)).toEqual([
      'script /assets/route-endre-avislevering.0123456789ab.js',
      'script /assets/delivery-endpoints.0123456789ab.js',
    ]);
    const home = await carrying.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(preloads(home.body).join(' ')).not.toContain('delivery-endpoints');
    await carrying.close();
  });

  it('matches a path with a parameter, and preloads styles as styles', async () => {
    const page = await app.inject({
      url: '/betal-faktura/8817',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(preloads(page.body)).toEqual([
      'style /assets/route-betal-faktura.0123456789ab.css',
      'script /assets/route-betal-faktura.0123456789ab.js',
      'script /assets/locale-nb-pay-invoice-json.0123456789ab.js',
    ]);
  });

  it('preloads nothing for a path no screen answers', async () => {
    const page = await app.inject({
      url: '/betal-faktura/8817/mer',
      headers: { accept: 'text/html', host: 'fvn.localhost' },
    });
    expect(preloads(page.body)).toEqual([]);
  });
});
