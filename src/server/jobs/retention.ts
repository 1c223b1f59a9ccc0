// Retention: rows that only serve operations are deleted when their time is out, on
// every run of the background work, by their owners' own functions: expired sessions and login
// states, the identity provider's expired models, rate-limit counters past the longest window,
// and page views, security events and sent or failed messages past their configured days
// (ANALYTICS_RETENTION_DAYS, SECURITY_EVENTS_RETENTION_DAYS, SENT_MESSAGES_RETENTION_DAYS; the
// privacy text states the defaults). Each is a plain delete, so two instances at once do no harm.
import type { Clock } from '../clock';
import type { RetentionConfig } from '../config';
import type { Queryable } from '../db/db';
import { purgeAnalyticsEvents } from '../domain/analytics/events';
import { purgeRateLimits } from '../domain/rate-limits';
import { deleteExpiredLogins } from '../identity/login';
import { deleteExpiredOidcModels } from '../identity/provider-adapter';
import { deleteExpiredSessions, purgeSecurityEvents } from '../identity/sessions';
import { purgeFinishedMessages } from '../messaging/outbox';

export const DEFAULT_RETENTION: RetentionConfig = {
  analyticsDays: 395,
  securityEventsDays: 365,
  sentMessagesDays: 30,
};

export interface RetentionResult {
  readonly sessions: number;
  readonly logins: number;
  readonly providerModels: number;
  readonly rateLimits: number;
  readonly analyticsEvents: number;
  readonly securityEvents: number;
  readonly messages: number;
}

const DAY_MS = 24 * 3600 * 1000;

export async function runRetention(
  deps: { readonly db: Queryable; readonly clock: Clock },
  retention: RetentionConfig = DEFAULT_RETENTION,
): Promise<RetentionResult> {
  const now = deps.clock.now();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    sessions: await deleteExpiredSessions(deps.db, now),
    logins: await deleteExpiredLogins(deps.db, now),
    providerModels: await deleteExpiredOidcModels(deps.db, now),
    rateLimits: await purgeRateLimits(deps.db, now),
    analyticsEvents: await purgeAnalyticsEvents(deps.db, daysAgo(retention.analyticsDays)),
    securityEvents: await purgeSecurityEvents(deps.db, daysAgo(retention.securityEventsDays)),
    messages: await purgeFinishedMessages(deps.db, daysAgo(retention.sentMessagesDays)),
  };
}
