// Contract-driven fuzzing of the API: for every operation of openapi/minside.yaml, requests built
// from its own schemas, valid ones with odd values and invalid ones (wrong types, missing and
// extra fields, huge strings, control characters, lone surrogates, malformed JSON, wrong media
// types, bad path and query parameters, wrong headers), anonymous and signed in, with and
// without the CSRF headers. Whatever comes in, the answer is never a 5xx (but the 501 of an
// operation not built yet), and every 4xx is problem+json with a stable `code`.
//
// Bounded and reproducible in `npm test` (a fixed seed, 60 runs per operation, ≈2,700 requests);
// `npm run fuzz` runs longer with a random seed it prints (FUZZ_SEED=<seed> reproduces a run,
// FUZZ_RUNS sets the runs per operation, FUZZ_STATS=1 prints what each operation answered).
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc, { type Arbitrary } from 'fast-check';
import type { InjectOptions } from 'fastify';

import { loadContract, operationsOf } from '../../src/server/http/contract';
import { signPayload } from '../../src/server/payments/signature';

import { newIdentitySession, sessionFor, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, freePort } from './support';

// ---------------------------------------------------------------- how much, which seed

const DEFAULT_SEED = 20_260_310;
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
if (process.env.FUZZ_SEED !== undefined)
  process.stderr.write(`fuzz: seed ${SEED}, ${RUNS} runs per operation (FUZZ_SEED=${SEED})\n`);
/** Time for one operation's runs (a run is a few milliseconds; shrinking a failure takes more). */
const TIMEOUT = Math.max(60_000, RUNS * 500);

// ---------------------------------------------------------------- the contract, dereferenced

interface Schema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly nullable?: boolean;
  readonly pattern?: string;
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly properties?: Record<string, Schema>;
  readonly required?: readonly string[];
  readonly minProperties?: number;
  readonly items?: Schema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly oneOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
}
interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly schema: Schema;
}
interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body?: { readonly required: boolean; readonly schema: Schema };
}

async function contractOperations(): Promise<Operation[]> {
  const raw = loadContract();
  const doc = (await SwaggerParser.dereference(structuredClone(raw) as never)) as unknown as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
        }
      >
    >;
  };
  return operationsOf(raw).map(({ operationId, method, path }) => {
    const op = doc.paths[path]![method]!;
    const json = op.requestBody?.content['application/json'];
    return {
      operationId,
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      ...(json
        ? { body: { required: op.requestBody?.required === true, schema: json.schema } }
        : {}),
    };
  });
}

// ---------------------------------------------------------------- values

/**
 * Strings seen in a user's real answers (account, subscription, invoice, plan numbers, ...), by
 * the field name they came under: a request field of a related name takes those first.
 */
type Pool = ReadonlyMap<string, readonly string[]>;
const knownByUser = new Map<string, Pool>();

const related = (key: string, name: string) => {
  const [k, n] = [key.toLowerCase(), name.toLowerCase()];
  return n.length >= 3 && (k.includes(n) || n.includes(k));
};

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[2J',
  '\u007f',
  '\ud800',
  '\udfff\ud800',
  '\uffff',
  '\u202e',
  '%00',
  '%zz',
  '../../etc/passwd',
  "' or '1'='1",
  '<script>alert(1)</script>',
  '𝕏𝕐',
  'null',
  '-1',
  '0',
  '1e400',
  '9'.repeat(40),
  'NaN',
];

const shortString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...NASTY_STRINGS),
);
const hugeString = fc.integer({ min: 1_000, max: 120_000 }).map((n) => 'x'.repeat(n));

/** Any string at all: code points of every kind, the usual suspects, and huge ones. */
const anyString: Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
  { arbitrary: hugeString, weight: 1 },
);

/**
 * Percent-encoding of any string; a lone surrogate (which encodeURIComponent refuses) becomes
 * the three bytes a careless encoder would write, which are not valid UTF-8.
 */
function encode(value: string): string {
  let out = '';
  for (const ch of value) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff)
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

const types = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type as string] : []);

