// Hardening (items 8–12): what a request may carry. A body only in a media type the operation
// declares (415), a required body present (400 BODY_REQUIRED), no control characters in any
// string (400 naming the field), framework-level refusals (bad %-encoding, long parameters,
// malformed JSON, large bodies, headers over Node's limit) as problem+json with a stable code, and
// every invalid field of a body reported at once. On PGlite, and on PostgreSQL when DATABASE_URL
// is set.
import { connect } from 'node:net';

import { beforeAll, describe, expect, it } from '@jest/globals';
import type { InjectOptions } from 'fastify';

import { MAX_FIELD_ERRORS } from '../../src/server/http/problem';

import { newIdentitySession, sessionFor, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();
let papir: TestSession;
let papirAccountNo: string;

beforeAll(async () => {
  papir = await sessionFor(t, 'papir@demo.minside.no');
  papirAccountNo = await demoAccountNo(t.db, 'papir@demo.minside.no');
});

type Response = Awaited<ReturnType<TestSession['request']>>;

interface ProblemBody {
  readonly status: number;
  readonly code: string;
  readonly detail?: string;
  readonly errors?: readonly { field: string; message: string }[];
}

function expectProblem(response: Response, status: number, code: string): ProblemBody {
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = response.json() as ProblemBody;
  expect({ status: response.statusCode, code: body.code, bodyStatus: body.status }).toEqual({
    status,
    code,
    bodyStatus: status,
  });
  return body;
}

const fieldsOf = (problem: ProblemBody) => (problem.errors ?? []).map((e) => e.field);

const IDEMPOTENCY_KEY = { 'idempotency-key': 'hardening-input-0001' };

// ---------------------------------------------------------------- item 8: media types

describe('a body in a media type the operation does not declare (item 8)', () => {
  const jsonOperations: readonly (readonly [string, string, Record<string, string>])[] = [
    ['POST', '/api/orders', IDEMPOTENCY_KEY],
    ['POST', '/api/orders/quote', {}],
    ['PUT', '/api/account/assign', {}],
    ['POST', '/api/retrieveTitleCode', {}],
    ['PUT', '/api/account', {}],
  ];

  it.each(jsonOperations)(
    '%s %s with Content-Type text/plain is refused with 415 before any handler runs',
    async (method, url, headers) => {
      const response = await papir.request({
        method: method as InjectOptions['method'],
        url,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: '{"titleCode":"FVN"}',
      });
      const problem = expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(problem.detail).toContain('application/json');
    },
  );

  it.each(jsonOperations)(
    '%s %s with a body but no Content-Type is refused with 415',
    async (method, url, headers) => {
      const response = await papir.request({
        method: method as InjectOptions['method'],
        url,
        headers,
        payload: Buffer.from('{"titleCode":"FVN"}'),
      });
      expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/xml'])(
    'POST /api/retrieveTitleCode as %s (anonymous) is refused with 415',
    async (type) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/retrieveTitleCode',
        headers: { ...spaHeaders(), 'content-type': type },
        payload: 'minsideUrl=https%3A%2F%2Fwww.fvn.no%2F',
      });
      expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('accepts application/json with parameters, and application/problem+json as JSON', async () => {
    const payload = JSON.stringify({ minsideUrl: 'https://minside.fvn.no/' });
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/retrieveTitleCode',
        headers: { ...spaHeaders(), 'content-type': type },
        payload,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('validates an application/problem+json body against the JSON schema (no way around it)', async () => {
    const invalid = await papir.request({
      method: 'PUT',
      url: '/api/account',
      headers: { 'content-type': 'application/problem+json' },
      payload: JSON.stringify({ ariaAccountNo: papirAccountNo, firstName: 42, isAdmin: true }),
    });
    const problem = expectProblem(invalid, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem).sort()).toEqual(['firstName', 'isAdmin']);
  });

  it('refuses a non-JSON body on an operation that takes none (POST /api/logout)', async () => {
    const session = await sessionFor(t, 'digital@demo.minside.no');
    const response = await session.request({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'text/plain' },
      payload: 'bye',
    });
    expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // The session is still there: nothing ran.
    expect((await session.request({ url: '/api/session' })).json()).toMatchObject({
      authenticated: true,
    });
  });
});

// ---------------------------------------------------------------- item 9: a required body

describe('a missing body on an operation that requires one (item 9)', () => {
  const bodyOperations: readonly (readonly [string, string])[] = [
    ['PUT', '/api/account'],
    ['POST', '/api/account'],
    ['PUT', '/api/subscription/planChange'],
    ['DELETE', '/api/subscription/planChange'],
    ['DELETE', '/api/deleteSubscription'],
  ];

  it.each(bodyOperations)(
    '%s %s without a body is 400 BODY_REQUIRED naming the body',
    async (method, url) => {
      const response = await papir.request({ method: method as InjectOptions['method'], url });
      const problem = expectProblem(response, 400, 'BODY_REQUIRED');
      expect(problem.errors).toEqual([{ field: 'body', message: 'is required' }]);
    },
  );

  it.each(bodyOperations)(
    '%s %s with Content-Type application/json and an empty body is 400 BODY_REQUIRED',
    async (method, url) => {
      const response = await papir.request({
        method: method as InjectOptions['method'],
        url,
        headers: { 'content-type': 'application/json' },
      });
      expectProblem(response, 400, 'BODY_REQUIRED');
    },
  );

  it('a JSON null body is a validation error of the body, not a crash', async () => {
    const response = await papir.request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem)).toEqual(['body']);
  });
});

