// Hardening (item 5): a failing response never leaves side effects half done in the
// browser. Whatever a handler had set before it failed (a session cookie, a login binding) does
// not go out with the 5xx; the answer is problem+json without internals.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';

import { installProblemHandling } from '../../../src/server/http/problem';
import { setCookie } from '../../../src/server/http/security';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  installProblemHandling(app);
  app.get('/fails-after-cookie', async (request, reply) => {
    setCookie(reply, request, 'minside', 'session-id-that-must-not-leak', 3600);
    throw new Error('the response could not be made');
  });
  app.get('/fails-in-serialisation', {
    schema: {
      response: { 200: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } } },
    },
    handler: async (request, reply) => {
      setCookie(reply, request, 'minside', 'another-session-id', 3600);
      return { y: 1 };
    },
  });
  app.get('/refused-after-cookie', async (request, reply) => {
    setCookie(reply, request, 'minside-login', '', 0);
    return reply.code(400).send({ refused: true });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('a failed response sets no cookie', () => {
  it.each(['/fails-after-cookie', '/fails-in-serialisation'])(
    '%s: 500 without set-cookie',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it('a handled refusal (4xx) keeps what it meant to set', async () => {
    const response = await app.inject({ url: '/refused-after-cookie' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['set-cookie']).toMatch(/^minside-login=; /);
  });
});
