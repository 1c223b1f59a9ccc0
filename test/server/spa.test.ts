import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';

import { buildApp } from '../../src/server/app';

import { openTestDb } from './support';

let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'minside-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="nb"><head><title>Min Side</title></head><body><div id="app"></div></body></html>',
  );
  await writeFile(path.join(dist, 'assets', 'main.0123456789ab.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
  app = await buildApp({
    config: { validateResponses: true, distDir: dist, seedDemoData: false, logLevel: 'silent' },
    db: await openTestDb(),
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('serving the built SPA', () => {
  it('puts the title of the host into the page: language, document title, brand, favicon', async () => {
    const page = await app.inject({
      url: '/',
      headers: { accept: 'text/html', host: 'fir.localhost:8080' },
    });
    expect(page.body).toContain(
      '<html lang="nn" class="title-firda-no" data-color-scheme="light">',
    );
    expect(page.body).toContain('<title>Min Side - Firda</title>');
    expect(page.body).toContain('<link rel="stylesheet" id="brand-theme" href="/brands/fir.css">');
    expect(page.body).toContain('<link rel="icon" href="https://www.firda.no/favicon.ico">');
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

  it('serves the brand themes and logos, revalidated', async () => {
    const theme = await app.inject({ url: '/brands/fvn.css' });
    expect(theme.statusCode).toBe(200);
    expect(theme.headers['content-type']).toMatch(/^text\/css/);
    expect(theme.headers['cache-control']).toBe('no-cache');
    const logo = await app.inject({ url: '/logos/fvn.no.svg' });
    expect(logo.statusCode).toBe(200);
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
