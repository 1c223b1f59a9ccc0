// Typed configuration read once from the environment; every default runs the product with no
// outside service (embedded database, identity provider, payment sandbox and outbox).
import path from 'node:path';

import type { SwedbankPayConfig } from './payments/swedbankpay';
import type { VippsConfig } from './payments/vipps';

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
   * again (STUDENT_VERIFICATION_MONTHS, 1–24; default 12), and the least time between two codes
   * to one reader (STUDENT_CODE_RESEND_SECONDS, 5–600; default 60).
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
  /**
   * The payment port: PAYMENT_PROVIDER `sandbox` (the default: the embedded provider with its
   * hosted page, no real money) or `vipps,swedbankpay` (Vipps MobilePay's ePayment and Recurring
   * APIs for Vipps, Swedbank Pay's Payment Order v3.1 for cards; their keys in VIPPS_* and
   * SWEDBANKPAY_*, README "Payment providers"). In production the sandbox runs only with the
   * explicit opt-in ALLOW_SANDBOX_PAYMENTS=true, and says so loudly at start.
   */
  readonly payments: PaymentsConfig;
  /**
   * The relays that send what the outbox holds: SMTP_URL + MAIL_FROM (e-mail over SMTP) and
   * SMS_GATEWAY (an HTTP SMS gateway). Unset: messages stay in the outbox (read at /dev/outbox in
   * development).
   */
  readonly messaging: MessagingConfig;
  /** PAYMENT_CALLBACK_SECRET: signs provider callbacks; generated once and kept if unset. */
  readonly paymentCallbackSecret: string | undefined;
  /**
   * TOKEN_ENCRYPTION_KEY: 32 bytes (base64) that encrypt the identity provider's refresh and ID
   * tokens at rest; generated once and kept in the database if unset (development only).
   */
  readonly tokenEncryptionKey: Buffer | undefined;
  /**
   * TRUST_PROXY: which proxies' X-Forwarded-For and X-Forwarded-Proto are believed: a hop count
   * (e.g. 1 behind one load balancer) or a comma-separated list of addresses or CIDR ranges.
   * Unset: none, so the address of a request is the peer's and cannot be forged by a header.
   */
  readonly trustProxy: number | readonly string[] | false;
  /**
   * PUBLIC_ORIGINS: the origins readers reach Min Side on besides each title's own local host
   * (comma-separated, e.g. `https://minside.fvn.no,https://minside.adressa.no`, or a load
   * balancer's `http://localhost:8080`). The embedded identity provider accepts redirects to them.
   */
  readonly publicOrigins: readonly string[];
  /** How long rows that only serve operations are kept (the retention job, privacy text). */
  readonly retention: RetentionConfig;
  /** /dev/outbox and /dev/events: development only, and only with demo data. */
  readonly devRoutes: boolean;
  /**
   * METRICS_TOKEN: the bearer token /metrics asks for (at least 24 characters). Unset: /metrics
   * is open in development and not served in production.
   */
  readonly metricsToken: string | null | undefined;
}

export interface PaymentsConfig {
  /** `sandbox` (embedded), or `providers`: Vipps MobilePay for Vipps, Swedbank Pay for cards. */
  readonly provider: 'sandbox' | 'providers';
  readonly allowSandboxInProduction: boolean;
  readonly vipps?: VippsConfig & {
    /** The URL registered with Vipps' Webhooks API (its host and path are what is signed). */
    readonly webhookUrl: string;
  };
  readonly swedbankPay?: SwedbankPayConfig;
}

export interface SmtpConfig {
  /** smtp://user:password@host:587 (STARTTLS required) or smtps://…:465 */
  readonly url: string;
  /** The sender, e.g. `Min Side <minside@example.no>` */
  readonly from: string;
}

