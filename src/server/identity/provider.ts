// The embedded OpenID Connect provider (oidc-provider), served by this process under /idp: one
// confidential client per publication, the demo identities of identity_users as accounts, its
// models in oidc_models and its keys in oidc_keys (generated on first start), so restarts and
// several instances keep sessions and tokens valid. Production uses the central identity
// provider instead; this one makes sign-in work on one machine with no outside service.
// Owns `oidc_keys`.
import {
  createHash,
  createHmac,
  generateKeyPair,
  type JsonWebKey,
  type KeyObject,
  randomBytes,
} from 'node:crypto';

import type { Account, ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';

import { publications } from '../../shared/publications/registry';
import { type Clock, systemClock } from '../clock';
import type { Queryable } from '../db/db';
import { escapeHtml, PAGE_HEADERS, renderPage } from '../http/html';

import { languageOfClient, PAGE_TEXTS, type PageLanguage } from './page-texts';
import { adapterFor } from './provider-adapter';

/** Where the provider is mounted in this process; the issuer's path must be this. */
export const IDP_MOUNT_PATH = '/idp';

/** The scopes a title's Min Side may ask for. */
export const IDP_SCOPES = ['openid', 'offline_access', 'email', 'profile', 'phone'] as const;

// Lifetimes in seconds. Access tokens are short because the BFF refreshes them; the refresh
// token (and the grant it belongs to) lasts 30 days, then the user signs in again.
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const IDP_TTL = {
  AccessToken: 10 * MINUTE,
  AuthorizationCode: MINUTE,
  IdToken: 10 * MINUTE,
  RefreshToken: 30 * DAY,
  Grant: 30 * DAY,
  Session: 12 * HOUR,
  Interaction: HOUR,
} as const;

/** Origins besides each title's own Min Side site that may sign in and be returned to. */
export interface RedirectOrigins {
  /** Ports the SPA is served on locally: the server's own, and the dev server's. */
  readonly localPorts: readonly number[];
  /**
   * PUBLIC_ORIGINS (config.ts): where readers reach this deployment, e.g. a load balancer in front
   * of several instances. A localhost origin also stands for each title's <code>.localhost.
   */
  readonly publicOrigins?: readonly string[];
}

export interface IdentityProviderOptions {
  readonly db: Queryable;
  /** Issuer identifier, e.g. http://localhost:8080/idp; its path must be IDP_MOUNT_PATH. */
  readonly issuer: string;
  /** Master secret each title's client secret is derived from (see clientSecretFor). */
  readonly clientSecret: string;
  readonly redirectOrigins: RedirectOrigins;
  /** Decides expiry of stored models; oidc-provider itself always uses the system time. */
  readonly clock?: Clock;
}

/**
 * The client secret of one title: HMAC-SHA256 of its client id under the master secret, hex.
 * The BFF derives the same value from the same configuration, so no per-title secret is stored.
 */
export function clientSecretFor(masterSecret: string, clientId: string): string {
  return createHmac('sha256', masterSecret).update(clientId).digest('hex');
}

/** The registered redirect URIs of a title: its Min Side site plus the local origins. */
export function redirectUrisFor(
  publication: { readonly titleCode: string; readonly domain: string },
  origins: RedirectOrigins,
): string[] {
  return [
    `https://minside.${publication.domain}/callback`,
    ...localOrigins(publication.titleCode, origins).map((origin) => `${origin}/callback`),
  ];
}

function localOrigins(titleCode: string, origins: RedirectOrigins): string[] {
  const ports = [...new Set(origins.localPorts)];
  const local = ports.flatMap((port) => [
    `http://${titleCode.toLowerCase()}.localhost:${port}`,
    `http://localhost:${port}`,
  ]);
  const configured = (origins.publicOrigins ?? []).flatMap((origin) => {
    const url = new URL(origin);
    if (url.hostname !== 'localhost') return [url.origin];
    const titled = new URL(origin);
    titled.hostname = `${titleCode.toLowerCase()}.localhost`;
    return [titled.origin, url.origin];
  });
  return [...new Set([...local, ...configured])];
}

export function identityClients(masterSecret: string, origins: RedirectOrigins): ClientMetadata[] {
  return publications.map((p) => ({
    client_id: p.spidClientId,
    client_secret: clientSecretFor(masterSecret, p.spidClientId),
    client_name: p.displayName,
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    scope: IDP_SCOPES.join(' '),
    redirect_uris: redirectUrisFor(p, origins),
    // The title's own page only: where requirements §4 sends the reader after logout, locally too.
    post_logout_redirect_uris: [`${p.baseUrl}/`],
  }));
}

// ---------------------------------------------------------------------------------------------
// Accounts: the identities of identity_users.

type IdentityUserRow = {
  readonly spid_id: string;
  readonly email: string;
  readonly given_name: string;
  readonly family_name: string;
  readonly phone_number: string;
  readonly birth_date: string | null;
};

async function findAccount(db: Queryable, sub: string): Promise<Account | undefined> {
  const [user] = await db.query<IdentityUserRow>(
    `select spid_id, email, given_name, family_name, phone_number, birth_date
       from identity_users where spid_id = $1`,
    [sub],
  );
  if (!user) return undefined;
  return {
    accountId: user.spid_id,
    // oidc-provider keeps only the claims the granted scopes allow (see `claims` below).
    claims: () => ({
      sub: user.spid_id,
      email: user.email,
      // identity_users has no unverified state: its addresses are registered by the operator.
      email_verified: true,
      given_name: user.given_name,
      family_name: user.family_name,
      name: `${user.given_name} ${user.family_name}`,
      phone_number: user.phone_number || undefined,
      birthdate: user.birth_date ?? undefined,
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Keys: generated once, kept in oidc_keys.

type KeyKind = 'jwks' | 'cookies';

async function loadOrCreateKeys<T>(db: Queryable, kind: KeyKind, create: () => Promise<T>) {
  const read = async () => {
    const [row] = await db.query<{ value: T }>('select value from oidc_keys where kind = $1', [
      kind,
    ]);
    return row?.value;
  };
  const existing = await read();
  if (existing !== undefined) return existing;
  // Two instances starting together: the first insert wins and both read the same keys.
  await db.query(
    `insert into oidc_keys (kind, value) values ($1, $2::jsonb) on conflict (kind) do nothing`,
    [kind, JSON.stringify(await create())],
  );
  const stored = await read();
  if (stored === undefined) throw new Error(`oidc_keys: could not store ${kind}`);
  return stored;
}

/** RFC 7638 thumbprint of an RSA key, used as its key id. */
function rsaThumbprint(jwk: JsonWebKey): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** A new RS256 signing key as a private JWK with kid, alg and use. */
export async function generateSigningKey(): Promise<JsonWebKey> {
  const privateKey = await new Promise<KeyObject>((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, key) =>
      error ? reject(error) : resolve(key),
    );
  });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: rsaThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

export async function loadProviderKeys(db: Queryable) {
  const jwks = await loadOrCreateKeys<{ keys: JsonWebKey[] }>(db, 'jwks', async () => ({
    keys: [await generateSigningKey()],
  }));
  const cookieKeys = await loadOrCreateKeys<string[]>(db, 'cookies', async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { jwks, cookieKeys };
}

// ---------------------------------------------------------------------------------------------
// Our own pages (http/html.ts) in bokmål, or nynorsk for nynorsk titles (page-texts.ts).

/** The language of the title whose client the request is for (page-texts.ts). */
function languageOf(ctx: KoaContextWithOIDC): PageLanguage {
  return languageOfClient(ctx.oidc.client?.clientId);
}

function sendPage(ctx: KoaContextWithOIDC, title: string, body: string): void {
  ctx.set({ ...PAGE_HEADERS });
  ctx.body = renderPage(title, body, languageOf(ctx));
}

function clientName(ctx: KoaContextWithOIDC): string {
  return ctx.oidc.client?.clientName ?? ctx.oidc.client?.clientId ?? 'Min Side';
}

// `form` is oidc-provider's hidden form (id op.logoutForm) carrying its xsrf token.
function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  const text = PAGE_TEXTS[languageOf(ctx)];
  sendPage(
    ctx,
    text.logOut,
    `<h1>${escapeHtml(text.logOut)}</h1>
<p>${escapeHtml(text.logOutQuestion)}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(text.logOutEverywhere)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(text.logOutOnlyFrom(clientName(ctx)))}</button>`,
  );
}

function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  const text = PAGE_TEXTS[languageOf(ctx)];
  sendPage(
    ctx,
    text.loggedOutTitle,
    `<h1>${escapeHtml(text.loggedOut)}</h1><p>${escapeHtml(text.loggedOutNote)}</p>`,
  );
}

function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string | undefined },
): void {
  const text = PAGE_TEXTS[languageOf(ctx)];
  sendPage(
    ctx,
    text.somethingWentWrong,
    `<h1>${escapeHtml(text.somethingWentWrong)}</h1>
<p>${escapeHtml(text.signInFailed)}</p>
<p class="note">${escapeHtml(text.errorCode)}: <code>${escapeHtml(out.error)}</code>${
      out.error_description ? ` (${escapeHtml(out.error_description)})` : ''
    }</p>`,
  );
}

// ---------------------------------------------------------------------------------------------

export async function createIdentityProvider(options: IdentityProviderOptions): Promise<Provider> {
  const { db, issuer } = options;
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  if (mountPath !== IDP_MOUNT_PATH) {
    throw new Error(`The identity provider's issuer must end in ${IDP_MOUNT_PATH}, got ${issuer}`);
  }
  const { jwks, cookieKeys } = await loadProviderKeys(db);
  const cookieOptions = { httpOnly: true, sameSite: 'lax' } as const;

  const configuration: Configuration = {
    adapter: adapterFor(db, options.clock ?? systemClock),
    clients: identityClients(options.clientSecret, options.redirectOrigins),
    clientAuthMethods: ['client_secret_basic'],
    responseTypes: ['code'],
    scopes: [...IDP_SCOPES],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'birthdate'],
      phone: ['phone_number'],
    },
    // Put the granted profile claims in the ID token too (the BFF reads them from there).
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => findAccount(db, sub),
    jwks: jwks as Configuration['jwks'],
    cookies: {
      // Prefixed so they never collide with the BFF's own cookies on a shared host.
      names: {
        session: 'idp_session',
        interaction: 'idp_interaction',
        resume: 'idp_interaction_resume',
      },
      keys: cookieKeys,
      long: { ...cookieOptions, path: IDP_MOUNT_PATH },
      short: cookieOptions,
    },
    pkce: { required: () => true },
    // A refresh token exactly when offline_access is granted, to a client allowed to refresh.
    issueRefreshToken: (_ctx, client, source) =>
      client.grantTypeAllowed('refresh_token') && source.scopes.has('offline_access'),
    // Fixed 30-day lifetime; no rotation, so BFF instances refreshing at once never trip reuse
    // detection (which would revoke the whole grant).
    rotateRefreshToken: false,
    ttl: { ...IDP_TTL },
    interactions: {
      url: (_ctx, interaction) => `${IDP_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    // Server-to-server only: no browser calls the token or userinfo endpoints.
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
    },
    renderError,
  };

  // Loaded here, not at import: modules that only need clientSecretFor or redirectUrisFor (and
  // servers without the embedded provider) never load oidc-provider.
  const { default: OidcProvider } = await import('oidc-provider');
  return new OidcProvider(issuer, configuration);
}
