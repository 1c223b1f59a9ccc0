// Builds the Fastify instance: the contract-bound API under /api/, problem+json errors, and the
// built SPA with its history fallback. Tests call `buildApp` and use `inject`; main.ts listens.
import Fastify, { type FastifyInstance } from 'fastify';

import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { seed } from './db/seed/seed';
import { handlers as accountHandlers } from './handlers/account';
import { handlers as complaintHandlers } from './handlers/complaint';
import { handlers as subscriptionHandlers } from './handlers/subscription';
import { handlers as titleHandlers } from './handlers/title';
import { registerContract } from './http/contract';
import { apiNotFound, installProblemHandling, notFound, sendProblem } from './http/problem';
import type { Services } from './http/services';
import { registerSpa, sendIndex } from './plugins/spa';

export interface AppOptions {
  readonly config: Pick<Config, 'validateResponses' | 'distDir' | 'seedDemoData' | 'logLevel'>;
  readonly db: Db;
  readonly clock?: Clock;
  readonly logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: options.config.logLevel },
    // Unknown body fields are rejected, not silently dropped (additionalProperties: false), and
    // a wrong type is an error, not coerced (every parameter of the contract is a string).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    trustProxy: true,
    return503OnClosing: true,
  });
  const clock = options.clock ?? systemClock;
  app.decorate('services', { db: options.db, clock });

  await migrate(options.db);
  await seed(options.db, { demoUsers: options.config.seedDemoData, now: clock.now() });

  installProblemHandling(app);
  await registerContract(app, {
    validateResponses: options.config.validateResponses,
    handlers: {
      ...titleHandlers,
      ...complaintHandlers,
      ...accountHandlers,
      ...subscriptionHandlers,
    },
  });

  const spa = await registerSpa(app, options.config.distDir);
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/'))
      return apiNotFound(request, reply);
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
    if (spa && request.method === 'GET' && acceptsHtml) return sendIndex(request, reply);
    return sendProblem(reply, notFound('NOT_FOUND', 'No such resource'), request.url);
  });

  app.addHook('onClose', async () => {
    await options.db.close();
  });
  return app;
}
