// The signed-in reads of the home page (GET /api/session, GET /api/subscription/…) ask the
// database once: the session lookup carries the read of the session's own account. Proven here:
// the number of statements, that the one statement answers what the separate reads answered
// before, that an ended session is refused at once (also by a second instance on the same
// database: nothing about a session is kept in the process), and that another account stays 403.
import { createHash } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';

import { type Clock, fixedClock } from '../../src/server/clock';
import type { Db, Queryable } from '../../src/server/db/db';
import { knownBirthDate } from '../../src/server/domain/accounts/profile';
import { waitingMissedIssues } from '../../src/server/domain/complaints/missedPaperCredits';
import { stopCreditFacts } from '../../src/server/domain/delivery/changePrices';
import { readDunning, withSuspensionDays } from '../../src/server/domain/dunning/dunning';
import { unpaidInvoices } from '../../src/server/domain/invoices/invoices';
import { nextCharge } from '../../src/server/domain/subscriptions/engine';
import { readState } from '../../src/server/domain/subscriptions/lifecycle';
import {
  overviewView,
  subscriptionOverview,
  type SubscriptionOverview,
  withCredits,
} from '../../src/server/domain/subscriptions/overview';
import {
  currentPauseOf,
  factsOf,
  pauseOfferOf,
} from '../../src/server/domain/subscriptions/pauses';
import { currentSubscription } from '../../src/server/domain/subscriptions/subscriptions';
import { withdrawalRight } from '../../src/server/domain/subscriptions/withdrawal';
import { SESSION_IDLE_MS } from '../../src/server/identity/sessions';
import { demoUsers } from '../../src/server/seed/demo';
import { osloDateOf } from '../../src/shared/time/oslo';

import { sessionFor, spaHeaders, type TestSession } from './session-support';
import { createTestApp, demoAccountNo, TEST_NOW, type TestApp, usingPostgres } from './support';
import { openSeededTestDb } from './test-db';

/** A database that counts the statements sent through it (transactions' too, with begin/commit). */
function counting(db: Db) {
  const counter = { statements: 0, failing: false };
  const counted = (q: Queryable): Queryable => ({
    async query(sql, params) {
      counter.statements += 1;
      if (counter.failing) throw new Error('the database is not answering');
      return q.query(sql, params);
    },
  });
  const wrapped: Db = {
    ...db,
    ...counted(db),
    transaction(work) {
      counter.statements += 2;
      return db.transaction((tx) => work(counted(tx)));
    },
  };
  return { db: wrapped, counter };
}

let t: TestApp;
/** A second instance on the same database (its own process state, none shared with `t`). */
let other: FastifyInstance;
let counter: { statements: number; failing: boolean };

beforeAll(async () => {
  const clock = fixedClock(TEST_NOW);
  const { db, counter: count } = counting(await openSeededTestDb(clock.now()));
  counter = count;
  t = await createTestApp({ db, clock });
  // The database closes with the first instance.
  ({ app: other } = await createTestApp({ db: { ...db, close: async () => undefined }, clock }));
});
afterAll(async () => {
  await other.close();
  await t.app.close();
});
beforeEach(() => {
  t.clock.set(TEST_NOW);
});

/** The statements one request sends to the database. */
async function statementsOf(request: () => Promise<{ statusCode: number }>, status = 200) {
  const before = counter.statements;
  const response = await request();
  expect(response.statusCode).toBe(status);
  return counter.statements - before;
}

const subscriptionUrl = (accountNo: string, titleCode: string) =>
  `/api/subscription/${accountNo}/${titleCode}`;

/** The session rows of a cookie value, hashed here (not by the product) as the table stores it. */
const sessionRows = (id: string) =>
  t.db.query('select 1 from sessions where id_hash = $1', [
    createHash('sha256').update(id).digest('base64url'),
  ]);

/** The home page's subscription as it was read before: the statements one after another. */
async function readSeparately(
  db: Queryable,
  clock: Clock,
  accountNo: string,
  titleCode: string,
): Promise<SubscriptionOverview | null> {
  const { subscription } = await currentSubscription(db, accountNo, titleCode);
  if (!subscription) return null;
  const state = subscription.renewalDate ? await readState(db, subscription.subscriptionNo) : null;
  const right = subscription.hasSubscription
    ? await withdrawalRight(db, clock, accountNo, subscription.subscriptionNo)
    : null;
  const pauseFacts = await factsOf(db, subscription.subscriptionNo);
  const dunning = await readDunning(
    db,
    {
      subscriptionNo: subscription.subscriptionNo,
      status: subscription.instStatusCode,
      titleCode: subscription.titleCode,
    },
    clock.now(),
  );
  return {
    ...subscription,
    nextCharge: state
      ? withCredits(nextCharge(state), state, {
          titleCode: subscription.titleCode,
          stops: await stopCreditFacts(db, subscription.subscriptionNo),
          missed: await waitingMissedIssues(db, subscription.subscriptionNo),
        })
      : null,
    unpaidInvoices: withSuspensionDays(
      await unpaidInvoices(db, subscription.subscriptionNo, clock.now()),
      dunning,
    ),
    suspension: dunning.suspension,
    withdrawal:
      right?.status === 'AVAILABLE' && right.lastDay && right.refund
        ? { lastDay: right.lastDay, refundOre: right.refund.refundOre }
        : null,
    pause: currentPauseOf(pauseFacts),
    pauseOffer: pauseOfferOf(pauseFacts, osloDateOf(clock.now())),
  };
}

