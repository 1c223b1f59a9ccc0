// Mounts the embedded OpenID provider under /idp and serves its sign-in interaction: oidc-provider
// (a Koa app) answers every /idp path through @fastify/middie (which runs for /idp paths only)
// except /idp/interaction/…, which are our own Fastify routes (sign-in page in the title's
// language — bokmål or nynorsk, by the client the authorization request names — password check,
// automatic consent for our first-party title clients). Form bodies are parsed only inside this plugin's context, so the
// JSON API is untouched.
import type { IncomingMessage, ServerResponse } from 'node:http';

import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientMetadata, Interaction } from 'oidc-provider';
import type Provider from 'oidc-provider';

import { type Clock, systemClock } from '../clock';
import type { Config } from '../config';
import { sha256 } from '../crypto';
import type { Db } from '../db/db';
import { consume, waitIfReached } from '../domain/rate-limits';
import { escapeHtml, PAGE_HEADERS, pageSecurity, renderPage } from '../http/html';

import { registerAccountPage } from './account-page';
import { languageOfClient, PAGE_TEXTS, type PageLanguage } from './page-texts';
import { verifyPassword } from './password';
import { createIdentityProvider, identityClients, IDP_MOUNT_PATH } from './provider';

/** The webpack dev server of `npm run dev` serves the SPA here while the API runs elsewhere. */
const DEV_SERVER_PORT = 8080;

export interface IdentityProviderPluginOptions {
  /** No provider is mounted unless idpIssuer and idpClientSecret are both set. */
  readonly config: Partial<
    Pick<
      Config,
      'port' | 'idpIssuer' | 'idpClientSecret' | 'demoSignIn' | 'publicOrigins' | 'trustProxy'
    >
  >;
  readonly db: Db;
  readonly clock?: Clock;
  /**
   * The demo users' e-mail addresses: the sign-in page offers these (with demoSignIn) and signs
   * them in with one click. Given by the app from seed/demo.ts, which sits above identity/.
   */
  readonly demoEmails?: readonly string[];
}

const UID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
// Compared against when the e-mail is unknown, so both cases take as long as a real check.
const UNKNOWN_USER_HASH =
  'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

type UidParams = { uid: string };

/** Sign-in attempts from one address, and failed ones of one account, per window. */
export const LOGIN_ATTEMPTS_PER_ADDRESS = 300;
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_WINDOW_S = 15 * 60;

/** An account as the log may name it: the start of the SHA-256 (base64url) of its sign-in name. */
export const accountRef = (email: string) => `sha256:${sha256(email).slice(0, 12)}`;

type DemoUserRow = {
  readonly email: string;
  readonly given_name: string;
  readonly family_name: string;
  readonly user_kind: string;
};

type LoginUserRow = { readonly spid_id: string; readonly password_hash: string };

