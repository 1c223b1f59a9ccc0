// The contract itself (openapi/minside.yaml): valid OpenAPI 3.0, every call of requirements §7 with its
// exact method and path, consistent operations (ids, tags, success and problem responses), closed
// request bodies, the bodies the spec fixes, examples that match their schemas, and enumerations
// that agree with the shared code.
import { readFileSync } from 'node:fs';

import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

import { contractPath } from '../../src/server/http/contract';
import { periods } from '../../src/shared/subscription/plans';
import { SubscriptionStatus, statusCodes } from '../../src/shared/subscription/status';

// ---------------------------------------------------------------- a minimal OpenAPI 3.0 model

interface Ref {
  readonly $ref?: string;
}
interface SchemaObject extends Ref {
  readonly type?: string;
  readonly properties?: Record<string, SchemaObject>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | SchemaObject;
  readonly items?: SchemaObject;
  readonly anyOf?: readonly SchemaObject[];
  readonly oneOf?: readonly SchemaObject[];
  readonly allOf?: readonly SchemaObject[];
  readonly not?: SchemaObject;
  readonly enum?: readonly unknown[];
  readonly pattern?: string;
  readonly format?: string;
}
interface MediaTypeObject {
  readonly schema?: SchemaObject;
  readonly example?: unknown;
  readonly examples?: Record<string, { readonly value?: unknown }>;
}
interface ParameterObject extends Ref {
  readonly name: string;
  readonly in: string;
  readonly schema?: SchemaObject;
}
interface HeaderObject extends Ref {
  readonly schema?: SchemaObject;
}
interface ResponseObject extends Ref {
  readonly content?: Record<string, MediaTypeObject>;
  readonly headers?: Record<string, HeaderObject>;
}
interface RequestBodyObject extends Ref {
  readonly required?: boolean;
  readonly content?: Record<string, MediaTypeObject>;
}
interface OperationObject {
  readonly operationId?: string;
  readonly tags?: readonly string[];
  readonly parameters?: readonly ParameterObject[];
  readonly requestBody?: RequestBodyObject;
  readonly responses: Record<string, ResponseObject>;
  readonly security?: readonly Record<string, readonly string[]>[];
}
interface Document {
  readonly openapi: string;
  readonly servers?: readonly { readonly url: string }[];
  readonly tags?: readonly { readonly name: string }[];
  readonly paths: Record<string, Record<string, OperationObject>>;
  readonly components: {
    readonly schemas: Record<string, SchemaObject>;
    readonly parameters?: Record<string, ParameterObject>;
    readonly headers?: Record<string, HeaderObject>;
    readonly responses?: Record<string, ResponseObject>;
    readonly requestBodies?: Record<string, RequestBodyObject>;
  };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly operationId: string;
  readonly op: OperationObject;
}

function operationsOf(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ method, path, operationId: op.operationId ?? '', op })),
  );
}

/** Follows local `$ref`s ("#/components/...") until a non-reference object is reached. */
function resolve<T extends Ref>(doc: Document, node: T): T {
  let current: Ref = node;
  for (let hops = 0; current.$ref !== undefined; hops++) {
    if (hops > 20 || !current.$ref.startsWith('#/')) throw new Error(`Bad $ref ${current.$ref}`);
    let target: unknown = doc;
    for (const segment of current.$ref.slice(2).split('/')) {
      const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
      target = (target as Record<string, unknown> | undefined)?.[key];
    }
    if (target === undefined) throw new Error(`Unresolved $ref ${current.$ref}`);
    current = target as Ref;
  }
  return current as T;
}

/** The schema and every sub-schema in it (without following `$ref`s), with a readable location. */
function* walkSchema(schema: SchemaObject, where: string): Generator<[SchemaObject, string]> {
  yield [schema, where];
  for (const [name, sub] of Object.entries(schema.properties ?? {}))
    yield* walkSchema(sub, `${where}.properties.${name}`);
  if (schema.items) yield* walkSchema(schema.items, `${where}.items`);
  if (typeof schema.additionalProperties === 'object')
    yield* walkSchema(schema.additionalProperties, `${where}.additionalProperties`);
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const [i, sub] of (schema[keyword] ?? []).entries())
      yield* walkSchema(sub, `${where}.${keyword}[${i}]`);
  if (schema.not) yield* walkSchema(schema.not, `${where}.not`);
}

