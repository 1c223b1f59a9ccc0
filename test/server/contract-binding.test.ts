// The server against the contract: every operation is routed (the unimplemented ones answer 501
// problem+json to a valid request built from the contract's own examples), unknown routes are
// problem+json 404s, responses that break the contract become a logged 500 that leaks nothing,
// request validation names the offending field, and thrown errors never leak internals.
import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';

import {
  loadContract,
  type OperationHandler,
  operationsOf,
  registerContract,
} from '../../src/server/http/contract';
import { installProblemHandling } from '../../src/server/http/problem';

import { sessionFor } from './session-support';
import { buildTestApp, freePort } from './support';

// ---------------------------------------------------------------- the contract, loosely typed

interface Ref {
  readonly $ref?: string;
}
interface SchemaObject extends Ref {
  readonly pattern?: string;
  readonly example?: unknown;
}
interface ParameterObject extends Ref {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly example?: unknown;
  readonly schema?: SchemaObject;
}
interface OperationObject {
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: {
    readonly content?: Record<string, { readonly example?: unknown }>;
  };
}

const contract = loadContract();
const operations = operationsOf(contract);

function resolve<T extends Ref>(node: T): T {
  let current: Ref = node;
  while (current.$ref !== undefined) {
    let target: unknown = contract;
    for (const key of current.$ref.slice(2).split('/'))
      target = (target as Record<string, unknown> | undefined)?.[key];
    if (target === undefined) throw new Error(`Unresolved $ref ${current.$ref}`);
    current = target as Ref;
  }
  return current as T;
}

const operationObject = (method: string, path: string) =>
  contract.paths[path]![method] as unknown as OperationObject;

/** The operations this server implements; every other operation of the contract answers 501. */
const IMPLEMENTED = new Set([
  'getSession',
  'getLoginToken',
  'handleCode',
  'handleLoginToken',
  'logout',
  'getTitle',
  'retrieveTitleCode',
  'getComplaintCodes',
  'getComplaints',
  'fileComplaint',
  'getDeliveryChanges',
  'createDeliveryChange',
  'updateDeliveryChange',
  'withdrawDeliveryChange',
  'getPostalPlace',
  'getAccount',
  'createAccount',
  'modifyAccount',
  'getAccountProfile',
  'getSubscription',
  'listSubscriptionChanges',
  'deleteSubscription',
  'reactivateSubscription',
  'schedulePlanChange',
  'withdrawPlanChange',
  'getPlanConversion',
  'choosePlanConversion',
  'getConsents',
  'saveConsents',
  'collectPageView',
  'getDataExport',
  'requestDataExport',
  'downloadDataExport',
  'getDeletionRequest',
  'requestDeletion',
  'cancelDeletion',
  'postSegmentMessage',
  'dismissSegmentMessage',
  'getWithdrawal',
  'withdrawSubscription',
  'pauseSubscription',
  'endSubscriptionPause',
  'searchAccount',
  'verifyCode',
  'assignAccount',
  'getCatalogue',
  'quoteOrder',
  'createOrder',
  'getOrder',
  'getOrderReceiptPdf',
  'completeOrder',
  'cancelOrder',
  'paymentCallback',
  'vippsWebhook',
  'swedbankPayCallback',
  'addDiscount',
  'getDiscountDetails',
  'listInvoices',
  'getInvoice',
  'getInvoicePdf',
  'payInvoice',
  'changeCard',
  'changePaymentMethod',
  'verifyPaymentMethod',
  'getBusinessAgreement',
  'changeBusinessUsers',
  'registerStudentEmail',
  'activateStudentSubscription',
  'registerStudent',
  'activateStudent',
  'sendBusinessVerificationCode',
  'verifyBusinessInvitation',
  'getFamilySharing',
  'inviteFamilyMember',
  'resendFamilyInvitation',
  'withdrawFamilyInvitation',
  'removeFamilyMember',
  'leaveFamilySharing',
  'previewFamilyInvitation',
  'acceptFamilyInvitation',
  'declineFamilyInvitation',
]);

