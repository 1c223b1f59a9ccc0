// Builds the Fastify instance: the contract-bound API under /api/, problem+json errors, and the
// built SPA with its history fallback. Tests call `buildApp` and use `inject`; main.ts listens.
import path from 'node:path';

import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';

import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { persistedSecret } from './db/secrets';
import { complaintWindowDays } from './domain/complaints/complaints';
import { DEFAULT_STUDENT_CONFIG } from './domain/student/student';
import { handlers as accountHandlers } from './handlers/account';
import { handlers as analyticsHandlers } from './handlers/analytics';
import { handlers as businessHandlers } from './handlers/business';
import { handlers as complaintHandlers } from './handlers/complaint';
import { handlers as connectHandlers } from './handlers/connect';
import { handlers as deliveryHandlers } from './handlers/delivery';
import { handlers as discountHandlers } from './handlers/discount';
import { handlers as familyHandlers } from './handlers/family';
import { firstScreen } from './handlers/first-screen';
import { handlers as identityHandlers } from './handlers/identity';
import { handlers as orderHandlers } from './handlers/order';
import { handlers as paymentHandlers } from './handlers/payment';
import { handlers as privacyHandlers } from './handlers/privacy';
import { handlers as segmentHandlers } from './handlers/segment';
import { handlers as studentHandlers } from './handlers/student';
import {
  handlers as subscriptionHandlers,
  sessionReads as subscriptionSessionReads,
} from './handlers/subscription';
import { handlers as titleHandlers } from './handlers/title';
import { registerContract } from './http/contract';
import { contractHandlers } from './http/operations';
import {
  apiNotFound,
  clientErrorHandler,
  frameworkErrorHandler,
  installProblemHandling,
  notFound,
  sendProblem,
} from './http/problem';
import {
  installCsrfDefence,
  PAYMENT_CALLBACK_PATH,
  RAW_BODY_PATHS,
  securityHandlersWith,
} from './http/security';
import type { Services } from './http/services';
import { embeddedAccountUrl, identityAccountUrls } from './identity/account-url';
import { RelyingParty } from './identity/oidc-client';
import { clientSecretFor } from './identity/provider';
import { registerIdentityProvider } from './identity/provider-plugin';
import { tokenSealer } from './identity/token-seal';
import { startBackgroundWork } from './jobs/background';
import { type RelayTransports, startRelay } from './messaging/relay';
import { createMetrics } from './metrics';
import type { PaymentPort } from './payments/port';
import { ProviderRouter } from './payments/providers';
import { SandboxPaymentProvider } from './payments/sandbox';
import { registerSandboxPaymentPage } from './payments/sandbox-plugin';
import { signPayload } from './payments/signature';
import { SwedbankPayProvider } from './payments/swedbankpay';
import { VippsPaymentProvider } from './payments/vipps';
import { registerCompression } from './plugins/compression';
import { registerDevOutbox } from './plugins/dev-outbox';
import { registerOperations } from './plugins/operations';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { redactUrl } from './redact';
import { demoUsers } from './seed/demo';
import { seed } from './seed/seed';

