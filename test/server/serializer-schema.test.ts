// The response schemas Fastify's serialiser is given: the contract's `[X, NullValue]` unions are
// written as X or null without validating X again (http/serializer-schema.ts).
import Fastify from 'fastify';

import { serializerSchema } from '../../src/server/http/serializer-schema';

const NULL_VALUE = { type: 'object', nullable: true, enum: [null] };
const CARD = {
  type: 'object',
  required: ['brand'],
  properties: { brand: { type: 'string' }, last4: { type: 'string' } },
};

describe('serializerSchema', () => {
  it('makes [X, NullValue] X with nullable, in either order, anyOf and oneOf', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { anyOf: [CARD, NULL_VALUE], description: 'a card' },
        b: { oneOf: [NULL_VALUE, CARD] },
      },
    };
    const result = serializerSchema(schema);
    expect(result.properties.a).toEqual({ ...CARD, description: 'a card', nullable: true });
    expect(result.properties.b).toEqual({ ...CARD, nullable: true });
    expect(JSON.stringify(result)).not.toMatch(/anyOf|oneOf/);
  });

  it('leaves the given schema as it was', () => {
    const schema = { type: 'object', properties: { a: { anyOf: [CARD, NULL_VALUE] } } };
    const before = structuredClone(schema);
    serializerSchema(schema);
    expect(schema).toEqual(before);
  });

  it('keeps unions that are not X-or-null', () => {
    const two = { anyOf: [CARD, { type: 'string' }] };
    const three = { oneOf: [CARD, { type: 'string' }, NULL_VALUE] };
    const untyped = { anyOf: [{ anyOf: [CARD, { type: 'string' }] }, NULL_VALUE] };
    expect(serializerSchema(two)).toEqual(two);
    expect(serializerSchema(three)).toEqual(three);
    expect(serializerSchema(untyped)).toEqual(untyped);
  });

  it('copies a shared subschema once and finds unions inside arrays', () => {
    const shared = { anyOf: [CARD, NULL_VALUE] };
    const schema = {
      type: 'object',
      properties: { x: shared, y: shared, list: { type: 'array', items: shared } },
    };
    const result = serializerSchema(schema);
    expect(result.properties.x).toBe(result.properties.y);
    expect(result.properties.list.items).toBe(result.properties.x);
    expect(result.properties.x).toMatchObject({ nullable: true, type: 'object' });
  });

  it('is written by Fastify as the union was: null, the object, and no undeclared field', async () => {
    const response = {
      type: 'object',
      required: ['card'],
      properties: { card: { anyOf: [CARD, NULL_VALUE] } },
    };
    const answers: Record<string, unknown> = {
      '/none': { card: null },
      '/card': { card: { brand: 'visa', last4: '4242', secret: 'never sent' } },
    };
    const bodies = async (schema: object) => {
      const app = Fastify({ logger: false });
      for (const [url, body] of Object.entries(answers)) {
        app.get(url, { schema: { response: { 200: schema } } }, async () => body);
      }
      const out = await Promise.all(
        Object.keys(answers).map(async (url) => (await app.inject(url)).body),
      );
      await app.close();
      return out;
    };
    const union = await bodies(response);
    const nullable = await bodies(serializerSchema(response));
    expect(nullable).toEqual(union);
    expect(nullable).toEqual(['{"card":null}', '{"card":{"brand":"visa","last4":"4242"}}']);
  });
});