// Parameter values for parameters without an example; the first one matching the parameter's
// schema pattern is used.
const PARAMETER_SAMPLES: Readonly<Record<string, readonly string[]>> = {
  titleCode: ['FVN'],
  accountNo: ['30012345'],
  id: ['30012345', 'winback-2025-q1'],
  returnUrl: ['/endre-abonnement'],
};

function parameterValue(param: ParameterObject): string | undefined {
  const schema = resolve(param.schema ?? {});
  const example = param.example ?? schema.example;
  if (example !== undefined) return String(example);
  const pattern = schema.pattern ? new RegExp(schema.pattern) : undefined;
  const value = (PARAMETER_SAMPLES[param.name] ?? []).find((v) => !pattern || pattern.test(v));
  if (value === undefined && (param.required || param.in === 'path'))
    throw new Error(`No example or sample for the ${param.in} parameter ${param.name}`);
  return value;
}

/** A valid request for the operation, built from the contract's own examples. */
function exampleRequest(method: string, path: string): InjectOptions {
  const op = operationObject(method, path);
  let url = `/api${path}`;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const param of (op.parameters ?? []).map((p) => resolve(p))) {
    const value = parameterValue(param);
    if (value === undefined) continue;
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(value));
    else if (param.in === 'query') query.set(param.name, value);
    else if (param.in === 'header') headers[param.name.toLowerCase()] = value;
  }
  const request: InjectOptions = {
    method: method.toUpperCase() as InjectOptions['method'],
    url: query.size > 0 ? `${url}?${query}` : url,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
  if (op.requestBody) {
    const example = op.requestBody.content?.['application/json']?.example;
    if (example === undefined) throw new Error(`No request example for ${method} ${path}`);
    request.payload = example as object;
  }
  return request;
}

const PROBLEM_JSON = /^application\/problem\+json/;

// ---------------------------------------------------------------- the real server

// A listening server with the embedded identity provider, so login operations really run (the
// port is picked before the build: the provider's issuer names it).
const port = await freePort();
const t = buildTestApp({ identityProvider: { port } });
beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
});

/** A request from the SPA of a logged-in subscriber (own session each, so logout is harmless). */
async function asSubscriber(options: InjectOptions) {
  const session = await sessionFor(t, 'digital@demo.minside.no');
  return session.request(options);
}

describe('every operation of the contract is routed', () => {
  const notImplemented = operations.filter((o) => !IMPLEMENTED.has(o.operationId));
  const implemented = operations.filter((o) => IMPLEMENTED.has(o.operationId));

  it('finds every operation of the implemented set in the contract, and no other', () => {
    expect(implemented.map((o) => o.operationId).sort()).toEqual([...IMPLEMENTED].sort());
    // Every call of the contract has its handler now: none answers 501 NOT_IMPLEMENTED.
    expect(notImplemented.map((o) => o.operationId)).toEqual([]);
  });

  it.each(implemented.map((o) => [o.operationId, o.method.toUpperCase(), o.path, o] as const))(
    '%s (%s %s) is bound to its handler',
    async (_id, _method, _path, { method, path }) => {
      const response = await asSubscriber(exampleRequest(method, path));
      expect(response.statusCode).not.toBe(501);
      expect(response.statusCode).toBeLessThan(500);
      // Refused by a rule (a foreign account, an unknown login state) but never by the schema.
      expect((response.json() as { code?: string }).code).not.toBe('VALIDATION_FAILED');
    },
  );
});

describe('unknown routes under /api/', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/title/FVN'], // a known path with a method the contract does not have
    ['PATCH', '/api/account'],
  ] as const)('%s %s answers 404 problem+json ROUTE_NOT_FOUND', async (method, url) => {
    const response = await asSubscriber({
      method,
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND', instance: url });
  });
});

