// Production mode: NODE_ENV=production refuses to start unless every port has its
// production adapter (or the sandbox's explicit opt-in), with one message that lists everything
// missing; it never seeds demo identities, never offers demo sign-in, never serves /dev/*; each
// port is named at start without its secrets. TRUST_PROXY decides whose X-Forwarded-For counts:
// a forged one does not reset a per-address limit.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';

import { ConfigError, loadConfig } from '../../src/server/config';
import { COLLECT_LIMIT } from '../../src/server/domain/analytics/events';
import { redirectUrisFor } from '../../src/server/identity/provider';
import { portLines } from '../../src/server/ports';

import { expectProblem } from './order-support';
import { spaHeaders } from './session-support';
import { buildTestApp, createTestApp, freePort, PAGE_VIEW } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Everything production needs, with the sandbox's opt-in. */
const PRODUCTION: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://minside:db-password@db.internal:5432/minside',
  OIDC_ISSUER: 'https://login.example.no/oidc',
  OIDC_CLIENT_SECRET: 'client-secret-at-the-provider',
  PAYMENT_PROVIDER: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  SMTP_URL: 'smtp://mailer:smtp-password@smtp.example.no:587',
  MAIL_FROM: 'Min Side <minside@example.no>',
  SMS_GATEWAY: 'linkmobility',
  SMS_GATEWAY_USERNAME: 'minside',
  SMS_GATEWAY_PASSWORD: 'sms-password',
  SMS_PLATFORM_PARTNER_ID: '12345',
  SMS_SENDER: 'MinSide',
  PAYMENT_CALLBACK_SECRET: 'a-callback-secret-of-32-characters-or-more',
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('NODE_ENV=production', () => {
  it('starts with every production adapter, without demo identities, demo sign-in or /dev/*', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.seedDemoData).toBe(false);
    expect(config.demoSignIn).toBe(false);
    expect(config.devRoutes).toBe(false);
    expect(config.messaging.smtp).toEqual({
      url: PRODUCTION.SMTP_URL,
      from: 'Min Side <minside@example.no>',
    });
    expect(config.messaging.sms).toMatchObject({ provider: 'linkmobility', sender: 'MinSide' });
  });

  it('lists everything missing in one message when only the database is set', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: PRODUCTION.DATABASE_URL! };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    const problems = problemsOf(env);
    expect(problems).toEqual([
      expect.stringMatching(/^OIDC_ISSUER \(https\) and OIDC_CLIENT_SECRET/),
      expect.stringMatching(/^PAYMENT_PROVIDER must name the payment provider/),
      expect.stringMatching(/^SMTP_URL and MAIL_FROM/),
      expect.stringMatching(/^SMS_GATEWAY=linkmobility/),
      expect.stringMatching(/^PAYMENT_CALLBACK_SECRET/),
      expect.stringMatching(/^TOKEN_ENCRYPTION_KEY/),
    ]);
  });

  it('refuses the embedded database, the sandbox without its opt-in, demo data and http', () => {
    const { DATABASE_URL: _, ...withoutDatabase } = PRODUCTION;
    expect(problemsOf(withoutDatabase)).toEqual([expect.stringMatching(/^DATABASE_URL must/)]);
    expect(problemsOf({ ...PRODUCTION, ALLOW_SANDBOX_PAYMENTS: 'false' })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER=sandbox takes no real money/),
    ]);
    expect(problemsOf({ ...PRODUCTION, SEED_DEMO_DATA: 'true', DEMO_SIGN_IN: 'yes' })).toEqual([
      expect.stringMatching(/^SEED_DEMO_DATA must not be on/),
      expect.stringMatching(/^DEMO_SIGN_IN must not be on/),
    ]);
    expect(problemsOf({ ...PRODUCTION, OIDC_ISSUER: 'http://localhost:9000/oidc' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER must be an https URL in production/),
    ]);
  });

  it('takes Vipps MobilePay and Swedbank Pay for real money, each with every key it needs, over https', () => {
    const providers = {
      ...PRODUCTION,
      PAYMENT_PROVIDER: 'vipps,swedbankpay',
      ALLOW_SANDBOX_PAYMENTS: 'false',
      VIPPS_CLIENT_ID: 'client-id',
      VIPPS_CLIENT_SECRET: 'vipps-client-secret',
      VIPPS_SUBSCRIPTION_KEY: 'vipps-subscription-key',
      VIPPS_MERCHANT_SERIAL_NUMBER: '123456',
      VIPPS_WEBHOOK_SECRET: 'vipps-webhook-secret',
      VIPPS_WEBHOOK_URL: 'https://minside.example.no/api/payments/vipps/webhook',
      SWEDBANKPAY_ACCESS_TOKEN: 'swedbank-access-token',
      SWEDBANKPAY_PAYEE_ID: '5cabf558-5283-482f-b252-4d58e06f6f3b',
      SWEDBANKPAY_CALLBACK_URL: 'https://minside.example.no/api/payments/swedbankpay/callback',
    };
    const config = loadConfig(providers);
    expect(config.payments).toMatchObject({
      provider: 'providers',
      vipps: { baseUrl: 'https://api.vipps.no', merchantSerialNumber: '123456' },
      swedbankPay: { baseUrl: 'https://api.payex.com' },
    });
    const line = portLines(config).find((l) => l.port === 'payments')!;
    expect(line.adapter).toBe(
      'Vipps MobilePay at https://api.vipps.no (sales unit 123456) and Swedbank Pay at https://api.payex.com',
    );
    expect(line.warn).toBeUndefined();
    expect(JSON.stringify(portLines(config))).not.toMatch(/secret|access-token|subscription-key/);
    const { VIPPS_WEBHOOK_SECRET: _a, SWEDBANKPAY_PAYEE_ID: _b, ...missing } = providers;
    expect(problemsOf(missing)).toEqual([
      'PAYMENT_PROVIDER=vipps,swedbankpay needs VIPPS_WEBHOOK_SECRET, SWEDBANKPAY_PAYEE_ID',
    ]);
    expect(problemsOf({ ...providers, VIPPS_API_URL: 'http://127.0.0.1:9000' })).toEqual([
      'VIPPS_API_URL must be an https URL, got "http://127.0.0.1:9000"',
    ]);
    expect(problemsOf({ ...providers, PAYMENT_PROVIDER: 'vipps' })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER must be sandbox, or vipps,swedbankpay/),
    ]);
  });

  it('tells every malformed setting at once, in development too', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      TRUST_PROXY: 'true',
      SMTP_URL: 'http://smtp.example.no',
      MAIL_FROM: 'minside@example.no',
      TOKEN_ENCRYPTION_KEY: 'short',
      OIDC_ISSUER: 'http://login.example.no/oidc',
      OIDC_CLIENT_SECRET: 'x',
    });
    expect(problems).toEqual([
      expect.stringMatching(/^PORT must be a whole number/),
      expect.stringMatching(/^OIDC_ISSUER must be an https URL/),
      expect.stringMatching(/^SMTP_URL must be smtp:/),
      expect.stringMatching(/^TOKEN_ENCRYPTION_KEY must be 32 bytes/),
      expect.stringMatching(/^TRUST_PROXY must be a hop count or addresses/),
    ]);
  });

  it('names each port’s adapter at start without a password, the sandbox loudly', () => {
    const lines = portLines(loadConfig(PRODUCTION));
    expect(lines.map((l) => l.port)).toEqual([
      'database',
      'identity',
      'payments',
      'e-mail',
      'sms',
      'consent',
      'analytics',
    ]);
    expect(lines.find((l) => l.port === 'payments')).toEqual({
      port: 'payments',
      adapter: 'SANDBOX: NO REAL MONEY IS TAKEN (ALLOW_SANDBOX_PAYMENTS=true)',
      warn: true,
    });
    expect(lines.find((l) => l.port === 'database')?.adapter).toBe(
      'PostgreSQL at postgres://db.internal:5432',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['db-password', 'smtp-password', 'sms-password', 'client-secret'])
      expect(text).not.toContain(secret);
    // Development: the embedded defaults, nothing loud.
    const embedded = portLines(loadConfig({}, '/srv/minside'));
    expect(embedded.filter((l) => l.warn)).toEqual([]);
    expect(embedded.map((l) => l.adapter)).toEqual([
      'embedded PGlite (/srv/minside/data/pglite)',
      'embedded OpenID provider at http://localhost:8080/idp with demo sign-in',
      'embedded sandbox (no real money)',
      'outbox only (nothing is sent)',
      'outbox only (nothing is sent)',
      'first-party consent dialog',
      'first-party collector',
    ]);
  });

  it('stops the product before it listens, with the list and exit code 78', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: PRODUCTION.DATABASE_URL,
        PORT: String(port),
      },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(78);
    expect(stderr).toContain('Min Side cannot start in production (NODE_ENV=production):');
    expect(stderr).toContain('  - SMTP_URL and MAIL_FROM must name the mail relay');
    expect(stderr).toContain('See README.md, "Running in production".');
    expect(stderr).not.toContain('db-password');
  });
});