/** Every schema written anywhere in the document, each with its location. */
function* allSchemas(doc: Document): Generator<[SchemaObject, string]> {
  const c = doc.components;
  for (const [name, s] of Object.entries(c.schemas)) yield* walkSchema(s, `schemas.${name}`);
  for (const [name, p] of Object.entries(c.parameters ?? {}))
    if (p.schema) yield* walkSchema(p.schema, `parameters.${name}`);
  for (const [name, h] of Object.entries(c.headers ?? {}))
    if (h.schema) yield* walkSchema(h.schema, `headers.${name}`);
  const inResponse = function* (r: ResponseObject, where: string) {
    for (const [type, m] of Object.entries(r.content ?? {}))
      if (m.schema) yield* walkSchema(m.schema, `${where} ${type}`);
    for (const [name, h] of Object.entries(r.headers ?? {}))
      if (h.schema) yield* walkSchema(h.schema, `${where} header ${name}`);
  };
  for (const [name, r] of Object.entries(c.responses ?? {}))
    yield* inResponse(r, `responses.${name}`);
  for (const { operationId, op } of operationsOf(doc)) {
    for (const p of op.parameters ?? [])
      if (p.schema) yield* walkSchema(p.schema, `${operationId} parameter ${p.name}`);
    for (const [type, m] of Object.entries(op.requestBody?.content ?? {}))
      if (m.schema) yield* walkSchema(m.schema, `${operationId} request ${type}`);
    for (const [status, r] of Object.entries(op.responses))
      yield* inResponse(r, `${operationId} ${status}`);
  }
}

/** Every object schema a request body can contain, `$ref`s resolved, each with its location. */
function requestObjectSchemas(doc: Document, root: SchemaObject, where: string) {
  const found: [SchemaObject, string][] = [];
  const seen = new Set<SchemaObject>();
  const visit = (node: SchemaObject, at: string) => {
    const schema = resolve(doc, node);
    if (seen.has(schema)) return;
    seen.add(schema);
    if (schema.type === 'object' || schema.properties) found.push([schema, at]);
    for (const [name, sub] of Object.entries(schema.properties ?? {})) visit(sub, `${at}.${name}`);
    if (schema.items) visit(schema.items, `${at}[]`);
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const)
      for (const sub of schema[keyword] ?? []) visit(sub, at);
  };
  visit(root, where);
  return found;
}

// ajv-formats ships as CommonJS with the plugin on `default` under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

const doc = parse(readFileSync(contractPath, 'utf8')) as Document;
const operations = operationsOf(doc);

function operation(method: string, path: string): OperationObject {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`No operation ${method.toUpperCase()} ${path}`);
  return op;
}
const requestSchema = (op: OperationObject) =>
  resolve(doc, op.requestBody?.content?.['application/json']?.schema ?? {});
const responseSchema = (op: OperationObject, status: string) =>
  resolve(
    doc,
    resolve(doc, op.responses[status] ?? {}).content?.['application/json']?.schema ?? {},
  );
const enumOf = (name: string) => doc.components.schemas[name]?.enum ?? [];
const sortedNumbers = (values: readonly unknown[]) => [...values].map(Number).sort((a, b) => a - b);

// ---------------------------------------------------------------- tests