export interface SmsGatewayConfig {
  /** The gateway's API (LINK Mobility's Common Platform REST API, POST …/sms/send). */
  readonly provider: 'linkmobility';
  readonly url: string;
  readonly username: string;
  readonly password: string;
  readonly platformId: string;
  readonly platformPartnerId: string;
  /** The sender shown on the phone: up to 11 letters and digits, or a phone number. */
  readonly sender: string;
}

export interface MessagingConfig {
  readonly smtp: SmtpConfig | null;
  readonly sms: SmsGatewayConfig | null;
}

export interface RetentionConfig {
  /** ANALYTICS_RETENTION_DAYS (default 395: 13 months) */
  readonly analyticsDays: number;
  /** SECURITY_EVENTS_RETENTION_DAYS (default 365: the privacy text's 12 months) */
  readonly securityEventsDays: number;
  /** SENT_MESSAGES_RETENTION_DAYS (default 30): sent e-mails and SMS leave the outbox */
  readonly sentMessagesDays: number;
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
  readonly resendWaitSeconds: number;
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

function oidcIssuerFrom(env: Env): string | undefined {
  const issuer = env.OIDC_ISSUER;
  if (!issuer) return undefined;
  const url = URL.parse(issuer);
  // https only: the tokens and the reader's identity cross it. Plain http only on this machine.
  const local =
    url?.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url?.protocol !== 'https:' && !local)
    throw new Error(`OIDC_ISSUER must be an https URL, got "${issuer}"`);
  return issuer;
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
  const resendWaitSeconds = intFrom(env, 'STUDENT_CODE_RESEND_SECONDS', 60);
  if (resendWaitSeconds < 5 || resendWaitSeconds > 600)
    throw new Error(`STUDENT_CODE_RESEND_SECONDS must be 5–600, got ${resendWaitSeconds}`);
  return {
    extraDomains: {
      student: domainsFrom(env, 'STUDENT_EXTRA_DOMAINS'),
      pupil: domainsFrom(env, 'PUPIL_EXTRA_DOMAINS'),
    },
    verificationMonths: months,
    resendWaitSeconds,
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

function daysFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 3650)
    throw new Error(`${name} must be a number of days between 1 and 3650, got "${raw}"`);
  return value;
}

function secretFrom(env: Env, name: string): string | undefined {
  const secret = env[name];
  if (!secret) return undefined;
  if (secret.length < 32) throw new Error(`${name} must be at least 32 characters`);
  return secret;
}

function tokenKeyFrom(env: Env): Buffer | undefined {
  const raw = env.TOKEN_ENCRYPTION_KEY;
  if (!raw) return undefined;
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32)
    throw new Error('TOKEN_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  return key;
}

const ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;

function trustProxyFrom(env: Env): number | string[] | false {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || /^(false|0)$/i.test(raw)) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const bad = list.find(
    (a) => !ADDRESS.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a),
  );
  if (bad)
    throw new Error(
      `TRUST_PROXY must be a hop count or addresses/CIDR ranges separated by commas (not "true": any X-Forwarded-For would be believed), got "${bad}"`,
    );
  return list;
}

function publicOriginsFrom(env: Env): string[] {
  const origins = (env.PUBLIC_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    const url = URL.parse(origin);
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, ''))
      throw new Error(
        `PUBLIC_ORIGINS must list origins (scheme, host and port, no path) separated by commas, got "${origin}"`,
      );
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

