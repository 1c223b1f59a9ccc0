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
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="app"></div>');
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