describe('the contract document', () => {
  it('passes swagger-parser validation as OpenAPI 3.0.x', async () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('serves everything under the base path /api/ (the server URL without a trailing slash)', () => {
    expect(doc.servers?.map((server) => server.url)).toEqual(['/api']);
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/'))).toBe(true);
  });

  it('declares the session cookie, the CSRF header and the callback signatures as schemes', () => {
    const schemes = (doc.components as { securitySchemes?: Record<string, object> })
      .securitySchemes;
    expect(schemes).toEqual({
      cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: '__Host-minside' }),
      csrfHeader: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'X-Minside-Request',
      }),
      paymentSignature: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'Payment-Signature',
      }),
      vippsSignature: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
      }),
    });
  });

  // Redocly's no-ambiguous-paths compares shapes only (redocly.yaml switches it off for this).
  it('tells paths that look alike apart by a literal segment their parameter can never match', () => {
    const templates = [...new Set(operations.map((o) => o.path))];
    /** The schema of the path parameter `name` in the operations of `path`. */
    const parameterSchema = (path: string, name: string): SchemaObject => {
      for (const { op } of operations.filter((o) => o.path === path)) {
        for (const parameter of op.parameters ?? []) {
          const resolved = resolve(doc, parameter);
          if (resolved.in === 'path' && resolved.name === name)
            return resolve(doc, resolved.schema ?? {});
        }
      }
      throw new Error(`${path}: no schema for {${name}}`);
    };
    const matches = (schema: SchemaObject, value: string) =>
      schema.enum
        ? schema.enum.includes(value)
        : schema.format === 'uuid'
          ? /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
          : schema.pattern === undefined || new RegExp(schema.pattern).test(value);
    const parameterName = (segment: string) => /^\{(.+)\}$/.exec(segment)?.[1];
    /** Whether one position keeps the two paths apart for every value of their parameters. */
    const apart = (a: string, b: string, pathA: string, pathB: string) => {
      const [nameA, nameB] = [parameterName(a), parameterName(b)];
      if (nameA === undefined && nameB === undefined) return a !== b;
      if (nameA !== undefined && nameB !== undefined) return false;
      return nameA !== undefined
        ? !matches(parameterSchema(pathA, nameA), b)
        : !matches(parameterSchema(pathB, nameB!), a);
    };
    const ambiguous: string[] = [];
    let alike = 0;
    for (const [i, pathA] of templates.entries()) {
      for (const pathB of templates.slice(i + 1)) {
        const [a, b] = [pathA.split('/'), pathB.split('/')];
        if (a.length !== b.length) continue;
        const shapeApart = a.some(
          (s, k) => !parameterName(s) && !parameterName(b[k]!) && s !== b[k],
        );
        if (shapeApart) continue;
        alike += 1;
        if (!a.some((s, k) => apart(s, b[k]!, pathA, pathB))) ambiguous.push(`${pathA} ~ ${pathB}`);
      }
    }
    expect(ambiguous).toEqual([]);
    // The pairs Redocly names (5 today): the check above really compared some.
    expect(alike).toBeGreaterThanOrEqual(5);
  });
});