/** Mounts the provider when configured and returns it (undefined when not). */
export async function registerIdentityProvider(
  app: FastifyInstance,
  options: IdentityProviderPluginOptions,
): Promise<Provider | undefined> {
  const { config, db } = options;
  if (!config.idpIssuer || !config.idpClientSecret) return undefined;
  const demoSignIn = config.demoSignIn ?? false;
  const demoEmails: ReadonlySet<string> = new Set(options.demoEmails ?? []);
  const port = config.port ?? (Number(new URL(config.idpIssuer).port) || 80);

  const redirectOrigins = {
    localPorts: [port, DEV_SERVER_PORT],
    publicOrigins: config.publicOrigins ?? [],
  };
  const provider = await createIdentityProvider({
    db,
    issuer: config.idpIssuer,
    clientSecret: config.idpClientSecret,
    redirectOrigins,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // Behind a TLS-terminating proxy that TRUST_PROXY names: take scheme and host from
  // X-Forwarded-* (as Fastify does, app.ts), so cookies are Secure and URLs use https. Without
  // one configured, nobody's forwarded headers are believed.
  provider.proxy = config.trustProxy !== undefined && config.trustProxy !== false;
  provider.on('server_error', (_ctx: unknown, err: Error) => {
    app.log.error({ err }, 'identity provider: server error');
  });

  // Every /idp response gets the headers of our pages (instead of the SPA's), before middie
  // hands it to oidc-provider: its own pages (logout, errors, its self-submitting forms) and our
  // interaction routes alike; the sign-in page adds where it returns to (sendLoginPage).
  if (!app.hasReplyDecorator('helmet')) throw new Error('register the security headers first');
  const providerPages = pageSecurity([
    returnOriginIn(identityClients(config.idpClientSecret, redirectOrigins)),
  ]);
  app.addHook('onRequest', async (request, reply) => {
    const { url } = request;
    if (url === IDP_MOUNT_PATH || url.startsWith(`${IDP_MOUNT_PATH}/`)) reply.helmet(providerPages);
  });

  const callback = provider.callback();
  const interactionPrefix = '/interaction/';
  // The middleware runner (middie) lives in a scope of its own whose only routes take every
  // /idp path, so it runs for the provider's requests and for no other (on the root instance it
  // would run for every API call). The interaction routes below are more specific and win.
  await app.register(async (scope) => {
    await scope.register(middie);
    // middie strips the mount path, so the provider sees /auth, /token … and derives /idp back
    // from req.originalUrl when it builds URLs.
    scope.use(IDP_MOUNT_PATH, (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      if (req.url?.startsWith(interactionPrefix) || isAccountPage(req.url)) return next();
      void callback(req, res);
    });
    // Reached only for an /idp/interaction/… path no interaction route has: not found, as before
    // (before its body is parsed).
    const notFound = async (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
    for (const url of [IDP_MOUNT_PATH, `${IDP_MOUNT_PATH}/*`]) {
      scope.all(url, { onRequest: notFound }, notFound);
    }
  });

  const clients = identityClients(config.idpClientSecret, redirectOrigins);
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    registerInteractionRoutes(scope, {
      provider,
      db,
      clock: options.clock ?? systemClock,
      demoSignIn,
      demoEmails,
    });
    registerAccountPage(scope, {
      provider,
      db,
      clock: options.clock ?? systemClock,
      clientOf: clientOfAccountPage(clients),
    });
  });
  return provider;
}

/** The account page's path as middie passes it on (without the mount path). */
const isAccountPage = (url: string | undefined) =>
  url !== undefined && /^\/account(?:[?#]|$)/.test(url);

/**
 * A title client's name and the Min Side origin its account page may link back to: one of the
 * origins the client has registered (so the page links nowhere else), or none.
 */
function clientOfAccountPage(clients: readonly ClientMetadata[]) {
  const byId = new Map(
    clients.map((c) => [
      c.client_id,
      {
        name: typeof c.client_name === 'string' ? c.client_name : 'Min Side',
        origins: new Set((c.redirect_uris ?? []).map((uri) => new URL(uri).origin)),
      },
    ]),
  );
  return (clientId: string, returnTo: string) => {
    const client = byId.get(clientId);
    if (!client) return null;
    return { name: client.name, returnOrigin: client.origins.has(returnTo) ? returnTo : '' };
  };
}

/**
 * The origin a provider request names to return to (redirect_uri, post_logout_redirect_uri in
 * the query: logout, its self-submitting form without a session), for its page's form-action;
 * only an origin some client has registered, so no request widens the policy to anywhere else.
 */
function returnOriginIn(clients: readonly ClientMetadata[]) {
  const registered = new Set(
    clients
      .flatMap((c) => [...(c.redirect_uris ?? []), ...(c.post_logout_redirect_uris ?? [])])
      .map((uri) => new URL(uri).origin),
  );
  return (req: IncomingMessage): string => {
    const query = new URL(req.url ?? '/', 'http://query.invalid').searchParams;
    for (const name of ['post_logout_redirect_uri', 'redirect_uri']) {
      const origin = URL.parse(query.get(name) ?? '')?.origin;
      if (origin && registered.has(origin)) return origin;
    }
    return '';
  };
}

interface InteractionContext {
  readonly provider: Provider;
  readonly db: Db;
  readonly clock: Clock;
  /** List the demo users and sign them in with one click (demo data only). */
  readonly demoSignIn: boolean;
  readonly demoEmails: ReadonlySet<string>;
}

function registerInteractionRoutes(scope: FastifyInstance, context: InteractionContext) {
  const { provider, db, clock, demoSignIn, demoEmails } = context;
  const base = `${IDP_MOUNT_PATH}/interaction`;

  scope.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'identity provider: interaction failed');
    const text = PAGE_TEXTS.nb;
    return sendPage(reply.code(500), text.somethingWentWrong, errorBody(text.tryAgain, text));
  });

  scope.get<{ Params: UidParams }>(`${base}/:uid`, async (request, reply) => {
    const interaction = await interactionFor(provider, request, reply);
    if (!interaction) return reply;
    const language = languageOf(interaction);
    if (interaction.prompt.name === 'login') {
      return sendLoginPage(reply, {
        uid: interaction.uid,
        language,
        clientName: await clientNameOf(provider, interaction),
        returnOrigin: returnOriginOf(interaction),
        demoUsers: demoSignIn ? await listDemoUsers(db, demoEmails) : [],
      });
    }
    if (interaction.prompt.name === 'consent') {
      const grantId = await grantConsent(provider, interaction);
      return finish(provider, request, reply, { consent: { grantId } }, true, language);
    }
    const text = PAGE_TEXTS[language];
    return sendPage(
      reply.code(400),
      text.somethingWentWrong,
      errorBody(text.unknownStep, text),
      language,
    );
  });

  scope.post<{ Params: UidParams; Body: unknown }>(`${base}/:uid/login`, async (request, reply) => {
    const interaction = await interactionFor(provider, request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name !== 'login') {
      return reply.redirect(`${base}/${interaction.uid}`, 303);
    }
    const form = formFields(request.body);
    const email = form('email').trim().toLowerCase();
    const language = languageOf(interaction);
    const loginPage = async (status: number, error: string) =>
      sendLoginPage(reply.code(status), {
        uid: interaction.uid,
        language,
        clientName: await clientNameOf(provider, interaction),
        returnOrigin: returnOriginOf(interaction),
        demoUsers: demoSignIn ? await listDemoUsers(db, demoEmails) : [],
        email,
        error,
      });
    // Limits before the password is hashed (scrypt is the costly part): every attempt from one
    // address, and the failed ones of one account, each in a window of 15 minutes.
    const now = clock.now();
    const accountKey = `idp-login-failed:${sha256(email)}`;
    const wait = Math.max(
      await consume(db, `idp-login:${request.ip}`, LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_WINDOW_S, now),
      await waitIfReached(db, accountKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_S, now),
    );
    if (wait > 0) {
      request.log.warn({ account: accountRef(email) }, 'identity provider: sign-in rate limited');
      reply.header('retry-after', String(wait));
      return loginPage(429, PAGE_TEXTS[language].tooManyAttempts(Math.ceil(wait / 60)));
    }
    // Passwordless demo sign-in, only where demo sign-in is on and for the seeded demo users.
    const demo = form('demo') === '1' && demoSignIn && demoEmails.has(email);
    const [user] = email
      ? await db.query<LoginUserRow>(
          'select spid_id, password_hash from identity_users where lower(email) = $1',
          [email],
        )
      : [];
    const passwordOk = await verifyPassword(
      form('password'),
      user?.password_hash ?? UNKNOWN_USER_HASH,
    );
    if (!user || !(demo || passwordOk)) {
      await consume(db, accountKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_S, now);
      // Never the password nor the address: a reference support can match to an address.
      request.log.warn({ account: accountRef(email) }, 'identity provider: failed sign-in');
      return loginPage(422, PAGE_TEXTS[language].loginFailed);
    }
    const result = { login: { accountId: user.spid_id } };
    return finish(provider, request, reply, result, false, languageOf(interaction));
  });

  scope.get<{ Params: UidParams }>(`${base}/:uid/abort`, async (request, reply) => {
    const interaction = await interactionFor(provider, request, reply);
    if (!interaction) return reply;
    const result = {
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
    };
    return finish(provider, request, reply, result, false, languageOf(interaction));
  });
}