// ---------------------------------------------------------------- item 10: control characters

describe('control characters in text (item 10)', () => {
  it('POST /api/account with a NUL in spidId is 400 naming spidId, and writes nothing', async () => {
    const session = await newIdentitySession(t, 'nul-spid');
    const response = await session.request({
      method: 'POST',
      url: '/api/account',
      payload: { accountBalance: 0, spidId: 'a\u0000b', firstTitleCode: 'FVN' },
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(problem.errors).toEqual([
      { field: 'spidId', message: 'must not contain control characters' },
    ]);
    expect(await t.db.query('select 1 from accounts where spid_id = $1', ['nul-spid'])).toEqual([]);
  });

  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['a line break', '\n'],
    ['a tab', '\t'],
  ])('PUT /api/account with %s in firstName is 400 naming firstName', async (_name, char) => {
    const response = await papir.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo: papirAccountNo, firstName: `Ka${char}ri` },
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem)).toEqual(['firstName']);
  });

  it('refuses half a surrogate pair (the database would keep U+FFFD), but not a whole one', async () => {
    // The name on the delivery address: Min Side's (the reader's own name is the provider's).
    const rename = (coName: string) =>
      papir.request({
        method: 'PUT',
        url: '/api/account',
        payload: {
          ariaAccountNo: papirAccountNo,
          address: { coName, street: 'Gate', streetNumber: '1', postalCode: '4611', place: 'By' },
        },
      });
    const problem = expectProblem(await rename('Kari\ud800'), 400, 'VALIDATION_FAILED');
    expect(problem.errors).toEqual([
      { field: 'address.coName', message: 'must not contain unpaired surrogates' },
    ]);
    expect((await rename('Kari 𝕏')).statusCode).toBe(200);
  });

  it('names a nested field by its dotted path (address.street)', async () => {
    const response = await papir.request({
      method: 'PUT',
      url: '/api/account',
      payload: {
        ariaAccountNo: papirAccountNo,
        address: {
          coName: 'Kari',
          street: 'Storgata\u0000',
          streetNumber: '1',
          postalCode: '4611',
          place: 'Kristiansand S',
        },
      },
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem)).toEqual(['address.street']);
  });

  it('free text (a cancellation comment) takes line breaks and tabs, but no other controls', async () => {
    const cancel = (comment: string) =>
      papir.request({
        method: 'DELETE',
        url: '/api/deleteSubscription',
        payload: { subscriptionNo: '1', reason: 'other', comment, acceptedWinback: false },
      });
    const withLines = await cancel('Line one\r\nLine\ttwo');
    expect((withLines.json() as ProblemBody).code).not.toBe('VALIDATION_FAILED');
    const problem = expectProblem(await cancel('Line one\u0000'), 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem)).toEqual(['comment']);
  });

  it('applies to query parameters too (GET /api/loginToken?returnUrl=%00)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/loginToken?returnUrl=%2Fa%00b',
      headers: spaHeaders(),
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem)).toEqual(['returnUrl']);
  });
});

// ---------------------------------------------------------------- item 11: framework errors

