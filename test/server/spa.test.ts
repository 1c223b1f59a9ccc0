import { copyFile, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';

import { buildApp } from '../../src/server/app';

import { openTestDb } from './support';

let app: FastifyInstance;
let dist: string;
let publicDir: string;

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>';

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'minside-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'wordmarks'));
  await writeFile(path.join(dist, 'wordmarks', 'fvn.svg'), SVG);
  // PUBLIC_DIR: the brand themes, and the logo one title has deployed (ADR has none).
  publicDir = await mkdtemp(path.join(tmpdir(), 'minside-public-'));
  await mkdir(path.join(publicDir, 'brands'));
  await copyFile(path.resolve('public/brands/fvn.css'), path.join(publicDir, 'brands', 'fvn.css'));
  await mkdir(path.join(publicDir, 'logos'));
  await writeFile(path.join(publicDir, 'logos', 'fvn.no.svg'), SVG);
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="nb"><head><title>Min Side</title></head><body><div id="app"></div></body></html>',
  );
  await writeFile(path.join(dist, 'assets', 'main.0123456789ab.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
  app = await buildApp({
    config: {
      validateResponses: true,
      distDir: dist,
      publicDir,
      seedDemoData: false,
      logLevel: 'silent',
    },
    db: await openTestDb(),
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
  await rm(publicDir, { recursive: true, force: true });
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
