// Binds the API routes from openapi/minside.yaml by operationId (fastify-openapi-glue) so the
// server cannot drift from the contract: requests are validated by Fastify from the contract's
// schemas, and every response body is validated against the contract before it is sent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { parse } from 'yaml';

import { ProblemError } from './problem';
import {
  bodyGuard,
  bodyRuleOf,
  markRequestStrings,
  plainTextKeywords,
  withJsonAliases,
} from './request-input';
import { serializerSchema } from './serializer-schema';

export const contractPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../openapi/minside.yaml',
);

export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface OperationObject {
  readonly operationId?: string;
  readonly tags?: string[];
  readonly requestBody?: {
    readonly required?: boolean;
    readonly content?: Record<string, unknown>;
  };
}

export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, OperationObject>>;
  readonly components?: Record<string, unknown>;
}

export function loadContract(file: string = contractPath): OpenApiDocument {
  return parse(readFileSync(file, 'utf8')) as OpenApiDocument;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Every operation of the contract: operationId → method and path. */
export function operationsOf(doc: OpenApiDocument) {
  const operations: { operationId: string; method: string; path: string; tag: string }[] = [];
  for (const [route, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !op.operationId) continue;
      operations.push({
        operationId: op.operationId,
        method,
        path: route,
        tag: op.tags?.[0] ?? '',
      });
    }
  }
  return operations;
}

export class ContractViolationError extends Error {
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly violations: string,
  ) {
    super(`Response of ${operationId} (${status}) violates the contract: ${violations}`);
    this.name = 'ContractViolationError';
  }
}

// ajv-formats ships as CommonJS with the plugin on `default` under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

/**
 * The Ajv of the operations' request validation: unknown fields refused, no type coercion (every
 * parameter of the contract is a string), every invalid field reported at once (the problem
 * keeps at most MAX_FIELD_ERRORS of them; request bodies hold no arrays and are bounded by the
 * body limit), and plain text in every string (request-input.ts).
 */
function requestAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: true,
    addUsedSchema: false,
  });
  addFormats(ajv);
  plainTextKeywords(ajv);
  return ajv;
}

function responseAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  addFormats(ajv);
  return ajv;
}

type ResponseSchemas = Record<string, { content?: Record<string, { schema?: object }> }>;

export type SecurityHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface ContractOptions {
  readonly handlers: Readonly<Record<string, OperationHandler>>;
  /** One handler per security scheme of the contract (cookieAuth). */
  readonly securityHandlers?: Readonly<Record<string, SecurityHandler>>;
  readonly validateResponses: boolean;
  readonly document?: OpenApiDocument;
}