describe('request validation names the field', () => {
  const post = (url: string, payload: object) => asSubscriber({ method: 'POST', url, payload });
  const errorsOf = (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    const body = response.json() as { code: string; errors: { field: string; message: string }[] };
    expect(body.code).toBe('VALIDATION_FAILED');
    return body.errors;
  };
  const accountUpdate = operationObject('put', '/account').requestBody?.content?.[
    'application/json'
  ]?.example as { address: Record<string, unknown> };

  it('for a missing required body property', async () => {
    const response = await post('/api/handlecode', { state: 'abc' });
    expect(errorsOf(response)).toEqual([{ field: 'code', message: 'is required' }]);
  });

  it('for a wrong type that cannot be coerced', async () => {
    const response = await post('/api/handlecode', { code: { value: 'x' }, state: 'abc' });
    expect(errorsOf(response)).toEqual([{ field: 'code', message: 'must be string' }]);
  });

  it('for a wrong boolean in a DELETE body', async () => {
    const response = await asSubscriber({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload: { subscriptionNo: '55501234', reason: 'price', acceptedWinback: 'perhaps' },
    });
    expect(errorsOf(response)).toEqual([{ field: 'acceptedWinback', message: 'must be boolean' }]);
  });

  it('for an unknown extra property', async () => {
    const response = await post('/api/handlecode', { code: 'c', state: 's', admin: true });
    expect(errorsOf(response)).toEqual([{ field: 'admin', message: 'is not allowed' }]);
  });

  it.each([
    ['GET', '/api/subscription/12/FVN', 'accountNo'],
    ['GET', '/api/subscription/30012345/F1', 'titleCode'],
    ['POST', '/api/segment/Not_A_Segment/message', 'id'],
  ] as const)('for a pattern violation in a path parameter (%s %s)', async (method, url, field) => {
    const payload = method === 'POST' ? { titleCode: 'FVN', context: 'cancel' } : undefined;
    const response = await asSubscriber({ method, url, payload });
    expect(errorsOf(response)).toEqual([
      { field, message: expect.stringContaining('must match pattern') },
    ]);
  });

  it('for a query parameter over its length (an open redirect is replaced, not refused)', async () => {
    const response = await asSubscriber({ url: `/api/loginToken?returnUrl=/${'a'.repeat(2048)}` });
    expect(errorsOf(response)).toEqual([
      { field: 'returnUrl', message: expect.stringContaining('must NOT have more than 2048') },
    ]);
  });

  it('for a nested property (address.postalCode), dotted', async () => {
    const response = await asSubscriber({
      method: 'PUT',
      url: '/api/account',
      payload: { ...accountUpdate, address: { ...accountUpdate.address, postalCode: '12' } },
    });
    expect(errorsOf(response)).toEqual([
      { field: 'address.postalCode', message: expect.stringContaining('must match pattern') },
    ]);
    expect(response.json().detail).toContain('"address.postalCode"');
  });

  it('for a missing and an unknown nested property, dotted', async () => {
    const { streetNumber: _streetNumber, ...withoutNumber } = accountUpdate.address;
    const missing = await asSubscriber({
      method: 'PUT',
      url: '/api/account',
      payload: { ...accountUpdate, address: withoutNumber },
    });
    expect(errorsOf(missing)).toEqual([{ field: 'address.streetNumber', message: 'is required' }]);

    const extra = await asSubscriber({
      method: 'PUT',
      url: '/api/account',
      payload: { ...accountUpdate, address: { ...accountUpdate.address, gate: 'x' } },
    });
    expect(errorsOf(extra)).toEqual([{ field: 'address.gate', message: 'is not allowed' }]);
  });

  // Fastify's default Ajv option `coerceTypes: 'array'` would turn 123 into "123" and null
  // into 0; the server turns coercion off.
  it('rejects a number where the contract says string (no type coercion)', async () => {
    const response = await post('/api/handlecode', { code: 123, state: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([{ field: 'code', message: 'must be string' }]);
  });

  it('rejects null or a string where the contract says integer', async () => {
    for (const accountBalance of [null, '0']) {
      const response = await post('/api/account', {
        accountBalance,
        spidId: 'x',
        firstTitleCode: 'FVN',
      });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response)[0]?.field).toBe('accountBalance');
    }
  });
});

