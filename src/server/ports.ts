// Which adapter stands behind each outside system, as one line per port for the start-up log: an
// operator reads there what this instance talks to. No secret is named (passwords and keys are
// never part of a line; a URL is shown by its host).
import type { Config } from './config';

export interface PortLine {
  readonly port: string;
  readonly adapter: string;
  /** Logged at warn: a development adapter running in production by explicit opt-in. */
  readonly warn?: boolean;
}

const hostOf = (url: string) => {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.protocol}//${parsed.host}` : '(unreadable URL)';
};

export function portLines(config: Config): PortLine[] {
  const { smtp, sms } = config.messaging;
  const sandbox = config.payments.provider === 'sandbox';
  return [
    {
      port: 'database',
      adapter: config.databaseUrl
        ? `PostgreSQL at ${hostOf(config.databaseUrl)}`
        : `embedded PGlite (${config.dataDir})`,
    },
    {
      port: 'identity',
      adapter: config.oidcIssuer
        ? `external OpenID provider ${config.oidcIssuer}`
        : `embedded OpenID provider at ${config.idpIssuer}${config.demoSignIn ? ' with demo sign-in' : ''}`,
    },
    {
      port: 'payments',
      adapter: sandbox
        ? config.production
          ? 'SANDBOX: NO REAL MONEY IS TAKEN (ALLOW_SANDBOX_PAYMENTS=true)'
          : 'embedded sandbox (no real money)'
        : `Vipps MobilePay at ${hostOf(config.payments.vipps!.baseUrl)} (sales unit ${config.payments.vipps!.merchantSerialNumber}) and Swedbank Pay at ${hostOf(config.payments.swedbankPay!.baseUrl)}`,
      ...(sandbox && config.production ? { warn: true } : {}),
    },
    {
      port: 'e-mail',
      adapter: smtp
        ? `SMTP relay ${hostOf(smtp.url)} from ${smtp.from}`
        : 'outbox only (nothing is sent)',
    },
    {
      port: 'sms',
      adapter: sms
        ? `LINK Mobility gateway ${hostOf(sms.url)} as ${sms.sender}`
        : 'outbox only (nothing is sent)',
    },
    {
      port: 'consent',
      adapter: config.integrations.cmp
        ? `consent manager ${hostOf(config.integrations.cmp.scriptUrl)}`
        : 'first-party consent dialog',
    },
    {
      port: 'analytics',
      adapter: config.integrations.analyticsSdkUrl
        ? `analytics SDK ${hostOf(config.integrations.analyticsSdkUrl)}`
        : 'first-party collector',
    },
  ];
}