function paymentsFrom(env: Env): PaymentsConfig {
  const provider = (env.PAYMENT_PROVIDER || 'sandbox').replace(/\s/g, '').toLowerCase();
  const allowSandboxInProduction = flagFrom(env, 'ALLOW_SANDBOX_PAYMENTS', false);
  if (provider === 'sandbox') return { provider, allowSandboxInProduction };
  if (!['vipps,swedbankpay', 'swedbankpay,vipps'].includes(provider))
    throw new Error(
      `PAYMENT_PROVIDER must be sandbox, or vipps,swedbankpay (every title takes Vipps and cards); got "${env.PAYMENT_PROVIDER}"`,
    );
  const missing = [
    'VIPPS_CLIENT_ID',
    'VIPPS_CLIENT_SECRET',
    'VIPPS_SUBSCRIPTION_KEY',
    'VIPPS_MERCHANT_SERIAL_NUMBER',
    'VIPPS_WEBHOOK_SECRET',
    'VIPPS_WEBHOOK_URL',
    'SWEDBANKPAY_ACCESS_TOKEN',
    'SWEDBANKPAY_PAYEE_ID',
    'SWEDBANKPAY_CALLBACK_URL',
  ].filter((name) => !env[name]);
  if (missing.length > 0)
    throw new Error(`PAYMENT_PROVIDER=vipps,swedbankpay needs ${missing.join(', ')}`);
  const url = (name: string, fallback?: string) => {
    const value = env[name] || fallback!;
    const parsed = URL.parse(value);
    // https only; in development also a local fake on this machine (the tests').
    const local =
      env.NODE_ENV !== 'production' &&
      /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(parsed?.origin ?? '');
    if (!parsed || !(parsed.protocol === 'https:' || local))
      throw new Error(`${name} must be an https URL, got "${value}"`);
    return value.replace(/\/$/, '');
  };
  if (!/^\d{4,10}$/.test(env.VIPPS_MERCHANT_SERIAL_NUMBER!))
    throw new Error("VIPPS_MERCHANT_SERIAL_NUMBER must be the sales unit's number (4–10 digits)");
  return {
    provider: 'providers',
    allowSandboxInProduction,
    vipps: {
      baseUrl: url('VIPPS_API_URL', 'https://api.vipps.no'),
      clientId: env.VIPPS_CLIENT_ID!,
      clientSecret: env.VIPPS_CLIENT_SECRET!,
      subscriptionKey: env.VIPPS_SUBSCRIPTION_KEY!,
      merchantSerialNumber: env.VIPPS_MERCHANT_SERIAL_NUMBER!,
      webhookSecret: env.VIPPS_WEBHOOK_SECRET!,
      webhookUrl: url('VIPPS_WEBHOOK_URL'),
    },
    swedbankPay: {
      baseUrl: url('SWEDBANKPAY_API_URL', 'https://api.payex.com'),
      accessToken: env.SWEDBANKPAY_ACCESS_TOKEN!,
      payeeId: env.SWEDBANKPAY_PAYEE_ID!,
      callbackUrl: url('SWEDBANKPAY_CALLBACK_URL'),
    },
  };
}

function smtpFrom(env: Env): SmtpConfig | null {
  const url = env.SMTP_URL;
  const from = env.MAIL_FROM;
  if (!url && !from) return null;
  if (!url || !from) throw new Error('SMTP_URL and MAIL_FROM are set together, or neither');
  const parsed = URL.parse(url);
  if (!parsed || !['smtp:', 'smtps:'].includes(parsed.protocol) || !parsed.hostname)
    throw new Error('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…');
  if (!/^([^<>@]+<)?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/.test(from.trim()))
    throw new Error(`MAIL_FROM must be an e-mail address, e.g. "Min Side <minside@example.no>"`);
  return { url, from: from.trim() };
}

export const LINK_MOBILITY_URL = 'https://n-eu.linkmobility.io/sms/send';

