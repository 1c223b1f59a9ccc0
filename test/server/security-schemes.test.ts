// The contract's security schemes as the operations enforce them (http/security.ts), on the
// contract alone, without the app's onRequest CSRF hook that normally refuses first: an operation
// the contract marks with csrfHeader is never reached without the SPA's header from its own
// origin, the payment callback never without a valid signature, and a public one needs neither.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';

import { fixedClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/db';
import { type OperationHandler, registerContract } from '../../src/server/http/contract';
import { installProblemHandling } from '../../src/server/http/problem';
import { securityHandlersWith } from '../../src/server/http/security';
import type { Services } from '../../src/server/http/services';
import { signPayload } from '../../src/server/payments/signature';

import { TEST_NOW } from './support';
import { openSeededTestDb } from './test-db';

const SECRET = 'test-only-callback-secret';
const clock = fixedClock(TEST_NOW);
let app: FastifyInstance;
let db: Db;
const reached: string[] = [];

const handlers: Record<string, OperationHandler> = {
  collectPageView: async (request, reply) => {
    reached.push('collectPageView');
    reply.code(202);
    return { accepted: true };
  },
  getTitle: async () => {
    reached.push('getTitle');
    throw new Error('reached');
  },
  paymentCallback: async () => {
    reached.push('paymentCallback');
    return { received: true, duplicate: false };
  },
};

beforeAll(async () => {
  db = await openSeededTestDb(clock.now(), { demoUsers: false });
  app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });
  app.decorate('services', { db, clock, paymentCallbackSecret: SECRET } as unknown as Services);
  installProblemHandling(app);
  // The raw body the signature covers, as app.ts keeps it for the callback.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, JSON.parse(body as string));
  });
  await registerContract(app, {
    validateResponses: false,
    securityHandlers: securityHandlersWith([]),
    handlers,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await db.close();
});

// The contract's own example of a page view.
const pageView = {
  type: 'View',
  actor: null,
  provider: { id: 'fvn' },
  object: { id: 'minside:fvn:page:home', type: 'Page', contentId: 'home', custom: {} },
  origin: { url: '/', referrer: '', referrerType: 'Unknown' },
  experiments: [],
};

describe('csrfHeader', () => {
  it('refuses a state-changing call without the SPA header, and records it', async () => {
    reached.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { host: '127.0.0.1', origin: 'http://127.0.0.1' },
      payload: pageView,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    expect(reached).toEqual([]);
    const events = await db.query<{ detail: string }>(
      `select detail from security_events where kind = 'csrf-rejected'`,
    );
    expect(events.map((e) => e.detail)).toContainEqual(
      expect.stringContaining('x-minside-request'),
    );
  });

  it('refuses one from another origin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { host: '127.0.0.1', origin: 'https://evil.example', 'x-minside-request': '1' },
      payload: pageView,
    });
    expect(response.json()).toMatchObject({ status: 403, code: 'CSRF_REJECTED' });
  });

  it('lets the SPA’s own call through to the operation', async () => {
    reached.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: { host: '127.0.0.1', origin: 'http://127.0.0.1', 'x-minside-request': '1' },
      payload: pageView,
    });
    expect(reached).toEqual(['collectPageView']);
    expect(response.statusCode).toBe(202);
  });

  it('asks nothing of a public read (security: [])', async () => {
    reached.length = 0;
    await app.inject({ method: 'GET', url: '/api/title/FVN' });
    expect(reached).toEqual(['getTitle']);
  });
});

describe('paymentSignature', () => {
  const callback = JSON.stringify({
    eventId: 'evt_4b1d7c2e9f0a3b5c',
    paymentId: 'pay_8d2e4f6a1b3c5d7e',
    reference: 'ord_3f9a1c2b7d4e5f60',
    status: 'CAPTURED',
  });
  const post = (signature: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/callback',
      headers: { 'content-type': 'application/json', 'payment-signature': signature },
      payload: callback,
    });

  it('refuses a callback signed with another secret: 401 INVALID_SIGNATURE', async () => {
    reached.length = 0;
    const response = await post(signPayload('another', callback, clock.now().getTime() / 1000));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect(reached).toEqual([]);
  });

  it('passes a callback signed with the secret over its raw body', async () => {
    reached.length = 0;
    const response = await post(signPayload(SECRET, callback, clock.now().getTime() / 1000));
    expect(reached).toEqual(['paymentCallback']);
    expect(response.statusCode).toBe(200);
  });
});