/** Strings matching `pattern`; lookarounds (which fast-check cannot generate) are dropped first. */
function matching(pattern: string): Arbitrary<string> {
  const regex = new RegExp(pattern, 'u');
  try {
    return fc.stringMatching(regex);
  } catch {
    const loose = pattern.replace(/\(\?<?[=!][^)]*\)/g, '');
    return fc.stringMatching(new RegExp(loose, 'u')).filter((v) => regex.test(v));
  }
}

function lengthOk(s: Schema, v: string) {
  return v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
}

function validString(s: Schema, pool: Pool, name = ''): Arbitrary<string> {
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  let arb: Arbitrary<string>;
  if (s.pattern) arb = matching(s.pattern);
  else if (s.format === 'email') arb = fc.emailAddress();
  else if (s.format === 'date')
    arb = fc.oneof(
      fc
        .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.constantFrom('1900-01-01', '2026-03-10', '2026-03-11', '2008-02-29', '9999-12-31'),
    );
  else if (s.format === 'uuid') arb = fc.uuid();
  else if (s.format === 'uri') arb = fc.webUrl({ withQueryParameters: true, withFragments: true });
  else
    arb = fc.string({
      unit: 'grapheme',
      minLength: s.minLength ?? 0,
      maxLength: Math.min(s.maxLength ?? 40, 40),
    });
  arb = arb.filter((v) => lengthOk(s, v));
  const pattern = s.pattern ? new RegExp(s.pattern, 'u') : undefined;
  const fits = (v: string) => lengthOk(s, v) && (!pattern || pattern.test(v));
  const named = [...pool].flatMap(([key, values]) => (related(key, name) ? values : []));
  const seen = named.some(fits)
    ? named.filter(fits)
    : [...new Set([...pool.values()].flat())].filter(fits);
  return seen.length > 0
    ? fc.oneof({ arbitrary: arb, weight: 1 }, { arbitrary: fc.constantFrom(...seen), weight: 1 })
    : arb;
}

const EDGE_INTEGERS = [0, 1, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1, 1e15, 1e20];

/** A value the schema accepts (odd ones included: edge numbers, extreme dates, known ids). */
function valid(s: Schema, pool: Pool, name = ''): Arbitrary<unknown> {
  const arb = validNotNull(s, pool, name);
  return s.nullable ? fc.option(arb, { nil: null }) : arb;
}

function validNotNull(s: Schema, pool: Pool, name: string): Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => valid(a, pool)));
  if (s.allOf) return valid(Object.assign({}, ...s.allOf) as Schema, pool);
  const t = types(s);
  if (t.includes('object') || s.properties) {
    const properties = s.properties ?? {};
    const model = Object.fromEntries(
      Object.entries(properties).map(([k, v]) => [k, valid(v, pool, k)]),
    );
    return fc.record(model, { requiredKeys: [...(s.required ?? [])] as never[] });
  }
  if (t.includes('array'))
    return fc.array(valid(s.items ?? {}, pool), {
      minLength: s.minItems ?? 0,
      maxLength: Math.min(s.maxItems ?? 4, 4),
    });
  if (t.includes('string')) return validString(s, pool, name);
  if (t.includes('integer')) {
    const min = s.minimum ?? Number.MIN_SAFE_INTEGER;
    const max = s.maximum ?? Number.MAX_SAFE_INTEGER;
    const edges = EDGE_INTEGERS.filter((n) => n >= min && n <= max);
    return fc.oneof(
      fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }),
      ...(edges.length > 0 ? [fc.constantFrom(...edges)] : []),
    );
  }
  if (t.includes('number'))
    return fc.double({
      min: s.minimum ?? -1e12,
      max: s.maximum ?? 1e12,
      noNaN: true,
      noDefaultInfinity: true,
    });
  if (t.includes('boolean')) return fc.boolean();
  return fc.jsonValue();
}

const wrongType: Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  anyString,
);

/** A value of the schema with a control character put somewhere in it. */
const withControl = (s: Schema, pool: Pool) =>
  fc
    .tuple(validString(s, pool), fc.integer({ min: 0, max: 0x1f }), fc.nat())
    .map(([v, code, at]) => {
      const i = v.length === 0 ? 0 : at % (v.length + 1);
      return v.slice(0, i) + String.fromCharCode(code) + v.slice(i);
    });