// ---------------------------------------------------------------- a bare contract-bound instance

interface BareApp {
  readonly app: FastifyInstance;
  /** The error log written since the last call. */
  takeLog(): string;
}

async function bareApp(
  validateResponses: boolean,
  handlers: Record<string, OperationHandler>,
): Promise<BareApp> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'error', stream },
    ajv: { customOptions: { removeAdditional: false } },
  });
  installProblemHandling(app);
  await registerContract(app, { validateResponses, handlers });
  await app.ready();
  return { app, takeLog: () => lines.splice(0).join('') };
}

const wrongHandlers: Record<string, OperationHandler> = {
  // Missing every required field but titleCode.
  getTitle: async () => ({ titleCode: 'FVN' }),
  // The code breaks the pattern ^[A-Z0-9]{1,8}$.
  getComplaintCodes: async () => ({
    complaintCodes: [{ code: 'lower-case!', description: 'x', category: 'y' }],
  }),
};

describe('response validation (validateResponses: true)', () => {
  let bare: BareApp;
  beforeAll(async () => {
    bare = await bareApp(true, wrongHandlers);
  });
  afterAll(async () => {
    await bare.app.close();
  });

  it.each([
    ['getTitle', '/api/title/FVN', 'titleDomain'],
    ['getComplaintCodes', '/api/complaintcodes', 'pattern'],
  ])(
    '%s: a response that breaks the contract is a 500 that leaks nothing, and is logged',
    async (operationId, url, violation) => {
      bare.takeLog();
      const response = await bare.app.inject({ url });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.json()).toEqual({
        type: expect.any(String),
        title: 'Internal Server Error',
        status: 500,
        code: 'INTERNAL_ERROR',
        detail: 'An unexpected error occurred.',
        instance: url,
      });
      for (const leak of [violation, 'violates', 'contract', 'stack', 'lower-case', '.ts:'])
        expect(response.body).not.toContain(leak);

      const log = bare.takeLog();
      expect(log).toContain('violates the contract');
      expect(log).toContain(operationId);
      expect(log).toContain(violation);
    },
  );
});

describe('response validation (validateResponses: false)', () => {
  let bare: BareApp;
  beforeAll(async () => {
    bare = await bareApp(false, wrongHandlers);
  });
  afterAll(async () => {
    await bare.app.close();
  });

  it('lets a pattern violation through unnoticed (so the validation above is what catches it)', async () => {
    const response = await bare.app.inject({ url: '/api/complaintcodes' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      complaintCodes: [{ code: 'lower-case!', description: 'x', category: 'y' }],
    });
    expect(bare.takeLog()).not.toContain('violates the contract');
  });

  it('does not report a missing field as a contract violation', async () => {
    bare.takeLog();
    const response = await bare.app.inject({ url: '/api/title/FVN' });
    // Whatever the serializer does with it, it is not the contract check.
    expect(bare.takeLog()).not.toContain('violates the contract');
    expect(response.body).not.toContain('violates');
  });
});

describe('thrown errors', () => {
  let bare: BareApp;
  beforeAll(async () => {
    bare = await bareApp(true, {
      getComplaintCodes: async () => {
        throw new Error('secret internals at /srv/x.js:1:1');
      },
    });
  });
  afterAll(async () => {
    await bare.app.close();
  });

  it('answer 500 problem+json without the message or a stack trace', async () => {
    bare.takeLog();
    const response = await bare.app.inject({ url: '/api/complaintcodes' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      detail: 'An unexpected error occurred.',
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('/srv/x.js');
    expect(response.body).not.toMatch(/at .*:\d+:\d+/);
    // The details go to the log instead.
    expect(bare.takeLog()).toContain('secret internals');
  });
});
