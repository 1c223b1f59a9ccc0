// What a request to a contract operation may carry, beyond what Fastify's schema validation
// checks by itself: a body only in a media type the operation declares (415 before anything is
// parsed), the body an operation requires (400 BODY_REQUIRED instead of a handler reading
// `undefined`), and plain text in every string the contract declares: no control characters (a
// NUL reaches PostgreSQL as an error, other controls corrupt what is shown and logged) and no
// unpaired surrogates.
import type { Ajv, SchemaValidateFunction } from 'ajv';
import type { FastifyRequest, RouteOptions } from 'fastify';

import { ProblemError } from './problem';

/** Contract extension on a string schema: free text, where tab and line breaks are allowed. */
export const MULTILINE_KEYWORD = 'x-multiline';
/** Added to every string schema of a request part; 'line' or 'multiline' (see above). */
const PLAIN_TEXT_KEYWORD = 'x-plain-text';

// C0 controls and DEL; free text keeps \t, \n and \r.
const LINE_CONTROLS = /[\u0000-\u001F\u007F]/u; // eslint-disable-line no-control-regex
const TEXT_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/u; // eslint-disable-line no-control-regex
// Half of a surrogate pair on its own (JSON can escape one): not a character, and the database
// would keep U+FFFD in its place.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` is not plain text (in `mode`), or null when it is. */
export function plainTextProblem(text: string, mode: 'line' | 'multiline'): string | null {
  if ((mode === 'multiline' ? TEXT_CONTROLS : LINE_CONTROLS).test(text))
    return 'must not contain control characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired surrogates';
  return null;
}

/**
 * Ajv plugin for Fastify's request validation: the plain-text keyword (its error names the field
 * like every other schema error) and the contract's `x-multiline` annotation.
 */
export function plainTextKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: MULTILINE_KEYWORD, schemaType: 'boolean' });
  const validate: SchemaValidateFunction = (mode: 'line' | 'multiline', data: string) => {
    const message = plainTextProblem(data, mode);
    validate.errors = message ? [{ keyword: PLAIN_TEXT_KEYWORD, message, params: {} }] : undefined;
    return message === null;
  };
  ajv.addKeyword({
    keyword: PLAIN_TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate,
  });
  return ajv;
}

type SchemaNode = Record<string, unknown>;

const SINGLE_SUBSCHEMAS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
const LIST_SUBSCHEMAS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const MAP_SUBSCHEMAS = ['properties', 'patternProperties', '$defs', 'definitions'];

/** Marks every string schema below `schema` with the plain-text keyword (in place). */
export function markPlainText(schema: unknown, seen = new Set<object>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const node = schema as SchemaNode;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('string'))
    node[PLAIN_TEXT_KEYWORD] = node[MULTILINE_KEYWORD] === true ? 'multiline' : 'line';
  for (const key of SINGLE_SUBSCHEMAS) {
    if (!Array.isArray(node[key])) markPlainText(node[key], seen);
  }
  for (const key of LIST_SUBSCHEMAS) {
    if (Array.isArray(node[key])) for (const child of node[key]) markPlainText(child, seen);
  }
  for (const key of MAP_SUBSCHEMAS) {
    const map = node[key];
    if (map && typeof map === 'object')
      for (const child of Object.values(map)) markPlainText(child, seen);
  }
}

/** What an operation takes as request body, from its `requestBody` in the contract. */
export interface BodyRule {
  readonly required: boolean;
  /** Media types (lower case, no parameters) a body may be sent in. */
  readonly mediaTypes: ReadonlySet<string>;
}

const JSON_TYPES = ['application/json', 'application/problem+json'];

export function bodyRuleOf(
  requestBody: { required?: boolean; content?: Record<string, unknown> } | undefined,
): BodyRule {
  // An operation without a body tolerates an (ignored) JSON one, nothing else.
  if (!requestBody) return { required: false, mediaTypes: new Set(JSON_TYPES) };
  const declared = Object.keys(requestBody.content ?? {}).map((t) => t.toLowerCase());
  // problem+json is JSON: the same parser, the same schema (see withJsonAliases).
  const mediaTypes = new Set(
    declared.flatMap((t) => (t === 'application/json' ? JSON_TYPES : [t])),
  );
  return { required: requestBody.required === true, mediaTypes };
}

/**
 * Fastify validates a body only against the schema of its own media type: give
 * application/problem+json the application/json schema, or such a body would skip validation.
 */
export function withJsonAliases(route: RouteOptions): void {
  const content = (route.schema?.body as { content?: Record<string, unknown> } | undefined)
    ?.content;
  if (content?.['application/json'] && !content['application/problem+json'])
    content['application/problem+json'] = content['application/json'];
}

/** Marks the strings of every request part of a route's schema (body, query, path, headers). */
export function markRequestStrings(route: RouteOptions): void {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema) return;
  for (const part of ['querystring', 'params', 'headers']) markPlainText(schema[part]);
  const body = schema.body as { content?: Record<string, { schema?: unknown }> } | undefined;
  if (body?.content) for (const media of Object.values(body.content)) markPlainText(media.schema);
  else markPlainText(body);
}

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request says it carries a body (Fastify parses one exactly then). */
function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

export const bodyRequired = () =>
  new ProblemError(400, 'BODY_REQUIRED', 'Bad Request', 'This operation needs a request body.', [
    { field: 'body', message: 'is required' },
  ]);

/**
 * A preParsing hook enforcing `rule`: runs after the CSRF check and before the body is read, so
 * a body of a type the operation does not take is never parsed and no handler sees it.
 */
export function bodyGuard(rule: BodyRule) {
  const accepted = [...rule.mediaTypes].join(', ');
  return async (request: FastifyRequest): Promise<void> => {
    if (BODYLESS_METHODS.has(request.method)) return;
    if (!carriesBody(request)) {
      if (rule.required) throw bodyRequired();
      return;
    }
    const type = request.mediaType;
    if (type === undefined || !rule.mediaTypes.has(type))
      throw new ProblemError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Unsupported Media Type',
        `${type === undefined ? 'A body without Content-Type' : `Content-Type ${type}`} is not accepted here; send ${accepted}.`,
      );
  };
}