/** A value the schema (most likely) refuses, or one that is close to the edge of it. */
function invalid(s: Schema, pool: Pool, depth = 0): Arbitrary<unknown> {
  const options: Arbitrary<unknown>[] = [wrongType];
  const t = types(s);
  if (t.includes('string') && !s.enum) {
    options.push(anyString, withControl(s, pool));
    if (s.maxLength !== undefined)
      options.push(fc.constant('y'.repeat(s.maxLength + 1)), fc.constant('y'.repeat(s.maxLength)));
  }
  if (t.includes('integer') || t.includes('number'))
    options.push(
      fc.constantFrom(0.5, -1, 1e300, -1e300, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, -0),
      fc.string({ maxLength: 6 }),
    );
  if ((t.includes('object') || s.properties) && depth < 3) {
    const properties = Object.entries(s.properties ?? {});
    const base = valid(s, pool) as Arbitrary<Record<string, unknown>>;
    // without a required field
    if ((s.required ?? []).length > 0)
      options.push(
        fc.tuple(base, fc.constantFrom(...s.required!)).map(([v, key]) => {
          const copy = { ...v };
          delete copy[key];
          return copy;
        }),
      );
    // with a field the contract does not know (and a prototype-looking one)
    options.push(
      fc
        .tuple(base, fc.constantFrom('extra', 'isAdmin', 'constructor', 'toString', '__proto__'))
        .map(([v, key]) => {
          const copy = { ...v };
          Object.defineProperty(copy, key, { value: 1, enumerable: true, writable: true });
          return copy;
        }),
    );
    // with one field broken
    if (properties.length > 0)
      options.push(
        fc
          .constantFrom(...properties)
          .chain(([key, schema]) =>
            fc
              .tuple(base, invalid(schema, pool, depth + 1))
              .map(([v, bad]) => ({ ...v, [key]: bad })),
          ),
      );
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------- requests

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/problem+json',
  'application/json, text/plain',
  'application/*',
  'garbage',
  'json',
];

interface BodyCase {
  readonly payload?: string | Buffer;
  readonly contentType?: string;
}

const json = (value: unknown): BodyCase => ({
  payload: JSON.stringify(value),
  contentType: 'application/json',
});

function bodyCases(schema: Schema | undefined, pool: Pool): Arbitrary<BodyCase> {
  const shaped = schema ? valid(schema, pool) : fc.constant({});
  return fc.oneof(
    { arbitrary: shaped.map(json), weight: 8 },
    ...(schema ? [{ arbitrary: invalid(schema, pool).map(json), weight: 6 }] : []),
    { arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json), weight: 1 },
    // malformed JSON: a valid body cut short, or random text
    {
      arbitrary: shaped.chain((v) => {
        const text = JSON.stringify(v) ?? '';
        return fc.nat(Math.max(0, text.length - 1)).map((n) => ({
          payload: text.slice(0, n),
          contentType: 'application/json',
        }));
      }),
      weight: 1,
    },
    {
      arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map((payload) => ({
        payload,
        contentType: 'application/json',
      })),
      weight: 1,
    },
    // the right body in the wrong media type, or none
    {
      arbitrary: fc
        .tuple(shaped, fc.constantFrom(...CONTENT_TYPES))
        .map(([v, contentType]) => ({ payload: JSON.stringify(v), contentType })),
      weight: 2,
    },
    { arbitrary: shaped.map((v) => ({ payload: Buffer.from(JSON.stringify(v)) })), weight: 1 },
    { arbitrary: fc.constant<BodyCase>({}), weight: 1 },
    { arbitrary: fc.constant<BodyCase>({ contentType: 'application/json' }), weight: 1 },
    // deep nesting and a body over the limit
    {
      arbitrary: fc.constantFrom<BodyCase>(
        { payload: '['.repeat(10_000) + ']'.repeat(10_000), contentType: 'application/json' },
        { payload: `{"a":"${'z'.repeat(1_100_000)}"}`, contentType: 'application/json' },
      ),
      weight: 1,
    },
  );
}