/**
 * The interaction the browser's cookie names, if it is the one in the URL. oidc-provider binds
 * the interaction to the browser with a signed cookie; requiring the URL's uid to match it keeps
 * a form posted from another interaction (or another site) from completing this one.
 */
async function interactionFor(
  provider: Provider,
  request: FastifyRequest<{ Params: UidParams }>,
  reply: FastifyReply,
): Promise<Interaction | undefined> {
  const { uid } = request.params;
  let interaction: Interaction | undefined;
  try {
    interaction = UID_PATTERN.test(uid)
      ? await provider.interactionDetails(request.raw, reply.raw)
      : undefined;
  } catch (error) {
    // oidc-provider's SessionNotFound (no or expired interaction cookie); anything else is ours.
    if (!(error instanceof Error && error.name === 'SessionNotFound')) throw error;
  }
  if (interaction?.uid === uid) return interaction;
  request.log.info({ uid }, 'identity provider: unknown or expired interaction');
  // No interaction, so no client to take the language from: bokmål.
  const text = PAGE_TEXTS.nb;
  sendPage(reply.code(400), text.expiredTitle, errorBody(text.expired, text, text.expiredTitle));
  return undefined;
}

/** Hands the raw response to oidc-provider, which redirects back to its authorization flow. */
async function finish(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  result: Parameters<Provider['interactionFinished']>[2],
  mergeWithLastSubmission: boolean,
  language: PageLanguage,
) {
  reply.hijack();
  try {
    await provider.interactionFinished(request.raw, reply.raw, result, {
      mergeWithLastSubmission,
    });
  } catch (error) {
    request.log.error({ err: error }, 'identity provider: could not finish interaction');
    if (!reply.raw.headersSent) {
      const text = PAGE_TEXTS[language];
      reply.raw.writeHead(500, PAGE_HEADERS);
      reply.raw.end(renderPage(text.somethingWentWrong, errorBody(text.tryAgain, text), language));
    } else {
      reply.raw.end();
    }
  }
}

