// The production adapters: configured by CMP_SCRIPT_URL + CMP_ACCOUNT_ID,
// ANALYTICS_SDK_URL and PRIVACY_PORTAL_URL (https only, the two CMP settings together; the portal
// per title with its client id and the way back), named to the page in
// <script id="minside-integrations"> with the title's own consent property and privacy-manager
// ids, and allowed by the page's Content-Security-Policy for their origins only. Unset: the page
// names none and its policy stays 'self'.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';

import { loadConfig } from '../../src/server/config';
import { getPublication } from '../../src/shared/publications/registry';

import { createTestApp } from './support';

const CMP = 'https://cmp.example-consent.com/unified/wrapper.js';
const SDK = 'https://sdk.example-analytics.com/pulse.js';

let dist: string;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'minside-dist-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="nb"><head><title>Min Side</title></head><body></body></html>',
  );
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await rm(dist, { recursive: true, force: true });
});

async function page(env: Record<string, string>, host = 'fvn.localhost') {
  const { integrations } = loadConfig(env);
  const { app } = await createTestApp({
    validateResponses: false,
    demoData: false,
    config: { distDir: dist, integrations },
  });
  apps.push(app);
  const response = await app.inject({ url: '/', headers: { accept: 'text/html', host } });
  const json = /<script id="minside-integrations" type="application\/json">(.*?)<\/script>/.exec(
    response.body,
  )?.[1];
  const policy = new Map(
    String(response.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
  return { named: json ? (JSON.parse(json) as unknown) : undefined, policy };
}

describe('the production adapters', () => {
  it('are named to the page with the title’s ids, and allowed by its policy for their origins', async () => {
    const { named, policy } = await page(
      {
        CMP_SCRIPT_URL: CMP,
        CMP_ACCOUNT_ID: '1234',
        ANALYTICS_SDK_URL: SDK,
        PRIVACY_PORTAL_URL: 'https://login.example.no/privacy?client_id={clientId}&back={returnTo}',
      },
      'set.localhost',
    );
    const set = getPublication('SET');
    expect(named).toEqual({
      privacyPortal: `https://login.example.no/privacy?client_id=${encodeURIComponent(
        set.spidClientId,
      )}&back=${encodeURIComponent('http://set.localhost')}`,
      cmp: {
        scriptUrl: CMP,
        accountId: 1234,
        propertyId: set.consentPropertyId,
        privacyManagerId: set.privacyManagerId,
      },
      analytics: { sdkUrl: SDK },
    });
    const origins = ['https://cmp.example-consent.com', 'https://sdk.example-analytics.com'];
    expect(policy.get('script-src')).toEqual(["'self'", ...origins]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...origins]);
    expect(policy.get('frame-src')).toEqual(origins);
  });

  it('are none by default: the embedded dialog and collector, and a policy of its own', async () => {
    const { named, policy } = await page({});
    expect(named).toEqual({ cmp: null, analytics: null, privacyPortal: null });
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.has('frame-src')).toBe(false);
  });

  it('refuse to start with a plain-http URL, or with only one of the two consent settings', () => {
    expect(() => loadConfig({ ANALYTICS_SDK_URL: 'http://sdk.example.com/x.js' })).toThrow(
      'ANALYTICS_SDK_URL must be an https URL',
    );
    expect(() => loadConfig({ PRIVACY_PORTAL_URL: 'ftp://x/{clientId}' })).toThrow(
      'PRIVACY_PORTAL_URL must be an https URL',
    );
    expect(() => loadConfig({ CMP_SCRIPT_URL: CMP })).toThrow(
      'CMP_SCRIPT_URL and CMP_ACCOUNT_ID are set together, or neither',
    );
    expect(() => loadConfig({ CMP_SCRIPT_URL: CMP, CMP_ACCOUNT_ID: 'abc' })).toThrow(
      'CMP_ACCOUNT_ID must be a positive whole number',
    );
  });
});
