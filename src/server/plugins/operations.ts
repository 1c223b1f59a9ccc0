// What operators and their platform ask the server: /healthz (the process answers: liveness),
// /readyz (the database answers and its migrations are those of this version: readiness; 503
// otherwise, and while the server is closing), and /metrics in Prometheus' text format, behind
// METRICS_TOKEN when one is configured (production serves it only then). None is cached.
import { timingSafeEqual } from 'node:crypto';

import type { FastifyInstance } from 'fastify';

import { pendingMigrations } from '../db/migrate';
import type { Metrics } from '../metrics';

export interface OperationsOptions {
  readonly metrics: Metrics;
  /** Bearer token /metrics asks for; undefined: open (development); null: not served. */
  readonly metricsToken: string | null | undefined;
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export function registerOperations(app: FastifyInstance, options: OperationsOptions): void {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const reasons: string[] = [];
    try {
      await request.server.services.db.query('select 1');
      const pending = await pendingMigrations(request.server.services.db);
      if (pending.length > 0) reasons.push(`migrations not applied: ${pending.join(', ')}`);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      reasons.push('the database does not answer');
    }
    if (reasons.length > 0) return reply.code(503).send({ status: 'not-ready', reasons });
    return reply.send({ status: 'ready' });
  });

  if (options.metricsToken === null) return;
  const token = options.metricsToken;
  app.get('/metrics', async (request, reply) => {
    if (token !== undefined) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ status: 'unauthorized' });
    }
    const { registry } = options.metrics;
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}