describe('the calls of requirements §7', () => {
  // requirements §7, in table order, relative to /api/, with the spec's trailing slashes.
  const specCalls: readonly (readonly [string, string])[] = [
    ['GET', '/title/{titleCode}'],
    ['GET', '/complaintcodes'],
    ['GET', '/account/{id}'],
    ['PUT', '/account/assign'],
    ['PUT', '/account'],
    ['POST', '/account'],
    ['POST', '/search-account'],
    ['POST', '/segment/{id}/message'],
    ['POST', '/verify/'],
    ['GET', '/subscription/{accountNo}/{titleCode}'],
    ['POST', '/reactivateSubscription/'],
    ['PUT', '/subscription/card'],
    ['PUT', '/subscription/paymentMethod'],
    ['DELETE', '/deleteSubscription'],
    ['POST', '/addDiscount'],
    ['POST', '/getDiscountDetails'],
    ['POST', '/student-email/'],
    ['POST', '/activate-student-subscription/'],
    ['POST', '/register-student/'],
    ['POST', '/activate-student/'],
    ['POST', '/retrieveTitleCode'],
    ['GET', '/loginToken'],
    ['POST', '/logout'],
    ['POST', '/handlecode'],
    ['POST', '/handleLoginToken'],
  ];
  // Not a §7 call: the SPA's session bootstrap (requirements §4 "On load, if a session exists").
  // The rest are designed by the lifecycle-and-purchase issue, where requirements §2 names the screens
  // (ordering, payment pages, plan change, contact details) but §7 does not show their calls.
  const extraCalls: readonly (readonly [string, string])[] = [
    ['GET', '/session'],
    ['GET', '/catalogue/{titleCode}'],
    ['POST', '/orders/quote'],
    ['POST', '/orders'],
    ['GET', '/orders/{orderId}'],
    ['POST', '/orders/{orderId}/complete'],
    ['POST', '/orders/{orderId}/cancel'],
    ['POST', '/payments/callback'],
    // The real providers' webhook and callback (Vipps MobilePay, Swedbank Pay).
    ['POST', '/payments/vipps/webhook'],
    ['POST', '/payments/swedbankpay/callback'],
    ['PUT', '/subscription/planChange'],
    ['DELETE', '/subscription/planChange'],
    ['GET', '/account/{id}/profile'],
    // The invoice issue: /fakturaoversikt and /betal-faktura/{ariaInvoiceNo} read these.
    ['GET', '/invoices/{accountNo}/{titleCode}'],
    ['GET', '/invoice/{ariaInvoiceNo}'],
    ['POST', '/invoice/{ariaInvoiceNo}/pay'],
    // Invoices and receipts as PDF (/fakturaoversikt, /kvittering).
    ['GET', '/invoice/{ariaInvoiceNo}/pdf'],
    ['GET', '/orders/{orderId}/receipt/pdf'],
    ['POST', '/subscription/paymentMethod/verify'],
    // What a subscriber sees: the right of withdrawal (/angrerett), and the change
    // history the outcome screens read to say something true when opened directly.
    ['GET', '/subscription/{subscriptionNo}/withdrawal'],
    ['POST', '/subscription/{subscriptionNo}/withdrawal'],
    ['GET', '/subscription/{accountNo}/{titleCode}/changes'],
    // Pause instead of leaving (/avslutt-abonnement, home), and ending the pause early.
    ['POST', '/subscription/{subscriptionNo}/pause'],
    ['DELETE', '/subscription/{subscriptionNo}/pause'],
    // Delivery complaints (/tilbakemelding): what may be complained about, and filing.
    ['GET', '/subscription/{subscriptionNo}/complaints'],
    ['POST', '/subscription/{subscriptionNo}/complaints'],
    // Delivery changes (/endre-avislevering) and the postal-code register.
    ['GET', '/subscription/{subscriptionNo}/delivery-changes'],
    ['POST', '/subscription/{subscriptionNo}/delivery-changes'],
    ['PUT', '/subscription/{subscriptionNo}/delivery-changes/{changeId}'],
    ['DELETE', '/subscription/{subscriptionNo}/delivery-changes/{changeId}'],
    ['GET', '/postal-codes/{postalCode}'],
    // Family sharing (/familiedeling, /verifiser-familiemedlem, /deling-akseptert).
    ['GET', '/family-sharing/{titleCode}'],
    ['POST', '/family-sharing/{titleCode}/invitations'],
    ['POST', '/family-sharing/invitations/{invitationId}/resend'],
    ['DELETE', '/family-sharing/invitations/{invitationId}'],
    ['DELETE', '/family-sharing/members/{memberId}'],
    ['POST', '/family-sharing/{titleCode}/leave'],
    ['POST', '/family-invitations/preview'],
    ['POST', '/family-invitations/accept'],
    ['POST', '/family-invitations/decline'],
    // Business seats (/administrer-bedrift, /bedrift).
    ['GET', '/business/{titleCode}'],
    ['POST', '/business/{titleCode}/users'],
    ['POST', '/business/verification/code'],
    ['POST', '/business/verification'],
    // Plan conversions: what a student or youth subscription becomes when the reader
    // stops qualifying for the plan, and the reader's one-tap choice.
    ['GET', '/subscription/{subscriptionNo}/plan-conversion'],
    ['PUT', '/subscription/{subscriptionNo}/plan-conversion'],
    // Privacy choices (/personverninnstillinger, /samtykke1-3, the consent dialog).
    ['GET', '/privacy/{titleCode}/consents'],
    ['PUT', '/privacy/{titleCode}/consents'],
    // A copy of the reader's data (/schibstedTakeoutGateway).
    ['GET', '/privacy/export'],
    ['POST', '/privacy/export'],
    ['GET', '/privacy/export/{exportId}'],
    // The deletion of the reader's data (/schibstedDeleteGateway): what waits, ask, call off.
    ['GET', '/privacy/deletion'],
    ['POST', '/privacy/deletion'],
    ['DELETE', '/privacy/deletion'],
    // A segment message closed by the reader, not shown to them again.
    ['PUT', '/segment/{id}/message/{messageId}/dismissal'],
    // The embedded analytics collector (requirements §3, §4).
    ['POST', '/analytics/events'],
  ];

  it('lists the 25 calls of the table', () => {
    expect(specCalls).toHaveLength(25);
  });

  it.each(specCalls)('has %s %s', (method, path) => {
    expect(doc.paths[path]?.[method.toLowerCase()]?.operationId).toEqual(expect.any(String));
  });

  it('has GET /session', () => {
    expect(doc.paths['/session']?.get?.operationId).toBe('getSession');
  });

  it('has no operation beyond those calls and the designed ones', () => {
    const actual = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    const expected = [...specCalls, ...extraCalls].map(([m, p]) => `${m} ${p}`).sort();
    expect(actual).toEqual(expected);
  });
});