function smsFrom(env: Env): SmsGatewayConfig | null {
  const provider = env.SMS_GATEWAY;
  if (!provider) return null;
  if (provider !== 'linkmobility')
    throw new Error(`SMS_GATEWAY must be one of: linkmobility; got "${provider}"`);
  const missing = [
    'SMS_GATEWAY_USERNAME',
    'SMS_GATEWAY_PASSWORD',
    'SMS_PLATFORM_PARTNER_ID',
    'SMS_SENDER',
  ].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`SMS_GATEWAY=linkmobility needs ${missing.join(', ')}`);
  const url = env.SMS_GATEWAY_URL || LINK_MOBILITY_URL;
  if (!/^https?:$/.test(URL.parse(url)?.protocol ?? ''))
    throw new Error(`SMS_GATEWAY_URL must be an http(s) URL, got "${url}"`);
  const sender = env.SMS_SENDER!;
  if (!/^([A-Za-z0-9 ]{1,11}|\+?\d{3,15})$/.test(sender))
    throw new Error('SMS_SENDER must be up to 11 letters and digits, or a phone number');
  return {
    provider,
    url,
    username: env.SMS_GATEWAY_USERNAME!,
    password: env.SMS_GATEWAY_PASSWORD!,
    platformId: env.SMS_PLATFORM_ID || 'COMMON_API',
    platformPartnerId: env.SMS_PLATFORM_PARTNER_ID!,
    sender,
  };
}

function metricsTokenFrom(env: Env, production: boolean): string | null | undefined {
  const token = env.METRICS_TOKEN;
  if (!token) return production ? null : undefined;
  if (token.length < 24) throw new Error('METRICS_TOKEN must be at least 24 characters');
  return token;
}

/** A configuration that cannot start: every problem found, one per line. */
export class ConfigError extends Error {
  constructor(
    readonly problems: readonly string[],
    readonly production: boolean,
  ) {
    super(
      (production
        ? 'Min Side cannot start in production (NODE_ENV=production):'
        : 'Min Side cannot start:') + problems.map((p) => `\n  - ${p}`).join(''),
    );
    this.name = 'ConfigError';
  }
}

/**
 * What production (NODE_ENV=production) needs besides well-formed values: a production adapter
 * behind every port, or the explicit opt-in where one is allowed, and its own secrets.
 */
function productionProblems(env: Env, config: Config): string[] {
  const problems: string[] = [];
  if (!config.databaseUrl || !/^postgres(ql)?:\/\//.test(config.databaseUrl))
    problems.push(
      'DATABASE_URL must name the PostgreSQL database (postgres://…); the embedded PGlite database is for development',
    );
  if (config.oidcIssuer && !config.oidcIssuer.startsWith('https://'))
    problems.push(`OIDC_ISSUER must be an https URL in production, got "${config.oidcIssuer}"`);
  else if (!config.oidcIssuer)
    problems.push(
      'OIDC_ISSUER (https) and OIDC_CLIENT_SECRET must name the identity provider; the embedded provider and its demo sign-in are for development',
    );
  if (!env.PAYMENT_PROVIDER)
    problems.push(
      'PAYMENT_PROVIDER must name the payment provider (the sandbox takes no real money: PAYMENT_PROVIDER=sandbox with ALLOW_SANDBOX_PAYMENTS=true to run it anyway)',
    );
  else if (
    env.PAYMENT_PROVIDER.trim().toLowerCase() === 'sandbox' &&
    !config.payments.allowSandboxInProduction
  )
    problems.push(
      'PAYMENT_PROVIDER=sandbox takes no real money: set ALLOW_SANDBOX_PAYMENTS=true to run it in production anyway',
    );
  if (!config.messaging.smtp)
    problems.push('SMTP_URL and MAIL_FROM must name the mail relay and the sender of e-mails');
  if (!config.messaging.sms)
    problems.push(
      'SMS_GATEWAY=linkmobility with SMS_GATEWAY_USERNAME, SMS_GATEWAY_PASSWORD, SMS_PLATFORM_PARTNER_ID and SMS_SENDER must name the SMS gateway',
    );
  if (!config.paymentCallbackSecret)
    problems.push('PAYMENT_CALLBACK_SECRET must be set (at least 32 characters)');
  if (!config.tokenEncryptionKey)
    problems.push('TOKEN_ENCRYPTION_KEY must be set (32 bytes in base64: openssl rand -base64 32)');
  if (flagOr(env, 'SEED_DEMO_DATA'))
    problems.push('SEED_DEMO_DATA must not be on: demo identities share one password');
  if (flagOr(env, 'DEMO_SIGN_IN'))
    problems.push('DEMO_SIGN_IN must not be on: it signs anyone in as a demo reader');
  return problems;
}

const flagOr = (env: Env, name: string) => /^(1|true|yes|on)$/i.test(env[name] ?? '');

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  /** Reads one setting; a malformed one is noted, and the next is read, so all are told at once. */
  const read = <T>(parse: () => T, fallback: T): T => {
    try {
      return parse();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      return fallback;
    }
  };
  const config = readConfig(env, cwd, production, read);
  if (production) problems.push(...productionProblems(env, config));
  if (problems.length > 0) throw new ConfigError(problems, production);
  return config;
}