/** A path parameter: valid, any string (encoded), or raw bytes a router has to cope with. */
function pathValue(p: Parameter, pool: Pool): Arbitrary<string> {
  return fc.oneof(
    { arbitrary: (valid(p.schema, pool, p.name) as Arbitrary<string>).map(encode), weight: 8 },
    { arbitrary: shortString.map(encode), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '%zz',
        '%',
        '%00',
        '%2F',
        '..',
        '%2e%2e',
        '%C0%AF',
        '%ff',
        '%u0041',
      ),
      weight: 1,
    },
    { arbitrary: fc.constant('9'.repeat(150)), weight: 1 },
  );
}

/** A query or header value: absent, valid, or any (header values: what HTTP can carry). */
function parameterValue(p: Parameter, pool: Pool): Arbitrary<string | string[] | undefined> {
  const visible = (v: string) => v.replace(/[^\x20-\x7e]/g, '');
  const any = p.in === 'header' ? anyString.map(visible) : anyString;
  const value = valid(p.schema, pool, p.name).map(String);
  return fc.oneof(
    { arbitrary: value, weight: 4 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: any, weight: 1 },
    ...(p.in === 'query'
      ? [{ arbitrary: fc.tuple(value, any).map(([a, b]) => [a, b]), weight: 1 }]
      : []),
  );
}

const AUTH = [
  'anonymous',
  'anonymous-no-csrf',
  'signed-in',
  'signed-in-no-csrf',
  'signed-in-cross-origin',
  'first-login',
] as const;
type Auth = (typeof AUTH)[number];
const DEMO_USERS = ['papir', 'digital', 'ung', 'familie', 'ingen', 'bedrift-admin'] as const;

interface Case {
  readonly auth: Auth;
  readonly user: (typeof DEMO_USERS)[number];
  readonly path: Record<string, string>;
  readonly query: Record<string, string | string[] | undefined>;
  readonly extraQuery: Record<string, string>;
  readonly headers: Record<string, string | undefined>;
  readonly body: BodyCase;
  readonly signCallback: boolean;
}

/** The requests of one operation for one user (whose real ids the generated values use). */
function casesFor(op: Operation, user: Case['user']): Arbitrary<Case> {
  const pool = knownByUser.get(user) ?? new Map<string, string[]>();
  const byPlace = (place: Parameter['in']) => op.parameters.filter((p) => p.in === place);
  const record = (
    list: readonly Parameter[],
    value: (p: Parameter, pool: Pool) => Arbitrary<unknown>,
  ) => fc.record(Object.fromEntries(list.map((p) => [p.name, value(p, pool)])));
  return fc.record({
    // mostly signed in with the SPA's headers: those requests get past the CSRF check
    auth: fc.oneof(
      { arbitrary: fc.constant<Auth>('signed-in'), weight: 8 },
      { arbitrary: fc.constant<Auth>('first-login'), weight: 1 },
      { arbitrary: fc.constantFrom(...AUTH), weight: 3 },
    ),
    user: fc.constant(user),
    path: record(byPlace('path'), pathValue) as Arbitrary<Record<string, string>>,
    query: record(byPlace('query'), parameterValue) as Arbitrary<Case['query']>,
    extraQuery: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 10 }), {
      maxKeys: 2,
    }),
    headers: record(byPlace('header'), parameterValue) as Arbitrary<Case['headers']>,
    body: bodyCases(op.body?.schema, pool),
    signCallback: fc.boolean(),
  });
}

function cases(op: Operation): Arbitrary<Case> {
  const byUser = new Map(DEMO_USERS.map((user) => [user, casesFor(op, user)]));
  return fc.constantFrom(...DEMO_USERS).chain((user) => byUser.get(user)!);
}

// ---------------------------------------------------------------- the server

// The embedded identity provider listens, so the login operations reach it as in production
// (the port is picked before the build: the provider's issuer names it).
const port = await freePort();
const t = buildTestApp({ identityProvider: { port } });
let operations: Operation[] = [];
const sessions = new Map<string, TestSession>();

/** The user's session; `throwaway` for a request that may end it (logout). */
async function sessionOf(user: Case['user'], throwaway = false): Promise<TestSession> {
  const cached = sessions.get(user);
  if (cached && !throwaway) return cached;
  const session = await sessionFor(t, `${user}@demo.minside.no`);
  if (!throwaway) sessions.set(user, session);
  return session;
}