/**
 * Our title clients are first-party: whatever scopes and claims they ask for are granted without
 * a consent screen, extending the grant the session already has for the client.
 */
async function grantConsent(provider: Provider, interaction: Interaction): Promise<string> {
  const { details } = interaction.prompt;
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string') throw new Error('consent without a session');
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const scopes = details.missingOIDCScope;
  if (Array.isArray(scopes)) grant.addOIDCScope(scopes.join(' '));
  const claims = details.missingOIDCClaims;
  if (Array.isArray(claims)) grant.addOIDCClaims(claims.map(String));
  const resources = details.missingResourceScopes;
  if (resources && typeof resources === 'object') {
    for (const [indicator, scope] of Object.entries(resources)) {
      if (Array.isArray(scope)) grant.addResourceScope(indicator, scope.join(' '));
    }
  }
  return grant.save();
}

/**
 * Where the sign-in returns to: the origin of the authorization request's redirect_uri, which
 * oidc-provider checked against the client's registered URIs before the interaction began.
 */
function returnOriginOf(interaction: Interaction): string | undefined {
  const redirectUri = interaction.params.redirect_uri;
  return typeof redirectUri === 'string' ? URL.parse(redirectUri)?.origin : undefined;
}

/** The language of the title whose client started the sign-in (page-texts.ts). */
function languageOf(interaction: Interaction): PageLanguage {
  return languageOfClient(interaction.params.client_id);
}

async function clientNameOf(provider: Provider, interaction: Interaction): Promise<string> {
  const clientId = interaction.params.client_id;
  const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
  return client?.clientName ?? 'Min Side';
}

async function listDemoUsers(db: Db, emails: ReadonlySet<string>): Promise<DemoUserRow[]> {
  return db.query<DemoUserRow>(
    `select email, given_name, family_name, user_kind from identity_users
      where email = any($1::text[]) order by spid_id`,
    [[...emails]],
  );
}

function formFields(body: unknown): (name: string) => string {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  return (name) => {
    const value = fields[name];
    return typeof value === 'string' ? value : '';
  };
}

// ---------------------------------------------------------------------------------------------
// Pages

function sendPage(reply: FastifyReply, title: string, body: string, language?: PageLanguage) {
  return reply.headers(PAGE_HEADERS).send(renderPage(title, body, language));
}

function errorBody(
  message: string,
  text: { readonly somethingWentWrong: string },
  heading = text.somethingWentWrong,
): string {
  return `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(message)}</p>`;
}

interface LoginPage {
  readonly uid: string;
  /** The title's language: the texts and the page's lang attribute. */
  readonly language: PageLanguage;
  readonly clientName: string;
  /** The origin the sign-in redirects to after the form post: its form-action must allow it. */
  readonly returnOrigin: string | undefined;
  readonly demoUsers: readonly DemoUserRow[];
  readonly email?: string;
  readonly error?: string;
}

function sendLoginPage(reply: FastifyReply, page: LoginPage) {
  reply.helmet(pageSecurity(page.returnOrigin ? [page.returnOrigin] : []));
  const text = PAGE_TEXTS[page.language];
  const action = `${IDP_MOUNT_PATH}/interaction/${escapeHtml(page.uid)}`;
  const invalid = page.error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  const alert = page.error
    ? `<p id="login-error" class="alert" role="alert">${escapeHtml(page.error)}</p>`
    : '';
  const demo =
    page.demoUsers.length === 0
      ? ''
      : `<section aria-labelledby="demo-heading">
<h2 id="demo-heading">${escapeHtml(text.demoUsers)}</h2>
<p class="note">${escapeHtml(text.demoUsersNote)}</p>
<form method="post" action="${action}/login">
<input type="hidden" name="demo" value="1">
<ul>
${page.demoUsers
  .map((u) => {
    const kind = text.userKinds[u.user_kind] ?? u.user_kind;
    const label = `${u.given_name} ${u.family_name} – ${kind}`;
    return `<li><button type="submit" class="secondary" name="email" value="${escapeHtml(u.email)}">${escapeHtml(label)}</button></li>`;
  })
  .join('\n')}
</ul>
</form>
</section>
<hr>
<h2>${escapeHtml(text.signInWithEmail)}</h2>`;
  return sendPage(
    reply,
    text.signIn,
    `<h1>${escapeHtml(text.signIn)}</h1>
<p>${escapeHtml(text.continueTo(page.clientName))}</p>
${alert}
${demo}
<form method="post" action="${action}/login">
<label for="email">${escapeHtml(text.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(page.email ?? '')}"${invalid}>
<label for="password">${escapeHtml(text.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button type="submit">${escapeHtml(text.signIn)}</button>
</form>
<p><a href="${action}/abort">${escapeHtml(text.abort)}</a></p>`,
    page.language,
  );
}