export interface AppOptions {
  readonly config: Pick<Config, 'validateResponses' | 'distDir' | 'seedDemoData' | 'logLevel'> &
    Partial<Pick<Config, 'publicDir'>> &
    Partial<
      Pick<
        Config,
        | 'port'
        | 'idpIssuer'
        | 'idpClientSecret'
        | 'demoSignIn'
        | 'oidcIssuer'
        | 'oidcClientSecret'
        | 'complaintWindowDays'
        | 'identityAccountUrl'
        | 'student'
        | 'integrations'
        | 'trustProxy'
        | 'devRoutes'
        | 'paymentCallbackSecret'
        | 'publicOrigins'
        | 'tokenEncryptionKey'
        | 'messaging'
        | 'retention'
        | 'production'
        | 'metricsToken'
        | 'payments'
      >
    >;
  readonly db: Db;
  readonly clock?: Clock;
  readonly logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  readonly logStream?: { write(line: string): void };
  /**
   * Run the scheduler (renewals, plan changes, expiries, charges, order reconciliation) every
   * `intervalMs`. Off unless asked: tests drive the jobs themselves with an injected clock.
   */
  readonly jobs?: { readonly intervalMs: number };
  /** A real payment provider adapter; the embedded sandbox (with its hosted page) otherwise. */
  readonly payments?: PaymentPort;
  /** Signs and checks provider callbacks; generated once and kept in the database if unset. */
  readonly paymentCallbackSecret?: string;
  /**
   * Send the outbox over these relays every `intervalMs` (messaging/relay.ts). Off unless asked:
   * main.ts builds them from SMTP_URL and SMS_GATEWAY; tests run the relay themselves.
   */
  readonly relay?: { readonly intervalMs: number; readonly transports: RelayTransports };
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

/** Fastify's trustProxy from TRUST_PROXY: a hop count, an address list, or nobody. */
function trustProxySetting(setting: number | readonly string[] | false | undefined) {
  if (setting === undefined || setting === false) return false;
  // A hop count as proxy-addr reads one: the nearest `hops` addresses are proxies.
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return [...setting];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.config.logLevel,
            // The request line without its query values: invitation tokens, codes and states
            // (/verifiser-familiemedlem?token=…, /callback?code=…) never reach the log.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // Unknown body fields are rejected, not silently dropped (additionalProperties: false), and
    // a wrong type is an error, not coerced (every parameter of the contract is a string). The
    // contract's operations validate with their own Ajv (http/contract.ts), to the same rules.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // Errors raised before a route runs are problem+json too (bad %-encoding, long parameters,
    // headers over Node's limit).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Only the proxies configured (TRUST_PROXY) are believed about the client's address and
    // scheme: otherwise a forged X-Forwarded-For would reset every per-address limit.
    trustProxy: trustProxySetting(options.config.trustProxy),
    return503OnClosing: true,
  });
  const clock = options.clock ?? systemClock;
  await migrate(options.db);
  await seed(options.db, { demoUsers: options.config.seedDemoData, now: clock.now() });
  const idpSecret =
    options.config.idpClientSecret ?? (await persistedSecret(options.db, 'idp-client-secret'));
  const paymentCallbackSecret =
    options.paymentCallbackSecret ??
    options.config.paymentCallbackSecret ??
    (await persistedSecret(options.db, 'payment-callback-secret'));
  // Vipps MobilePay and Swedbank Pay when configured (PAYMENT_PROVIDER=vipps,swedbankpay).
  const paymentsConfig = options.config.payments;
  const providers =
    !options.payments && paymentsConfig?.provider === 'providers'
      ? new ProviderRouter({
          vipps: new VippsPaymentProvider(paymentsConfig.vipps!, { clock }),
          card: new SwedbankPayProvider(paymentsConfig.swedbankPay!, { clock }),
        })
      : null;
  // The sandbox delivers its callbacks like a provider would: signed, to the public endpoint.
  const sandbox =
    (options.payments ?? providers)
      ? null
      : new SandboxPaymentProvider({
          db: options.db,
          clock,
          notify: async (callback) => {
            const body = JSON.stringify(callback);
            const response = await app.inject({
              method: 'POST',
              url: PAYMENT_CALLBACK_PATH,
              headers: {
                'content-type': 'application/json',
                'payment-signature': signPayload(
                  paymentCallbackSecret,
                  body,
                  clock.now().getTime() / 1000,
                ),
              },
              payload: body,
            });
            if (response.statusCode !== 200)
              app.log.error(
                { status: response.statusCode, body: response.body },
                'sandbox callback refused',
              );
          },
        });
  const metrics = createMetrics(options.db);
  app.decorate('services', {
    db: options.db,
    metrics,
    clock,
    rp: relyingParty(options.config, idpSecret),
    payments: options.payments ?? providers ?? sandbox!,
    paymentCallbackSecret,
    vippsWebhook: paymentsConfig?.vipps
      ? { secret: paymentsConfig.vipps.webhookSecret, url: paymentsConfig.vipps.webhookUrl }
      : null,
    tokens: tokenSealer(
      options.config.tokenEncryptionKey ??
        Buffer.from(await persistedSecret(options.db, 'token-encryption-key'), 'base64url'),
    ),
    complaintWindowDays: complaintWindowDays(options.config.complaintWindowDays),
    student: options.config.student ?? DEFAULT_STUDENT_CONFIG,
    identityAccountUrl: identityAccountUrls(
      options.config.identityAccountUrl ??
        (options.config.oidcIssuer
          ? undefined
          : embeddedAccountUrl(embeddedIssuer(options.config))),
    ),
  });

  // Latency by route pattern (never the URL: ids and tokens stay out, and the labels stay few).
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  registerOperations(app, { metrics, metricsToken: options.config.metricsToken });

  // First of the onRequest hooks: every response carries the headers, refusals and middie's too.
  registerSecurityHeaders(app);
  await registerCompression(app);
  installProblemHandling(app);
  // The contract names problem+json; a client may send it too (it is JSON).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/problem+json', { parseAs: 'string' }, parseJson);
  // JSON as usual, but the payment callback keeps its raw body: the signature covers the bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (RAW_BODY_PATHS.has(request.url)) request.rawBody = body as string;
    parseJson(request, body as string, done);
  });
  installCsrfDefence(app);
  await registerContract(app, {
    validateResponses: options.config.validateResponses,
    securityHandlers: securityHandlersWith(subscriptionSessionReads),
    handlers: contractHandlers(
      identityHandlers,
      titleHandlers,
      complaintHandlers,
      deliveryHandlers,
      accountHandlers,
      subscriptionHandlers,
      connectHandlers,
      orderHandlers,
      discountHandlers,
      paymentHandlers,
      businessHandlers,
      familyHandlers,
      studentHandlers,
      privacyHandlers,
      segmentHandlers,
      analyticsHandlers,
    ),
  });

  // Development only: production never serves /dev/* (config.devRoutes is off there).
  if (options.config.devRoutes ?? options.config.seedDemoData) registerDevOutbox(app);
  if (sandbox) await registerSandboxPaymentPage(app, sandbox);

  if (!options.config.oidcIssuer) {
    await registerIdentityProvider(app, {
      config: {
        idpIssuer: embeddedIssuer(options.config),
        idpClientSecret: idpSecret,
        demoSignIn: options.config.demoSignIn ?? options.config.seedDemoData,
        publicOrigins: options.config.publicOrigins ?? [],
        trustProxy: options.config.trustProxy ?? false,
        ...(options.config.port !== undefined ? { port: options.config.port } : {}),
      },
      db: options.db,
      clock,
      demoEmails: demoUsers.map((user) => user.email),
    });
  }

  const spa = await registerSpa(app, {
    firstScreen,
    distDir: options.config.distDir,
    publicDir: options.config.publicDir ?? path.resolve('public'),
    integrations: options.config.integrations ?? {
      cmp: null,
      analyticsSdkUrl: null,
      privacyPortalUrl: null,
    },
  });
  const isApi = (url: string) => url === '/api' || url.startsWith('/api/');
  if (spa) {
    // The history fallback is a route (the last one to match), not the not-found handler, so
    // index.html goes through the route hooks like every page: compressed, among them.
    app.get('/*', (request, reply) => {
      const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
      if (isApi(request.url) || !acceptsHtml) return reply.callNotFound();
      return spa(request, reply);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApi(request.url)) return apiNotFound(request, reply);
    return sendProblem(reply, notFound('NOT_FOUND', 'No such resource'), request.url);
  });

  if (options.jobs) {
    const background = startBackgroundWork(
      {
        db: options.db,
        clock,
        payments: app.services.payments,
        log: app.log,
        onPart: (part, outcome) => metrics.backgroundPart(part, outcome),
        ...(options.config.retention ? { retention: options.config.retention } : {}),
      },
      options.jobs.intervalMs,
    );
    app.addHook('preClose', () => background.stop());
  }

  const { relay } = options;
  if (relay && (relay.transports.email || relay.transports.sms)) {
    const relaying = startRelay(
      { db: options.db, clock, log: app.log },
      relay.transports,
      relay.intervalMs,
    );
    app.addHook('preClose', () => relaying.stop());
  }

  app.addHook('onClose', async () => {
    await options.db.close();
  });
  return app;
}