describe('the development routes', () => {
  it('are not served when devRoutes is off (production), also with the catalogue seeded', async () => {
    const { app } = await createTestApp({ demoData: false, config: { devRoutes: false } });
    try {
      for (const url of ['/dev/outbox', '/dev/events'])
        expect((await app.inject({ url })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

/** A page view from `peer` with X-Forwarded-For `forwarded`, counted per address. */
const collectFrom = (app: FastifyInstance, peer: string, forwarded: string) =>
  app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    payload: PAGE_VIEW,
    headers: { ...spaHeaders('SET'), 'x-forwarded-for': forwarded },
    remoteAddress: peer,
  });

describe('TRUST_PROXY', () => {
  describe('unset: nobody’s forwarded headers are believed', () => {
    const t = buildTestApp();
    it('a rotated X-Forwarded-For does not reset the per-address limit', async () => {
      const collect = (forwarded: string) => collectFrom(t.app, '198.51.100.20', forwarded);
      for (let i = 0; i < COLLECT_LIMIT.limit; i++)
        expect((await collect(`203.0.113.${i % 250}`)).statusCode).toBe(202);
      expectProblem(await collect('192.0.2.77'), 429, 'RATE_LIMITED');
    });
  });

  describe('behind one trusted proxy: its client counts, a forged entry before it does not', () => {
    const t = buildTestApp({ config: { trustProxy: ['10.0.0.0/8'] } });
    it('counts by the address the proxy saw', async () => {
      const viaProxy = (forwarded: string) => collectFrom(t.app, '10.1.2.3', forwarded);
      for (let i = 0; i < COLLECT_LIMIT.limit; i++)
        expect((await viaProxy(`192.0.2.${i % 250}, 198.51.100.30`)).statusCode).toBe(202);
      expectProblem(await viaProxy('192.0.2.251, 198.51.100.30'), 429, 'RATE_LIMITED');
      // Another reader behind the same proxy has a count of their own.
      expect((await viaProxy('198.51.100.31')).statusCode).toBe(202);
    });
  });
});

describe('PUBLIC_ORIGINS', () => {
  it('lets the embedded provider return readers to a load balancer’s origin, per title on localhost', () => {
    const { publicOrigins } = loadConfig({
      PUBLIC_ORIGINS: 'http://localhost:8090, https://minside.example.no/',
    });
    expect(publicOrigins).toEqual(['http://localhost:8090', 'https://minside.example.no']);
    const uris = redirectUrisFor(
      { titleCode: 'FVN', domain: 'fvn.no' },
      { localPorts: [8081], publicOrigins },
    );
    expect(uris).toEqual([
      'https://minside.fvn.no/callback',
      'http://fvn.localhost:8081/callback',
      'http://localhost:8081/callback',
      'http://fvn.localhost:8090/callback',
      'http://localhost:8090/callback',
      'https://minside.example.no/callback',
    ]);
    expect(problemsOf({ PUBLIC_ORIGINS: 'https://minside.example.no/login' })).toEqual([
      expect.stringMatching(/^PUBLIC_ORIGINS must list origins/),
    ]);
  });
});