/** Every string of a JSON answer by the name of the field it is in, as values for generated ids. */
function strings(value: unknown, into: Map<string, Set<string>>, key = '') {
  if (typeof value === 'string' && value.length <= 64) {
    const values = into.get(key) ?? new Set<string>();
    into.set(key, values.add(value));
  } else if (Array.isArray(value)) value.forEach((v) => strings(v, into, key));
  else if (value && typeof value === 'object')
    Object.entries(value).forEach(([k, v]) => strings(v, into, k));
}

beforeAll(async () => {
  operations = await contractOperations();
  await t.app.listen({ port, host: '127.0.0.1' });
  // Harvest each user's real ids, so generated requests reach the handlers.
  for (const user of DEMO_USERS) {
    const seen = new Map<string, Set<string>>();
    const session = await sessionOf(user);
    const me = (await session.request({ url: '/api/session' })).json() as {
      account?: { ariaAccountNo?: string } | null;
    };
    strings(me, seen);
    const accountNo = me.account?.ariaAccountNo;
    if (accountNo)
      for (const url of [
        `/api/account/${accountNo}`,
        `/api/subscription/${accountNo}/FVN`,
        `/api/invoices/${accountNo}/FVN`,
        '/api/catalogue/FVN',
        // the business admin's employees: real addresses for the seat changes
        '/api/business/FVN',
      ])
        strings((await session.request({ url })).json(), seen);
    knownByUser.set(user, new Map([...seen].map(([key, values]) => [key, [...values]])));
  }
}, 60_000);
afterAll(() => {
  for (const [label, counts] of stats)
    process.stderr.write(
      `${label}: ${[...counts]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k}×${n}`)
        .join(', ')}\n`,
    );
});

function toRequest(op: Operation, c: Case): InjectOptions {
  let url = `/api${op.path}`;
  for (const [name, value] of Object.entries(c.path)) url = url.replace(`{${name}}`, value);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...c.extraQuery, ...c.query })) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(name, v);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.headers))
    if (value !== undefined) headers[name.toLowerCase()] = value;
  if (c.body.contentType !== undefined) headers['content-type'] = c.body.contentType;
  if (op.operationId === 'paymentCallback' && c.signCallback) {
    const { paymentCallbackSecret, clock } = t.app.services;
    headers['payment-signature'] = signPayload(
      paymentCallbackSecret,
      String(c.body.payload ?? ''),
      clock.now().getTime() / 1000,
    );
  }
  return {
    method: op.method as InjectOptions['method'],
    url: query.size > 0 ? `${url}?${query}` : url,
    headers,
    ...(c.body.payload !== undefined ? { payload: c.body.payload } : {}),
  };
}

let newcomers = 0;

function spidIdOf(body: BodyCase): string | undefined {
  try {
    const { spidId } = JSON.parse(String(body.payload)) as { spidId?: unknown };
    return typeof spidId === 'string' && /^[\x21-\x7e]{1,64}$/.test(spidId) ? spidId : undefined;
  } catch {
    return undefined;
  }
}

async function authHeaders(op: Operation, c: Case): Promise<Record<string, string>> {
  const spa = spaHeaders();
  const host = { host: spa.host };
  switch (c.auth) {
    case 'anonymous':
      return spa;
    case 'anonymous-no-csrf':
      return host;
    case 'first-login':
      // a reader new to Min Side, whoever the body says (so createAccount gets past "not yours")
      return (await newIdentitySession(t, spidIdOf(c.body) ?? `fuzz-${++newcomers}`)).headers;
    default: {
      // logout ends the session: every run of it gets a fresh one
      const session = await sessionOf(c.user, op.operationId === 'logout');
      const cookie = { ...host, cookie: session.headers.cookie! };
      if (c.auth === 'signed-in') return session.headers;
      if (c.auth === 'signed-in-no-csrf') return cookie;
      return { ...session.headers, origin: 'https://evil.example' };
    }
  }
}

const PROBLEM_JSON = /^application\/problem\+json/;
const CODE = /^[A-Z][A-Z0-9_]*$/;

/** The answer's faults, none when it keeps the promise. */
function faults(method: string, status: number, contentType: string, body: string): string[] {
  const found: string[] = [];
  let problem: { code?: unknown; status?: unknown } | undefined;
  if (status >= 400 && method === 'HEAD') {
    // the answer to HEAD has the headers of the GET answer and no body
    if (!PROBLEM_JSON.test(contentType)) found.push(`content-type ${contentType}`);
    if (status >= 500) found.push(`server error ${status}`);
    return found;
  }
  if (status >= 400) {
    if (!PROBLEM_JSON.test(contentType)) found.push(`content-type ${contentType}`);
    try {
      problem = JSON.parse(body) as typeof problem;
    } catch {
      found.push('body is not JSON');
    }
    if (typeof problem?.code !== 'string' || !CODE.test(problem.code)) found.push('no code');
    if (problem?.status !== status) found.push(`status ${String(problem?.status)} in body`);
  }
  if (status >= 500 && !(status === 501 && problem?.code === 'NOT_IMPLEMENTED'))
    found.push(`server error ${status}`);
  return found;
}

function describeRequest(request: InjectOptions) {
  const payload = request.payload === undefined ? '' : String(request.payload);
  return JSON.stringify({
    method: request.method,
    url: String(request.url).slice(0, 300),
    headers: { ...request.headers, cookie: undefined },
    payload: payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload,
  });
}

/** FUZZ_STATS=1: how often each operation answered what (to see the runs reach the handlers). */
const stats = new Map<string, Map<string, number>>();

async function send(request: InjectOptions, label: string): Promise<void> {
  const response = await t.app.inject(request);
  if (process.env.FUZZ_STATS) {
    const code =
      response.statusCode >= 400 ? (/"code":"([A-Z0-9_]+)"/.exec(response.body)?.[1] ?? '') : '';
    const key = `${response.statusCode} ${code}`;
    const counts = stats.get(label) ?? new Map<string, number>();
    counts.set(key, (counts.get(key) ?? 0) + 1);
    stats.set(label, counts);
  }
  const found = faults(
    String(request.method),
    response.statusCode,
    String(response.headers['content-type'] ?? ''),
    response.body,
  );
  if (found.length > 0)
    throw new Error(
      `${found.join(', ')}\n  request: ${describeRequest(request)}\n  answer: ${response.statusCode} ${response.body.slice(0, 400)}`,
    );
}

// ---------------------------------------------------------------- the properties

describe(`fuzzing every operation of the contract (seed ${SEED}, ${RUNS} runs each)`, () => {
  it('covers every operation of the contract', async () => {
    expect(operations.length).toBe(operationsOf(loadContract()).length);
    expect(operations.length).toBeGreaterThan(30);
  });

  // jest needs the names before beforeAll has run: they come from the contract synchronously.
  const names = operationsOf(loadContract()).map((o) => o.operationId);
  it.each(names)(
    '%s: no 5xx, and every 4xx is problem+json with a code',
    async (operationId) => {
      const op = operations.find((o) => o.operationId === operationId)!;
      await fc.assert(
        fc.asyncProperty(cases(op), async (c) => {
          const request = toRequest(op, c);
          request.headers = { ...request.headers, ...(await authHeaders(op, c)) };
          await send(request, operationId);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'any method on any path under /api/',
    async () => {
      const segment = fc.oneof(
        fc.constantFrom('account', 'orders', 'subscription', 'invoice', '%zz', '..', '', '%00'),
        anyString.map(encode),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
          fc.array(segment, { minLength: 1, maxLength: 4 }),
          fc.constantFrom(...AUTH),
          bodyCases(undefined, new Map()),
          async (method, segments, auth, body) => {
            const c = { auth, user: 'papir', body } as Case;
            const request: InjectOptions = {
              method: method as InjectOptions['method'],
              url: `/api/${segments.join('/')}`,
              headers: {
                ...(await authHeaders({ operationId: '' } as Operation, c)),
                ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}),
              },
              ...(body.payload !== undefined && method !== 'GET' && method !== 'HEAD'
                ? { payload: body.payload }
                : {}),
            };
            await send(request, 'any path');
          },
        ),
        { seed: SEED, numRuns: RUNS * 4 },
      );
    },
    TIMEOUT,
  );
});