describe('every operation', () => {
  const declaredTags = new Set((doc.tags ?? []).map((t) => t.name));
  const cases = operations.map((o) => [o.operationId, o] as const);

  it('has a unique operationId', () => {
    const ids = operations.map((o) => o.operationId);
    expect(ids.every((id) => /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every declared tag', () => {
    const used = new Set(operations.flatMap((o) => o.op.tags ?? []));
    expect([...declaredTags].filter((t) => !used.has(t))).toEqual([]);
  });

  it.each(cases)('%s has exactly one tag, declared at the top level', (_id, { op }) => {
    expect(op.tags).toHaveLength(1);
    expect(declaredTags.has(op.tags?.[0] ?? '')).toBe(true);
  });

  it.each(cases)('%s has a 2xx response with an application/json schema', (id, { op }) => {
    const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
    expect(success.length).toBeGreaterThan(0);
    // A document the reader saves (the invoice and receipt PDFs) is a file, not JSON.
    const type = DOCUMENTS.has(id) ? 'application/pdf' : 'application/json';
    for (const status of success) {
      const response = resolve(doc, op.responses[status]!);
      expect({ status, types: Object.keys(response.content ?? {}) }).toEqual({
        status,
        types: [type],
      });
      expect(response.content?.[type]?.schema).toBeDefined();
      if (DOCUMENTS.has(id)) {
        expect(response.content?.[type]?.schema).toEqual({ type: 'string', format: 'binary' });
        expect(Object.keys(response.headers ?? {})).toEqual(
          expect.arrayContaining(['Content-Disposition', 'Cache-Control']),
        );
      }
    }
  });

  it.each(cases)('%s answers errors as application/problem+json Problem', (_id, { op }) => {
    const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
    for (const status of errors) {
      const response = resolve(doc, op.responses[status]!);
      expect({ status, types: Object.keys(response.content ?? {}) }).toEqual({
        status,
        types: ['application/problem+json'],
      });
      expect(response.content?.['application/problem+json']?.schema).toEqual({
        $ref: '#/components/schemas/Problem',
      });
    }
    expect(Object.keys(op.responses).every((s) => /^[1-5]\d\d$/.test(s))).toBe(true);
  });

  it.each(cases)('%s lists 500 and 501', (_id, { op }) => {
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['500', '501']));
  });

  it.each(cases)('%s lists 400 when it takes a body or parameters', (_id, { op }) => {
    if (op.requestBody || (op.parameters ?? []).length > 0)
      expect(Object.keys(op.responses)).toContain('400');
  });

  it.each(cases)(
    '%s states its security: the CSRF header on every state-changing call',
    (id, o) => {
      const requirements = o.op.security;
      expect(requirements).toBeDefined();
      const names = (requirements ?? []).map((r) => Object.keys(r).sort().join('+'));
      if (id === 'paymentCallback') expect(names).toEqual(['paymentSignature']);
      else if (id === 'vippsWebhook') expect(names).toEqual(['vippsSignature']);
      // Swedbank Pay signs nothing: its callback only makes the server fetch from Swedbank Pay.
      else if (id === 'swedbankPayCallback') expect(names).toEqual([]);
      else if (['get', 'head', 'options'].includes(o.method))
        expect(names.every((n) => !n.includes('csrfHeader'))).toBe(true);
      else {
        expect(names.length).toBeGreaterThan(0);
        expect(names.every((n) => n.split('+').includes('csrfHeader'))).toBe(true);
      }
    },
  );

  it.each(cases)('%s lists 401 when it requires the session cookie', (_id, { op }) => {
    if ((op.security ?? []).some((s) => 'cookieAuth' in s))
      expect(Object.keys(op.responses)).toContain('401');
  });

  it.each(cases)('%s has closed request-body objects (additionalProperties: false)', (id, o) => {
    // A provider's event is received whatever fields it adds over time: refusing one would hold
    // back its later events (Vipps delivers them in order). Only the fields read are declared.
    if (PROVIDER_EVENTS.has(id)) return;
    const content = o.op.requestBody?.content ?? {};
    for (const [type, media] of Object.entries(content)) {
      expect(type).toBe('application/json');
      const open = requestObjectSchemas(doc, media.schema ?? {}, `${id} body`)
        .filter(([schema]) => schema.additionalProperties !== false)
        .map(([, at]) => at);
      expect(open).toEqual([]);
    }
  });
});

