// Typed configuration read once from the environment; every default runs the product with no
// outside service (embedded database, identity provider, payment sandbox and outbox).
import path from 'node:path';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  readonly databaseUrl: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  readonly dataDir: string;
  readonly logLevel: string;
  readonly production: boolean;
  /** Folder of the built SPA that the server serves. */
  readonly distDir: string;
  /** Folder of the brand themes and logos (public/brands, public/logos). */
  readonly publicDir: string;
  /** Validate every response body against the contract (on unless explicitly turned off). */
  readonly validateResponses: boolean;
  /** Seed demo plans, complaint codes and demo accounts into an empty database. */
  readonly seedDemoData: boolean;
  /** Issuer of the embedded OpenID provider served at /idp (IDP_ISSUER). */
  readonly idpIssuer: string;
  /**
   * Master secret of the embedded provider's title clients (IDP_CLIENT_SECRET); each title's
   * client secret is derived from it (identity/provider.ts, clientSecretFor). When unset, a
   * random one is generated once and kept in the database (server_secrets).
   */
  readonly idpClientSecret: string | undefined;
  /** The embedded sign-in page lists the demo users for one-click sign-in (DEMO_SIGN_IN). */
  readonly demoSignIn: boolean;
  /** An external OpenID provider (OIDC_ISSUER) replacing the embedded one in production. */
  readonly oidcIssuer: string | undefined;
  /** The client secret at the external provider (OIDC_CLIENT_SECRET), the same for every title. */
  readonly oidcClientSecret: string | undefined;
  /**
   * The identity provider's page where a reader changes what the provider owns of the profile
   * (name, birth date, login e-mail): IDENTITY_ACCOUNT_URL, `{clientId}` replaced by the title's
   * client id and `{returnTo}` by the Min Side origin the reader comes from. Unset: the embedded
   * provider's account page, or none with OIDC_ISSUER.
   */
  readonly identityAccountUrl: string | undefined;
  /**
   * Seconds between runs of the background work (JOBS_INTERVAL_SECONDS: renewals, expiries,
   * charges, order reconciliation); 0 turns it off (another instance runs it).
   */
  readonly jobsIntervalSeconds: number;
  /**
   * Seconds a stopping server (SIGTERM, SIGINT) gives requests in flight to finish before it
   * cuts their connections (SHUTDOWN_GRACE_SECONDS, default 10); idle connections close at once.
   */
  readonly shutdownGraceSeconds: number;
  /**
   * How many calendar days back (today included) a paper subscriber may file a delivery
   * complaint for (COMPLAINT_WINDOW_DAYS, 1–31; default 14).
   */
  readonly complaintWindowDays: number;
  /**
   * The student offer: e-mail domains counted as student or pupil addresses besides the list
   * in src/shared/student/institutions.json (STUDENT_EXTRA_DOMAINS, PUPIL_EXTRA_DOMAINS:
   * comma-separated), and how many months a verification lasts before the reader verifies
   * again (STUDENT_VERIFICATION_MONTHS, 1–24; default 12).
   */
  readonly student: StudentConfig;
  /**
   * The production adapters behind the SPA's ports; unset, the embedded defaults (the
   * first-party consent dialog, the first-party analytics collector). CMP_SCRIPT_URL and
   * CMP_ACCOUNT_ID: the consent manager's script (an IAB TCF v2 CMP exposing `__tcfapi`) and the
   * group's account with it; each title's property and privacy-manager ids come from its
   * configuration. ANALYTICS_SDK_URL: the analytics SDK, loaded only once the reader accepts
   * analytics. https URLs only.
   */
  readonly integrations: Integrations;
}

export interface Integrations {
  readonly cmp: { readonly scriptUrl: string; readonly accountId: number } | null;
  readonly analyticsSdkUrl: string | null;
  /**
   * PRIVACY_PORTAL_URL: the identity provider's privacy portal, where a reader gets a copy of
   * their data or has it deleted in production (`{clientId}`, `{returnTo}` as in
   * IDENTITY_ACCOUNT_URL). Unset: Min Side does both itself.
   */
  readonly privacyPortalUrl: string | null;
}

export interface StudentConfig {
  readonly extraDomains: { readonly student: readonly string[]; readonly pupil: readonly string[] };
  readonly verificationMonths: number;
}

type Env = Readonly<Record<string, string | undefined>>;

function intFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a whole number between 0 and 65535, got "${raw}"`);
  }
  return value;
}

function flagFrom(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function idpClientSecretFrom(env: Env): string | undefined {
  const secret = env.IDP_CLIENT_SECRET;
  if (!secret) return undefined;
  if (secret.length < 32) throw new Error('IDP_CLIENT_SECRET must be at least 32 characters');
  return secret;
}

function oidcClientSecretFrom(env: Env): string | undefined {
  if (!env.OIDC_ISSUER) return undefined;
  if (!env.OIDC_CLIENT_SECRET) {
    throw new Error('OIDC_CLIENT_SECRET must be set when OIDC_ISSUER names an external provider');
  }
  return env.OIDC_CLIENT_SECRET;
}

function complaintWindowDaysFrom(env: Env): number {
  const days = intFrom(env, 'COMPLAINT_WINDOW_DAYS', 14);
  if (days < 1 || days > 31) throw new Error(`COMPLAINT_WINDOW_DAYS must be 1–31, got ${days}`);
  return days;
}

function domainsFrom(env: Env, name: string): string[] {
  const domains = (env[name] ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const bad = domains.find((d) => !/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(d));
  if (bad) throw new Error(`${name} must list e-mail domains separated by commas, got "${bad}"`);
  return domains;
}

function studentFrom(env: Env): StudentConfig {
  const months = intFrom(env, 'STUDENT_VERIFICATION_MONTHS', 12);
  if (months < 1 || months > 24)
    throw new Error(`STUDENT_VERIFICATION_MONTHS must be 1–24, got ${months}`);
  return {
    extraDomains: {
      student: domainsFrom(env, 'STUDENT_EXTRA_DOMAINS'),
      pupil: domainsFrom(env, 'PUPIL_EXTRA_DOMAINS'),
    },
    verificationMonths: months,
  };
}

function identityAccountUrlFrom(env: Env): string | undefined {
  const url = env.IDENTITY_ACCOUNT_URL;
  if (!url) return undefined;
  const example = url.replaceAll('{clientId}', 'x').replaceAll('{returnTo}', 'x');
  if (!/^https?:$/.test(URL.parse(example)?.protocol ?? ''))
    throw new Error(`IDENTITY_ACCOUNT_URL must be an http(s) URL, got "${url}"`);
  return url;
}

function httpsUrlFrom(env: Env, name: string): string | null {
  const value = env[name];
  if (!value) return null;
  if (URL.parse(value)?.protocol !== 'https:')
    throw new Error(`${name} must be an https URL, got "${value}"`);
  return value;
}

function privacyPortalFrom(env: Env): string | null {
  const url = env.PRIVACY_PORTAL_URL;
  if (!url) return null;
  const example = url.replaceAll('{clientId}', 'x').replaceAll('{returnTo}', 'x');
  if (URL.parse(example)?.protocol !== 'https:')
    throw new Error(`PRIVACY_PORTAL_URL must be an https URL, got "${url}"`);
  return url;
}

function integrationsFrom(env: Env): Integrations {
  const scriptUrl = httpsUrlFrom(env, 'CMP_SCRIPT_URL');
  const accountId = env.CMP_ACCOUNT_ID ? Number(env.CMP_ACCOUNT_ID) : null;
  if (!!scriptUrl !== (accountId !== null))
    throw new Error('CMP_SCRIPT_URL and CMP_ACCOUNT_ID are set together, or neither');
  if (accountId !== null && !(Number.isInteger(accountId) && accountId > 0))
    throw new Error(`CMP_ACCOUNT_ID must be a positive whole number, got "${env.CMP_ACCOUNT_ID}"`);
  return {
    cmp: scriptUrl && accountId !== null ? { scriptUrl, accountId } : null,
    analyticsSdkUrl: httpsUrlFrom(env, 'ANALYTICS_SDK_URL'),
    privacyPortalUrl: privacyPortalFrom(env),
  };
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const port = intFrom(env, 'PORT', 8080);
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(cwd, 'data', 'pglite'),
    logLevel: env.LOG_LEVEL || 'info',
    production,
    distDir: env.DIST_DIR || path.join(cwd, 'dist'),
    publicDir: env.PUBLIC_DIR || path.join(cwd, 'public'),
    validateResponses: flagFrom(env, 'VALIDATE_RESPONSES', true),
    seedDemoData: flagFrom(env, 'SEED_DEMO_DATA', true),
    idpIssuer: env.IDP_ISSUER || `http://localhost:${port}/idp`,
    idpClientSecret: idpClientSecretFrom(env),
    demoSignIn: flagFrom(env, 'DEMO_SIGN_IN', flagFrom(env, 'SEED_DEMO_DATA', true)),
    oidcIssuer: env.OIDC_ISSUER || undefined,
    oidcClientSecret: oidcClientSecretFrom(env),
    identityAccountUrl: identityAccountUrlFrom(env),
    jobsIntervalSeconds: intFrom(env, 'JOBS_INTERVAL_SECONDS', 60),
    shutdownGraceSeconds: intFrom(env, 'SHUTDOWN_GRACE_SECONDS', 10),
    complaintWindowDays: complaintWindowDaysFrom(env),
    student: studentFrom(env),
    integrations: integrationsFrom(env),
  };
}