export async function registerContract(app: FastifyInstance, options: ContractOptions) {
  const document = options.document ?? loadContract();
  const known = new Set(operationsOf(document).map((o) => o.operationId));
  for (const id of Object.keys(options.handlers)) {
    if (!known.has(id)) throw new Error(`Handler ${id} has no operation in the contract`);
  }

  // Before Fastify compiles a route: the contract's request rules (request-input.ts).
  const bodyRules = new Map(
    operationsOf(document).map((o) => [
      o.operationId,
      bodyRuleOf(resolveRef(document, document.paths[o.path]![o.method]!.requestBody)),
    ]),
  );
  const requestValidation = requestAjv();
  app.addHook('onRoute', (route: RouteOptions) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    const rule = operationId === undefined ? undefined : bodyRules.get(operationId);
    if (!rule) return;
    withJsonAliases(route);
    markRequestStrings(route);
    route.validatorCompiler = ({ schema }) => lazyValidator(requestValidation, schema);
    const existing = route.preParsing ?? [];
    route.preParsing = [...(Array.isArray(existing) ? existing : [existing]), bodyGuard(rule)];
  });

  if (options.validateResponses) {
    const ajv = responseAjv();
    // operationId → status → content type → validator
    const validators = new Map<string, Map<number, Map<string, ValidateFunction>>>();
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as
        { operationId?: string; response?: ResponseSchemas } | undefined;
      if (!schema?.operationId || !schema.response) return;
      const byStatus = new Map<number, Map<string, ValidateFunction>>();
      for (const [status, response] of Object.entries(schema.response)) {
        const byType = new Map<string, ValidateFunction>();
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (media.schema) byType.set(type, lazyValidator(ajv, media.schema));
        }
        byStatus.set(Number(status), byType);
      }
      validators.set(schema.operationId, byStatus);
    });
    app.addHook('preSerialization', async (request, reply, payload) => {
      const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)
        ?.operationId;
      if (!operationId) return payload;
      const type = String(reply.getHeader('content-type') ?? 'application/json').split(';')[0]!;
      const validate = validators.get(operationId)?.get(reply.statusCode)?.get(type);
      if (!validate) {
        if (reply.statusCode < 400) {
          throw new ContractViolationError(
            operationId,
            reply.statusCode,
            `undeclared ${type} response`,
          );
        }
        return payload;
      }
      if (!validate(payload)) {
        const violations = (validate.errors ?? [])
          .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
          .join('; ');
        const error = new ContractViolationError(operationId, reply.statusCode, violations);
        // A failing error response is logged, not re-thrown, so error handling cannot loop.
        if (reply.statusCode >= 400) request.log.error({ err: error }, 'contract violation');
        else throw error;
      }
      return payload;
    });
  }

  // After the response validators have taken the contract's schemas: what the serialiser gets.
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { operationId?: string; response?: ResponseSchemas } | undefined;
    if (!schema?.operationId || !schema.response) return;
    route.schema = { ...schema, response: serializerSchema(schema.response) };
  });

  await app.register(openapiGlue, {
    specification: withLowerCaseHeaderNames(document),
    prefix: 'api',
    ...(options.securityHandlers ? { securityHandlers: { ...options.securityHandlers } } : {}),
    operationResolver: (operationId: string) =>
      options.handlers[operationId] ??
      (async () => {
        throw new ProblemError(
          501,
          'NOT_IMPLEMENTED',
          'Not Implemented',
          `The operation ${operationId} is part of the contract but not available yet.`,
        );
      }),
  });
}

/** A local `$ref` ("#/components/...") followed to its target. */
function resolveRef<T>(document: OpenApiDocument, node: T): T {
  let current = node as { $ref?: string } | undefined;
  while (current?.$ref !== undefined) {
    let target: unknown = document;
    for (const key of current.$ref.slice(2).split('/'))
      target = (target as Record<string, unknown> | undefined)?.[key];
    current = target as { $ref?: string } | undefined;
  }
  return current as T;
}

/**
 * Header names are case-insensitive and Node hands them to Fastify in lower case, while the glue
 * copies the contract's spelling (Idempotency-Key) into the headers schema; lower-case them so a
 * required header is found.
 */
function withLowerCaseHeaderNames(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document) as OpenApiDocument & {
    components?: { parameters?: Record<string, { in?: string; name?: string }> };
  };
  for (const param of Object.values(copy.components?.parameters ?? {})) {
    if (param.in === 'header' && param.name) param.name = param.name.toLowerCase();
  }
  for (const item of Object.values(copy.paths ?? {}) as Record<
    string,
    { parameters?: { in?: string; name?: string }[] }
  >[]) {
    for (const op of Object.values(item)) {
      for (const param of op.parameters ?? []) {
        if (param.in === 'header' && param.name) param.name = param.name.toLowerCase();
      }
    }
  }
  return copy;
}

/**
 * A validator compiled on its first use, not when the route is registered: compiling every
 * request and response schema of the contract took about 1.2 s of each start (and of each test
 * app on 2 cores), while a process answers only some operations, and a test suite a handful.
 * Fastify reads `errors` from the function it is given, so they are passed on.
 */
export function lazyValidator(ajv: Ajv, schema: object): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= ajv.compile(stripIds(schema));
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  validate.errors = null;
  return validate;
}

/** The glue gives every dereferenced schema the same `$id`; our own Ajv must not see duplicates. */
function stripIds(schema: object): object {
  const copy = structuredClone(schema) as Record<string, unknown>;
  delete copy.$id;
  return copy;
}