describe('schemas', () => {
  it("are never empty ({}) nor open (additionalProperties: true), but the providers' events", () => {
    const offending = [...allSchemas(doc)]
      .filter(([s]) => Object.keys(s).length === 0 || s.additionalProperties === true)
      .filter(([, at]) => !PROVIDER_EVENT_SCHEMAS.some((name) => at.includes(name)))
      .map(([, at]) => at);
    expect(offending).toEqual([]);
  });

  it('never declare a free-form object (type object without properties or enum)', () => {
    const freeForm = [...allSchemas(doc)]
      .filter(([s]) => s.type === 'object' && !s.properties && !s.enum && !s.additionalProperties)
      .map(([, at]) => at);
    expect(freeForm).toEqual([]);
  });
});

/** The operations that answer a document as a file (application/pdf) instead of JSON. */
const DOCUMENTS = new Set(['getInvoicePdf', 'getOrderReceiptPdf']);

/** The providers' own events, received as they send them (see the closed-body rule). */
const PROVIDER_EVENTS = new Set(['vippsWebhook', 'swedbankPayCallback']);
const PROVIDER_EVENT_SCHEMAS = ['VippsWebhookEvent', 'SwedbankPayCallback'];

describe('the bodies fixed by the spec', () => {
  it('POST /account takes exactly accountBalance, spidId and firstTitleCode, all required', () => {
    const schema = requestSchema(operation('post', '/account'));
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
      ['accountBalance', 'firstTitleCode', 'spidId'].sort(),
    );
    expect([...(schema.required ?? [])].sort()).toEqual(
      ['accountBalance', 'firstTitleCode', 'spidId'].sort(),
    );
  });

  it('POST /account answers 201 with ariaAccountNo', () => {
    const schema = responseSchema(operation('post', '/account'), '201');
    expect(Object.keys(schema.properties ?? {})).toContain('ariaAccountNo');
    expect(schema.required).toContain('ariaAccountNo');
  });

  it('POST /retrieveTitleCode takes minsideUrl', () => {
    const schema = requestSchema(operation('post', '/retrieveTitleCode'));
    expect(Object.keys(schema.properties ?? {})).toEqual(['minsideUrl']);
    expect(schema.required).toEqual(['minsideUrl']);
  });

  it.each(['/handlecode', '/handleLoginToken'])('POST %s takes code, state, schibstedId', (p) => {
    const schema = requestSchema(operation('post', p));
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
      ['code', 'schibstedId', 'state'].sort(),
    );
    expect(schema.required).toEqual(expect.arrayContaining(['code', 'state']));
  });

  it('GET /loginToken answers a login token', () => {
    const schema = responseSchema(operation('get', '/loginToken'), '200');
    expect(schema.required).toContain('loginToken');
  });

  it('DELETE /deleteSubscription takes a body', () => {
    expect(operation('delete', '/deleteSubscription').requestBody?.required).toBe(true);
  });

  it('GET /subscription/{accountNo}/{titleCode} returns lookup errors instead of a 404', () => {
    const op = operation('get', '/subscription/{accountNo}/{titleCode}');
    expect(Object.keys(op.responses)).not.toContain('404');
    expect(responseSchema(op, '200').required).toEqual(
      expect.arrayContaining(['hasSubscription', 'subscription', 'error']),
    );
  });
});

