// The response schemas as Fastify's serialiser (fast-json-stringify) is given them. The contract
// makes a `$ref` nullable with a second branch, `anyOf`/`oneOf: [X, NullValue]` (OpenAPI 3.0
// ignores `nullable` next to a `$ref`). fast-json-stringify serialises a union by validating the
// value against each branch with Ajv until one matches: for the subscription read that is the
// whole subscription, its payment method and its next charge checked again on every response.
// Here such a union becomes X itself with `nullable: true`, which the serialiser writes as
// `null` or as X without validating anything. What is written is the same JSON; whether the
// value is X is still checked, once, by the contract's response validation (http/contract.ts),
// which reads the contract's own schemas, not these.

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The contract's NullValue once dereferenced: `{ type: object, nullable: true, enum: [null] }`. */
function isNullBranch(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const enumValues = schema.enum;
  return (
    schema.nullable === true &&
    Array.isArray(enumValues) &&
    enumValues.length === 1 &&
    enumValues[0] === null
  );
}

/** X of `[X, NullValue]` (either order), when X is a plain schema of one declared type. */
function nonNullBranch(branches: unknown): Schema | null {
  if (!Array.isArray(branches) || branches.length !== 2) return null;
  const [first, second] = branches as unknown[];
  const other = isNullBranch(first) ? second : isNullBranch(second) ? first : null;
  if (!isObject(other) || typeof other.type !== 'string') return null;
  if ('anyOf' in other || 'oneOf' in other || 'allOf' in other || '$ref' in other) return null;
  return other;
}

/**
 * A copy of `schema` with every `[X, NullValue]` union made `X` with `nullable: true`. Shared
 * subschemas (a dereferenced `$ref` used in several places) are copied once.
 */
export function serializerSchema<T>(schema: T): T {
  const copies = new Map<object, unknown>();
  const copy = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(copy);
    if (!isObject(node)) return node;
    const known = copies.get(node);
    if (known !== undefined) return known;
    const result: Schema = {};
    copies.set(node, result);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branch = nonNullBranch(node[key]);
      if (!branch) continue;
      for (const [name, value] of Object.entries(node)) {
        if (name !== key) result[name] = copy(value);
      }
      for (const [name, value] of Object.entries(branch)) {
        if (!(name in result)) result[name] = copy(value);
      }
      result.nullable = true;
      return result;
    }
    for (const [name, value] of Object.entries(node)) result[name] = copy(value);
    return result;
  };
  return copy(schema) as T;
}
