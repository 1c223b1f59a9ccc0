// Builds the Fastify instance: the contract-bound API under /api/, problem+json errors, and the
// built SPA with its history fallback. Tests call `buildApp` and use `inject`; main.ts listens.
import path from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';

import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { persistedSecret } from './db/secrets';
import { seed } from './db/seed/seed';
import { handlers as accountHandlers } from './handlers/account';
import { handlers as complaintHandlers } from './handlers/complaint';
import { handlers as connectHandlers } from './handlers/connect';
import { handlers as identityHandlers } from './handlers/identity';
import { handlers as subscriptionHandlers } from './handlers/subscription';
import { handlers as titleHandlers } from './handlers/title';
import { registerContract } from './http/contract';
import { apiNotFound, installProblemHandling, notFound, sendProblem } from './http/problem';
import { installCsrfDefence, securityHandlers } from './http/security';
import type { Services } from './http/services';
import { RelyingParty } from './identity/oidc-client';
import { clientSecretFor } from './identity/provider';
import { registerIdentityProvider } from './identity/provider-plugin';
import { registerDevOutbox } from './plugins/dev-outbox';
import { registerSpa } from './plugins/spa';

export interface AppOptions {
  readonly config: Pick<Config, 'validateResponses' | 'distDir' | 'seedDemoData' | 'logLevel'> &
    Partial<Pick<Config, 'publicDir'>> &
    Partial<
      Pick<
        Config,
        'port' | 'idpIssuer' | 'idpClientSecret' | 'demoSignIn' | 'oidcIssuer' | 'oidcClientSecret'
      >
    >;
  readonly db: Db;
  readonly clock?: Clock;
  readonly logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const embeddedIssuer = (config: AppOptions['config']) =>
  config.idpIssuer ?? `http://localhost:${config.port ?? 8080}/idp`;

/** The OpenID client: an external provider when OIDC_ISSUER is set, else the embedded one. */
function relyingParty(config: AppOptions['config'], embeddedSecret: string): RelyingParty {
  if (config.oidcIssuer) {
    const secret = config.oidcClientSecret ?? '';
    return new RelyingParty({ issuer: config.oidcIssuer, clientSecretFor: () => secret });
  }
  return new RelyingParty({
    issuer: embeddedIssuer(config),
    clientSecretFor: (clientId) => clientSecretFor(embeddedSecret, clientId),
  });
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
  await migrate(options.db);
  await seed(options.db, { demoUsers: options.config.seedDemoData, now: clock.now() });
  const idpSecret =
    options.config.idpClientSecret ?? (await persistedSecret(options.db, 'idp-client-secret'));
  app.decorate('services', { db: options.db, clock, rp: relyingParty(options.config, idpSecret) });

  installProblemHandling(app);
  // The contract names problem+json; a client may send it too (it is JSON).
  app.addContentTypeParser(
    'application/problem+json',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  installCsrfDefence(app);
  await registerContract(app, {
    validateResponses: options.config.validateResponses,
    securityHandlers,
    handlers: {
      ...identityHandlers,
      ...titleHandlers,
      ...complaintHandlers,
      ...accountHandlers,
      ...subscriptionHandlers,
      ...connectHandlers,
    },
  });

  if (options.config.seedDemoData) registerDevOutbox(app);

  if (!options.config.oidcIssuer) {
    await registerIdentityProvider(app, {
      config: {
        idpIssuer: embeddedIssuer(options.config),
        idpClientSecret: idpSecret,
        demoSignIn: options.config.demoSignIn ?? options.config.seedDemoData,
        ...(options.config.port !== undefined ? { port: options.config.port } : {}),
      },
      db: options.db,
      clock,
    });
  }

  const spa = await registerSpa(app, {
    distDir: options.config.distDir,
    publicDir: options.config.publicDir ?? path.resolve('public'),
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/'))
      return apiNotFound(request, reply);
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
    if (spa && request.method === 'GET' && acceptsHtml) return spa(request, reply);
    return sendProblem(reply, notFound('NOT_FOUND', 'No such resource'), request.url);
  });

  app.addHook('onClose', async () => {
    await options.db.close();
  });
  return app;
}