describe('examples', () => {
  interface Example {
    readonly where: string;
    readonly schema: SchemaObject;
    readonly value: unknown;
  }
  let deref: Document;
  let examples: Example[];
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    // A recursive schema (PersonalDataValue) keeps its $ref: the document's components go with
    // each schema compiled, so Ajv follows it there.
    deref = (await SwaggerParser.dereference(
      structuredClone(doc) as never,
      {
        dereference: { circular: 'ignore' },
      } as never,
    )) as unknown as Document;
    examples = [];
    const add = (where: string, media: MediaTypeObject | undefined) => {
      if (!media?.schema) return;
      if (media.example !== undefined)
        examples.push({ where, schema: media.schema, value: media.example });
      for (const [name, e] of Object.entries(media.examples ?? {}))
        examples.push({ where: `${where} (${name})`, schema: media.schema, value: e.value });
    };
    for (const { operationId, op } of operationsOf(deref)) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        add(`${operationId} request ${type}`, media);
      for (const [status, response] of Object.entries(op.responses))
        for (const [type, media] of Object.entries(response.content ?? {}))
          add(`${operationId} ${status} ${type}`, media);
    }
  });

  const failures = (list: readonly Example[]) =>
    list.flatMap(({ where, schema, value }) => {
      const validate = ajv.compile({ components: deref.components, ...schema });
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });

  it('exist for every request body and every response', () => {
    const missing: string[] = [];
    for (const { operationId, op } of operations) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        if (media.example === undefined && !media.examples)
          missing.push(`${operationId} request ${type}`);
      for (const [status, r] of Object.entries(op.responses))
        for (const [type, media] of Object.entries(resolve(doc, r).content ?? {}))
          if (media.example === undefined && !media.examples)
            missing.push(`${operationId} ${status} ${type}`);
    }
    expect(missing).toEqual([]);
  });

  it('all validate against their schemas', () => {
    expect(examples.length).toBeGreaterThan(operations.length * 3);
    expect(failures(examples)).toEqual([]);
  });

  it('would be caught when wrong (the check itself can fail)', () => {
    const title = examples.find((e) => e.where === 'getTitle 200 application/json');
    expect(title).toBeDefined();
    const { name: _name, ...withoutName } = title!.value as Record<string, unknown>;
    const broken = [
      { ...title!, value: withoutName },
      { ...title!, value: { ...withoutName, name: 'x', titleCode: 'F1' } },
      { ...title!, value: { ...withoutName, name: 'x', customerCenterEmail: 'not-an-email' } },
    ];
    expect(failures(broken)).toHaveLength(3);
  });
});

describe('enumerations shared with the code', () => {
  it('InstStatusCode equals the status codes of src/shared/subscription/status', () => {
    const contract = enumOf('InstStatusCode');
    expect(contract).toHaveLength(statusCodes.length);
    expect(sortedNumbers(contract)).toEqual(sortedNumbers(statusCodes));
  });

  it('SubscriptionStatus equals the status names of src/shared/subscription/status', () => {
    expect([...enumOf('SubscriptionStatus')].sort()).toEqual(
      Object.keys(SubscriptionStatus).sort(),
    );
  });

  it('PaymentProvider is VIPPS, SWEDBANK-PPG, BANKGIRO, AVTALEGIRO, STREX', () => {
    expect(enumOf('PaymentProvider')).toEqual([
      'VIPPS',
      'SWEDBANK-PPG',
      'BANKGIRO',
      'AVTALEGIRO',
      'STREX',
    ]);
  });

  it('Period equals the periods of src/shared/subscription/plans', () => {
    expect(enumOf('Period')).toEqual([...periods]);
  });
});
