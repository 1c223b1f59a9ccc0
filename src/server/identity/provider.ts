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
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Account, ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';

import { publications } from '../../shared/publications/registry';
import { type Clock, systemClock } from '../clock';
import type { Queryable } from '../db/db';

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
    // The title's own page only: where spec §4 sends the reader after logout, locally too.
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
// Our own pages: Norwegian (bokmål, or nynorsk for nynorsk titles: page-texts.ts), no external
// assets, no scripts, one hashed inline style sheet.

const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1a1a1a;background:#f4f4f4}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #c4c4c4;border-radius:4px}
h1{font-size:1.75rem;margin:0 0 1rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{display:block;width:100%;padding:.5rem;font:inherit;color:#1a1a1a;background:#fff;border:1px solid #595959;border-radius:4px}
button{display:block;width:100%;margin:.75rem 0 0;padding:.625rem 1rem;font:inherit;font-weight:600;color:#fff;background:#00467f;border:2px solid #00467f;border-radius:4px;cursor:pointer;text-align:left}
button:hover{background:#00335c}
button.secondary{color:#00467f;background:#fff}
button.secondary:hover{background:#e6eef5}
:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
ul{list-style:none;margin:0;padding:0}
li button{margin:.5rem 0 0}
a{color:#00467f}
p.note{color:#4a4a4a}
.alert{margin:0 0 1rem;padding:.75rem 1rem;color:#7a0010;background:#fdecee;border:1px solid #7a0010;border-radius:4px}
hr{margin:1.5rem 0;border:0;border-top:1px solid #c4c4c4}
`;

const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_CSS).digest('base64')}'`;

/** Response headers of every page we render; the security headers come from pageSecurity. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
};

type FormTarget = string | ((req: IncomingMessage, res: ServerResponse) => string);

/**
 * The security headers of our pages (sign-in, logout, errors, the payment sandbox), as helmet
 * options: nothing but our one inline style sheet (by hash), no script, forms only to this
 * origin and to `formTargets`. Chromium applies form-action to every redirect after the post
 * too, so a form whose answer redirects to another origin (the sign-in returning to the title's
 * /callback) needs that origin here. Referrer: the same origin only ('no-referrer' would make
 * Chromium send `Origin: null` with the page's own form post).
 */
export function pageSecurity(formTargets: readonly FormTarget[] = []) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        // No source: no script runs. Spelled out rather than left to default-src because
        // oidc-provider adds the hash of its self-submitting form's inline script (logout without
        // a session) to a script-src it finds, and to nothing else; 'none' plus a hash is invalid.
        scriptSrc: [],
        styleSrc: [PAGE_STYLE_HASH],
        formAction: ["'self'", ...formTargets],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' as const },
  };
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A whole page in `language`; `body` is trusted HTML (escape every value put into it). */
export function renderPage(title: string, body: string, language: PageLanguage = 'nb'): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Min Side</title>
<style>${PAGE_CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

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

  // Loaded here, not at import: modules that only need clientSecretFor or the page helpers (and
  // servers without the embedded provider) never load oidc-provider.
  const { default: OidcProvider } = await import('oidc-provider');
  return new OidcProvider(issuer, configuration);
}