async function identityBirthDate(email: string): Promise<string | null> {
  const [row] = await t.db.query<{ birth_date: string | null }>(
    'select birth_date::text as birth_date from identity_users where email = $1',
    [email],
  );
  return row?.birth_date ?? null;
}

const TITLES = ['FVN', 'ADR', 'FIR', 'POL'];
// The demo data is laid out around TEST_NOW: within the right of withdrawal, after it, after
// renewals and trial ends are due, and after the absolute end of any period.
const DAYS = [
  '2026-03-10T09:00:00+01:00',
  '2026-03-16T23:30:00+01:00',
  '2026-04-02T12:00:00+02:00',
];

describe(`a signed-in read is one statement, on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it.each(['digital', 'papir', 'nykjopt', 'planendring', 'oppsagt', 'avsluttet'])(
    'GET /api/subscription/{accountNo}/FVN for %s: one statement',
    async (user) => {
      const email = `${user}@demo.minside.no`;
      const s = await sessionFor(t, email);
      const url = subscriptionUrl(await demoAccountNo(t.db, email), 'FVN');
      expect(await statementsOf(() => s.request({ url }))).toBe(1);
    },
  );

  it.each(['digital', 'papir', 'nykjopt', 'ingen', 'ny'])(
    'GET /api/session for %s: one statement',
    async (user) => {
      const s = await sessionFor(t, `${user}@demo.minside.no`);
      expect(await statementsOf(() => s.request({ url: '/api/session' }))).toBe(1);
    },
  );

  it('anonymous: no statement without a cookie, one for a cookie that is no session', async () => {
    const headers = spaHeaders('FVN');
    expect(await statementsOf(() => t.app.inject({ url: '/api/session', headers }))).toBe(0);
    const unknown = { ...headers, cookie: `minside=${'x'.repeat(43)}` };
    expect(await statementsOf(() => t.app.inject({ url: '/api/session', headers: unknown }))).toBe(
      1,
    );
    expect(
      await statementsOf(
        () => t.app.inject({ url: subscriptionUrl('100000001', 'FVN'), headers: unknown }),
        401,
      ),
    ).toBe(1);
  });

  it('the idle timer is written at most once a minute: one more statement then, none between', async () => {
    const s = await sessionFor(t, 'digital@demo.minside.no');
    const url = subscriptionUrl(await demoAccountNo(t.db, 'digital@demo.minside.no'), 'FVN');
    t.clock.set('2026-03-10T09:01:01+01:00');
    expect(await statementsOf(() => s.request({ url }))).toBe(2);
    t.clock.set('2026-03-10T09:01:59+01:00');
    expect(await statementsOf(() => s.request({ url }))).toBe(1);
  });
});

describe('the one statement answers what the separate reads answered', () => {
  it.each(DAYS)('every demo user, every title, on %s', async (day) => {
    t.clock.set(day);
    const seen = { subscription: 0, nextCharge: 0, unpaid: 0, withdrawal: 0, pendingChange: 0 };
    for (const user of demoUsers) {
      const accountNo = await demoAccountNo(t.db, user.email).catch(() => null);
      if (!accountNo) continue; // `ny` has no account before the first login
      for (const titleCode of TITLES) {
        const expected = await readSeparately(t.db, t.clock, accountNo, titleCode);
        seen.subscription += expected ? 1 : 0;
        seen.nextCharge += expected?.nextCharge ? 1 : 0;
        seen.unpaid += expected?.unpaidInvoices.length ? 1 : 0;
        seen.withdrawal += expected?.withdrawal ? 1 : 0;
        seen.pendingChange += expected?.pendingChange ? 1 : 0;
        expect(await subscriptionOverview(t.db, t.clock, accountNo, titleCode)).toEqual(expected);
        const s = await sessionFor(t, user.email, titleCode);
        const response = await s.request({ url: subscriptionUrl(accountNo, titleCode) });
        expect(response.statusCode).toBe(200);
        expect(response.json().subscription).toEqual(
          expected && JSON.parse(JSON.stringify(overviewView(expected))),
        );
        const session = (await s.request({ url: '/api/session' })).json();
        expect(session.subscription).toEqual(response.json().subscription);
        expect(session.user.birthDate).toBe(
          await knownBirthDate(t.db, accountNo, await identityBirthDate(user.email)),
        );
      }
    }
    // Every part of the overview was there to compare (the right of withdrawal on the first day).
    for (const [part, count] of Object.entries(seen)) {
      if (part !== 'withdrawal' || day === DAYS[0]) expect([part, count > 0]).toEqual([part, true]);
    }
  });

  it('after the right of withdrawal is used: the same, with no right left', async () => {
    const email = 'nykjopt@demo.minside.no';
    const accountNo = await demoAccountNo(t.db, email);
    const s = await sessionFor(t, email);
    const before = (await s.request({ url: subscriptionUrl(accountNo, 'FVN') })).json();
    expect(before.subscription.withdrawal).not.toBeNull();
    const withdrawn = await s.request({
      method: 'POST',
      url: `/api/subscription/${before.subscription.subscriptionNo}/withdrawal`,
      payload: { expectedRefund: before.subscription.withdrawal.refund },
    });
    expect(withdrawn.statusCode).toBe(200);
    const expected = await readSeparately(t.db, t.clock, accountNo, 'FVN');
    const after = (await s.request({ url: subscriptionUrl(accountNo, 'FVN') })).json();
    expect(after.subscription).toEqual(JSON.parse(JSON.stringify(overviewView(expected!))));
    expect(after.subscription.withdrawal).toBeNull();
  });
});

describe('an ended session is refused at once, on either instance', () => {
  async function bothInstancesAnswer(s: TestSession, url: string) {
    const onFirst = await s.request({ url });
    const onOther = await other.inject({ url, headers: s.headers });
    return [onFirst.statusCode, onOther.statusCode];
  }

  it('logout on one instance: the next read on the other is 401, the bootstrap anonymous', async () => {
    const email = 'digital@demo.minside.no';
    const s = await sessionFor(t, email);
    const url = subscriptionUrl(await demoAccountNo(t.db, email), 'FVN');
    expect(await bothInstancesAnswer(s, url)).toEqual([200, 200]);
    expect((await other.inject({ url: '/api/session', headers: s.headers })).json()).toMatchObject({
      authenticated: true,
    });
    const logout = await s.request({ method: 'POST', url: '/api/logout' });
    expect(logout.statusCode).toBe(200);
    expect(await bothInstancesAnswer(s, url)).toEqual([401, 401]);
    const refused = await other.inject({ url, headers: s.headers });
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect((await other.inject({ url: '/api/session', headers: s.headers })).json()).toMatchObject({
      authenticated: false,
      subscription: null,
    });
  });

  it('idle too long or past the absolute end: 401 on both, and the row is gone', async () => {
    const email = 'papir@demo.minside.no';
    const url = subscriptionUrl(await demoAccountNo(t.db, email), 'FVN');
    const idle = await sessionFor(t, email);
    const id = idle.headers.cookie!.replace('minside=', '');
    // There before the clock moves, so "gone" below cannot pass on a hash that never matched.
    expect(await sessionRows(id)).toHaveLength(1);
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + SESSION_IDLE_MS).toISOString());
    expect(await bothInstancesAnswer(idle, url)).toEqual([401, 401]);
    expect(await sessionRows(id)).toEqual([]);

    t.clock.set(TEST_NOW);
    const old = await sessionFor(t, email);
    const oldId = old.headers.cookie!.replace('minside=', '');
    expect(await sessionRows(oldId)).toHaveLength(1);
    // Used every 20 minutes, so never idle, until 12 hours have passed.
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.set(new Date(new Date(TEST_NOW).getTime() + minutes * 60_000).toISOString());
      expect((await old.request({ url })).statusCode).toBe(200);
    }
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 12 * 60 * 60_000).toISOString());
    expect(await bothInstancesAnswer(old, url)).toEqual([401, 401]);
    expect(await sessionRows(oldId)).toEqual([]);
  });
});

describe('a failing database', () => {
  it('is a 500 problem, not a failed login: the read failed, the session did not end', async () => {
    const email = 'digital@demo.minside.no';
    const s = await sessionFor(t, email);
    const url = subscriptionUrl(await demoAccountNo(t.db, email), 'FVN');
    counter.failing = true;
    try {
      for (const response of [await s.request({ url }), await s.request({ url: '/api/session' })]) {
        expect(response.statusCode).toBe(500);
        expect(response.headers['content-type']).toContain('application/problem+json');
        expect(response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
        expect(response.body).not.toContain('database');
      }
    } finally {
      counter.failing = false;
    }
    expect((await s.request({ url })).statusCode).toBe(200);
  });
});

describe('another account', () => {
  it('is 403 FORBIDDEN with a security event; what was read is the session’s own account only', async () => {
    const s = await sessionFor(t, 'digital@demo.minside.no');
    const papir = await demoAccountNo(t.db, 'papir@demo.minside.no');
    const response = await s.request({ url: subscriptionUrl(papir, 'FVN') });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    const events = await t.db.query<{ detail: string }>(
      `select detail from security_events where kind = 'forbidden' and spid_id = $1`,
      [s.spidId],
    );
    expect(events.map((e) => e.detail)).toContainEqual(
      `GET ${subscriptionUrl(papir, 'FVN')}: account ${papir} is not the session's`,
    );
  });
});