describe('errors raised by the framework are problem+json with a stable code (item 11)', () => {
  it('malformed %-encoding in the path is 400 MALFORMED_URL', async () => {
    const response = await papir.request({ url: '/api/account/%zz/profile' });
    const problem = expectProblem(response, 400, 'MALFORMED_URL') as ProblemBody & {
      instance: string;
    };
    expect(problem.instance).toBe('/api/account/%25zz/profile');
    // Raised before any hook runs, it still carries the security headers of a JSON answer.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('an over-long path parameter is 414 URI_TOO_LONG, without echoing the path in detail', async () => {
    const response = await papir.request({ url: `/api/account/${'9'.repeat(300)}/profile` });
    const problem = expectProblem(response, 414, 'URI_TOO_LONG');
    expect(problem.detail).not.toContain('999999');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('malformed JSON is 400 MALFORMED_JSON', async () => {
    const response = await papir.request({
      method: 'PUT',
      url: '/api/account',
      headers: { 'content-type': 'application/json' },
      payload: '{"ariaAccountNo": ',
    });
    expectProblem(response, 400, 'MALFORMED_JSON');
  });

  it('JSON with a __proto__ key is 400 MALFORMED_JSON', async () => {
    const response = await papir.request({
      method: 'PUT',
      url: '/api/account',
      headers: { 'content-type': 'application/json' },
      payload: '{"ariaAccountNo":"1","__proto__":{"admin":true}}',
    });
    expectProblem(response, 400, 'MALFORMED_JSON');
  });

  it('a body over the limit is 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await papir.request({
      method: 'PUT',
      url: '/api/account',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  describe('over real HTTP (Node refuses before Fastify sees a request)', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });

    /** Sends raw bytes and reads the whole answer (the server closes the connection). */
    const raw = (request: string) =>
      new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString('utf8')));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = data.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body });
        });
        socket.write(request);
      });

    const expectRawProblem = (
      answer: { status: number; headers: string; body: string },
      status: number,
      code: string,
    ) => {
      expect(answer.headers).toContain('content-type: application/problem+json');
      expect(answer.headers).toContain('x-content-type-options: nosniff');
      expect({
        status: answer.status,
        code: (JSON.parse(answer.body) as ProblemBody).code,
      }).toEqual({ status, code });
    };

    it('headers over the limit are 431 HEADERS_TOO_LARGE', async () => {
      const answer = await raw(
        `GET /api/session HTTP/1.1\r\nHost: fvn.localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expectRawProblem(answer, 431, 'HEADERS_TOO_LARGE');
    });

    it('a URL over the limit is 431 HEADERS_TOO_LARGE', async () => {
      const answer = await raw(
        `GET /api/loginToken?returnUrl=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: fvn.localhost\r\n\r\n`,
      );
      expectRawProblem(answer, 431, 'HEADERS_TOO_LARGE');
    });

    it('a request that is not HTTP is 400 BAD_REQUEST', async () => {
      const answer = await raw('HELLO THERE\r\n\r\n');
      expectRawProblem(answer, 400, 'BAD_REQUEST');
    });
  });
});

// ---------------------------------------------------------------- item 12: all errors at once

describe('every invalid field of a body at once (item 12)', () => {
  it('PUT /api/account names each invalid field in one answer', async () => {
    const response = await papir.request({
      method: 'PUT',
      url: '/api/account',
      payload: {
        ariaAccountNo: papirAccountNo,
        firstName: 42,
        phoneNumber: 'not a phone',
        email: 'not-an-email',
        birthDate: '10.03.1990',
        address: { street: 'Storgata', streetNumber: '1', postalCode: 'abc', place: 'X' },
        // (coName is required in an address: missing, it is one more field reported)
        nickname: 'extra',
      },
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem).sort()).toEqual(
      [
        'address.coName',
        'address.postalCode',
        'birthDate',
        'email',
        'firstName',
        'nickname',
        'phoneNumber',
      ].sort(),
    );
    for (const field of fieldsOf(problem)) expect(problem.detail).toContain(`"${field}"`);
  });

  it('reports a missing required field together with the invalid ones', async () => {
    const response = await papir.request({
      method: 'PUT',
      url: '/api/subscription/planChange',
      payload: { ariaPlanID: 'lower-case', period: 'Daglig' },
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem).sort()).toEqual(['ariaPlanID', 'period', 'subscriptionNo']);
  });

  it(`keeps at most ${MAX_FIELD_ERRORS} field errors, and says how many more there were`, async () => {
    const extra = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`extra${i}`, i]));
    const response = await papir.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo: papirAccountNo, ...extra },
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(problem.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(problem.detail).toMatch(/and 30 more$/);
  });

  it('one error per field, even where a value breaks several rules', async () => {
    const response = await papir.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo: papirAccountNo, phoneNumber: `\u0000${'1'.repeat(40)}` },
    });
    const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(problem)).toEqual(['phoneNumber']);
  });
});
