// Retention: the background work deletes what only serves operations once its time
// is out, on the injected clock: expired sessions and login states, the identity provider's
// expired models, rate-limit counters past the longest window, page views past 13 months,
// security events past 12 months, and sent or failed messages past 30 days (configurable);
// what is still live or still due stays.
import { describe, expect, it } from '@jest/globals';

import { createSession } from '../../src/server/identity/sessions';
import { runRetention } from '../../src/server/jobs/retention';
import { sendSms } from '../../src/server/messaging/outbox';

import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp({ demoData: false });
const DAY = 24 * 3600 * 1000;
const ago = (days: number, ms = 0) => new Date(t.clock.now().getTime() - days * DAY - ms);

const claims = (sub: string) => ({
  sub,
  email: `${sub}@example.no`,
  givenName: 'A',
  familyName: 'B',
  name: 'A B',
  phoneNumber: '',
  birthDate: null,
});

async function count(table: string): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return Number(row?.n ?? 0);
}

describe('the retention job', () => {
  it('deletes what is past its time and keeps what is live', async () => {
    for (const table of [
      'sessions',
      'login_attempts',
      'oidc_models',
      'rate_limits',
      'analytics_events',
      'security_events',
      'outbox',
    ])
      await t.db.query(`delete from ${table}`);

    // Sessions: one started 13 hours ago (past the absolute 12), one idle 31 minutes, one live.
    for (const [spidId, minutesAgo] of [
      ['old', 13 * 60],
      ['idle', 31],
      ['live', 0],
    ] as const) {
      t.clock.set(new Date(new Date(TEST_NOW).getTime() - minutesAgo * 60_000).toISOString());
      await createSession(t.db, t.clock, {
        spidId,
        titleCode: 'FVN',
        claims: claims(spidId),
        sealedIdToken: undefined,
        sealedRefreshToken: undefined,
      });
    }
    t.clock.set(TEST_NOW);

    for (const [hash, expires] of [
      ['expired', ago(0, 1000)],
      ['open', new Date(t.clock.now().getTime() + 60_000)],
    ] as const)
      await t.db.query(
        `insert into login_attempts (state_hash, binding_hash, title_code, redirect_uri, return_url,
           nonce, code_verifier, created_at, expires_at)
         values ($1, 'b', 'FVN', 'http://x/callback', '/', 'n', 'v', $2, $3)`,
        [hash, ago(1).toISOString(), expires.toISOString()],
      );
    for (const [id, expires] of [
      ['gone', ago(0, 1000)],
      ['kept', new Date(t.clock.now().getTime() + 60_000)],
    ] as const)
      await t.db.query(
        `insert into oidc_models (model, id, payload, expires_at) values ('Session', $1, '{}', $2)`,
        [id, expires.toISOString()],
      );
    for (const [key, start] of [
      ['old', ago(1, 3600 * 1000)],
      ['current', ago(0, 60_000)],
    ] as const)
      await t.db.query('insert into rate_limits (key, window_start, count) values ($1, $2, 1)', [
        key,
        start.toISOString(),
      ]);
    for (const received of [ago(396), ago(394)])
      await t.db.query(
        `insert into analytics_events (title_code, event, received_at) values ('FVN', '{}', $1)`,
        [received.toISOString()],
      );
    for (const created of [ago(366), ago(364)])
      await t.db.query(
        `insert into security_events (kind, detail, created_at) values ('forbidden', 'x', $1)`,
        [created.toISOString()],
      );
    // Messages: sent 31 days ago, sent 29 days ago, failed 31 days ago, and one still waiting
    // from 40 days ago (never deleted while it may still go).
    for (const [status, at] of [
      ['sent', ago(31)],
      ['sent', ago(29)],
      ['failed', ago(31)],
      ['pending', ago(40)],
    ] as const) {
      await sendSms(t.db, '+4791234567', 'Hei', at);
      await t.db.query(
        `update outbox set status = $1, sent_at = case when $1 = 'sent' then $2::timestamptz end
          where id = (select max(id) from outbox)`,
        [status, at.toISOString()],
      );
    }

    expect(await runRetention(t)).toEqual({
      sessions: 2,
      logins: 1,
      providerModels: 1,
      rateLimits: 1,
      analyticsEvents: 1,
      securityEvents: 1,
      messages: 2,
    });
    expect(await t.db.query('select spid_id from sessions')).toEqual([{ spid_id: 'live' }]);
    expect(await t.db.query('select state_hash from login_attempts')).toEqual([
      { state_hash: 'open' },
    ]);
    expect(await t.db.query('select id from oidc_models')).toEqual([{ id: 'kept' }]);
    expect(await t.db.query('select key from rate_limits')).toEqual([{ key: 'current' }]);
    expect(await count('analytics_events')).toBe(1);
    expect(await count('security_events')).toBe(1);
    expect(await t.db.query('select status from outbox order by id')).toEqual([
      { status: 'sent' },
      { status: 'pending' },
    ]);
    // Nothing more on a second run; shorter days configured delete more.
    expect(Object.values(await runRetention(t)).every((n) => n === 0)).toBe(true);
    expect(
      await runRetention(t, { analyticsDays: 1, securityEventsDays: 1, sentMessagesDays: 1 }),
    ).toMatchObject({ analyticsEvents: 1, securityEvents: 1, messages: 1 });
  });
});