function readConfig(
  env: Env,
  cwd: string,
  production: boolean,
  read: <T>(parse: () => T, fallback: T) => T,
): Config {
  const port = read(() => intFrom(env, 'PORT', 8080), 8080);
  // Production never seeds demo identities nor offers their one-click sign-in.
  const seedDemoData = !production && read(() => flagFrom(env, 'SEED_DEMO_DATA', true), true);
  const oidcIssuer = read(() => oidcIssuerFrom(env), undefined);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || path.join(cwd, 'data', 'pglite'),
    logLevel: env.LOG_LEVEL || 'info',
    production,
    distDir: env.DIST_DIR || path.join(cwd, 'dist'),
    publicDir: env.PUBLIC_DIR || path.join(cwd, 'public'),
    validateResponses: read(() => flagFrom(env, 'VALIDATE_RESPONSES', true), true),
    seedDemoData,
    idpIssuer: env.IDP_ISSUER || `http://localhost:${port}/idp`,
    idpClientSecret: read(() => idpClientSecretFrom(env), undefined),
    demoSignIn: !production && read(() => flagFrom(env, 'DEMO_SIGN_IN', seedDemoData), false),
    oidcIssuer,
    oidcClientSecret: read(() => oidcClientSecretFrom(env), undefined),
    identityAccountUrl: read(() => identityAccountUrlFrom(env), undefined),
    jobsIntervalSeconds: read(() => intFrom(env, 'JOBS_INTERVAL_SECONDS', 60), 60),
    shutdownGraceSeconds: read(() => intFrom(env, 'SHUTDOWN_GRACE_SECONDS', 10), 10),
    complaintWindowDays: read(() => complaintWindowDaysFrom(env), 14),
    student: read(() => studentFrom(env), {
      extraDomains: { student: [], pupil: [] },
      verificationMonths: 12,
      resendWaitSeconds: 60,
    }),
    integrations: read(() => integrationsFrom(env), {
      cmp: null,
      analyticsSdkUrl: null,
      privacyPortalUrl: null,
    }),
    payments: read(() => paymentsFrom(env), {
      provider: 'sandbox',
      allowSandboxInProduction: false,
    }),
    messaging: {
      smtp: read(() => smtpFrom(env), null),
      sms: read(() => smsFrom(env), null),
    },
    paymentCallbackSecret: read(() => secretFrom(env, 'PAYMENT_CALLBACK_SECRET'), undefined),
    tokenEncryptionKey: read(() => tokenKeyFrom(env), undefined),
    trustProxy: read(() => trustProxyFrom(env), false),
    publicOrigins: read(() => publicOriginsFrom(env), []),
    retention: {
      analyticsDays: read(() => daysFrom(env, 'ANALYTICS_RETENTION_DAYS', 395), 395),
      securityEventsDays: read(() => daysFrom(env, 'SECURITY_EVENTS_RETENTION_DAYS', 365), 365),
      sentMessagesDays: read(() => daysFrom(env, 'SENT_MESSAGES_RETENTION_DAYS', 30), 30),
    },
    devRoutes: seedDemoData,
    metricsToken: read(() => metricsTokenFrom(env, production), null),
  };
}
