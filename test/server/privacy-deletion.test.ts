// Deleting a reader's data at their request (/schibstedDeleteGateway). The request
// stops renewals, ends every session at once and e-mails the day; it can be called off until then
// (the subscriptions it stopped renew again); on the day the job erases everything but the
// bookkeeping, which goes 31 December five years after. Injected clock; PGlite, and PostgreSQL
// with DATABASE_URL.
import { beforeEach, describe, expect, it } from '@jest/globals';

import {
  eraseDueReaders,
  keepBookkeepingUntil,
  purgeExpiredBookkeeping,
} from '../../src/server/domain/privacy/deletion';
import { SubscriptionStatus as S } from '../../src/shared/subscription/status';

import { messagesTo, newOwner } from './family-support';
import { expectProblem } from './order-support';
import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo, TEST_NOW } from './support';

const t = buildTestApp();
beforeEach(() => {
  t.clock.set(TEST_NOW);
});

const DAY = 86_400_000;
const ask = (s: TestSession, titleCode = 'FVN') =>
  s.request({ method: 'POST', url: '/api/privacy/deletion', payload: { titleCode } });
const callOff = (s: TestSession) => s.request({ method: 'DELETE', url: '/api/privacy/deletion' });
const waiting = async (s: TestSession) =>
  (await s.request({ url: '/api/privacy/deletion' })).json().waiting;

const subscription = async (no: string) => {
  const [row] = await t.db.query<{ status_code: number; renewal_date: string | null }>(
    'select status_code, renewal_date::text from subscriptions where subscription_no = $1',
    [no],
  );
  return row!;
};
const count = async (sql: string, params: unknown[]) =>
  Number((await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n);

describe('asking for one’s data to be deleted', () => {
  it('stops the renewals, ends every session at once and e-mails the day', async () => {
    const owner = await newOwner(t);
    const other = await owner.signIn();
    const response = await ask(owner.session);
    expect(response.statusCode).toBe(202);
    const requested = response.json();
    expect(requested).toMatchObject({
      requestedAt: new Date(TEST_NOW).toISOString(),
      eraseAt: new Date(new Date(TEST_NOW).getTime() + 30 * DAY).toISOString(),
      stoppedSubscriptions: [owner.subscriptionNo],
    });
    // This session's cookie is cleared, and no session of the reader works any more.
    expect([response.headers['set-cookie']].flat().join()).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/,
    );
    expect((await owner.session.request({ url: '/api/privacy/deletion' })).statusCode).toBe(401);
    expect((await other.request({ url: '/api/privacy/deletion' })).statusCode).toBe(401);
    expect((await subscription(owner.subscriptionNo)).status_code).toBe(S.PENDING_CANCELLATION);
    const [mail, ...earlier] = await messagesTo(t, owner.email);
    expect(mail!.body).toContain('Vi sletter dem 9. april 2026.');
    expect(mail!.body).toContain('/schibstedDeleteGateway');
    // The deletion's e-mail tells of the stopped renewals: no cancellation receipt with an undo
    // link beside it (the deletion is what the reader would call off).
    expect(earlier.filter((m) => m.body.includes('Du har sagt opp'))).toEqual([]);
    // Signed in again, the reader sees it waiting; a second request is refused.
    const again = await owner.signIn();
    expect(await waiting(again)).toEqual(requested);
    expectProblem(await ask(again), 409, 'DELETION_ALREADY_REQUESTED');
  });

  it('is called off before the day: nothing goes and the stopped subscription renews again', async () => {
    const owner = await newOwner(t);
    await ask(owner.session);
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 5 * DAY).toISOString());
    const back = await owner.signIn();
    const response = await callOff(back);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ renewedAgain: [owner.subscriptionNo] });
    expect(await subscription(owner.subscriptionNo)).toEqual({
      status_code: S.ACTIVE,
      renewal_date: '2026-04-01',
    });
    expect(await waiting(back)).toBeNull();
    expectProblem(await callOff(back), 404, 'DELETION_NOT_FOUND');
    const [mail, ...earlier] = await messagesTo(t, owner.email);
    expect(mail!.body).toContain('Du har avbrutt slettingen');
    expect(earlier.filter((m) => /sagt opp|Oppsigelsen/.test(m.body))).toEqual([]);
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 31 * DAY).toISOString());
    await eraseDueReaders(t);
    expect(await count('accounts where spid_id = $1', [back.spidId])).toBe(1);
  });

  it('called off after a stopped subscription has run out does not renew that one', async () => {
    const owner = await newOwner(t);
    await ask(owner.session);
    // Its last paid day was 31 March.
    t.clock.set('2026-04-02T09:00:00+02:00');
    const back = await owner.signIn();
    expect((await callOff(back)).json()).toEqual({ renewedAgain: [] });
    expect((await subscription(owner.subscriptionNo)).status_code).not.toBe(S.ACTIVE);
    // Left as the request stopped it: still cancelled, nothing to renew, ended 31 March.
    expect(await subscription(owner.subscriptionNo)).toEqual({
      status_code: S.PENDING_CANCELLATION,
      renewal_date: null,
    });
    const [ended] = await t.db.query<{ expiry_date: string }>(
      'select expiry_date::text from subscriptions where subscription_no = $1',
      [owner.subscriptionNo],
    );
    expect(ended).toEqual({ expiry_date: '2026-03-31' });
  });

  it('made twice at once by two sessions is made once', async () => {
    const owner = await newOwner(t);
    const second = await owner.signIn();
    const answers = await Promise.all([ask(owner.session), ask(second)]);
    expect(answers.filter((a) => a.statusCode === 202)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 202))
      expect([401, 409]).toContain(a.statusCode);
    expect(await count('deletion_requests where spid_id = $1', [owner.session.spidId])).toBe(1);
    expect(
      await count(`subscription_events where subscription_no = $1 and kind = 'cancel'`, [
        owner.subscriptionNo,
      ]),
    ).toBe(1);
  });

  it('refuses a title the group does not publish, and a reader who is not signed in', async () => {
    const owner = await newOwner(t);
    expectProblem(await ask(owner.session, 'ZYG'), 400, 'UNKNOWN_TITLE');
    expect(await waiting(owner.session)).toBeNull();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/deletion',
      payload: { titleCode: 'FVN' },
      headers: { host: 'fvn.localhost', origin: 'http://fvn.localhost', 'x-minside-request': '1' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('on the day', () => {
  it('erases everything but the bookkeeping, which goes when its five years are out', async () => {
    const papir = await sessionFor(t, 'papir@demo.minside.no');
    const accountNo = await demoAccountNo(t.db, 'papir@demo.minside.no');
    await papir.request({
      method: 'PUT',
      url: '/api/privacy/FVN/consents',
      payload: { source: 'settings', permissions: { email: true } },
    });
    await papir.request({
      method: 'POST',
      url: '/api/privacy/export',
      payload: { titleCode: 'FVN' },
    });
    const billing = await count(
      'billing_effects b join subscriptions s using (subscription_no) where s.aria_account_no = $1',
      [accountNo],
    );
    expect(billing).toBeGreaterThan(0);
    expect(await count('complaints where aria_account_no = $1', [accountNo])).toBeGreaterThan(0);
    expect((await ask(papir)).statusCode).toBe(202);

    // Erased on the minute: not before (other readers' days may have come already).
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 30 * DAY - 60_000).toISOString());
    await eraseDueReaders(t);
    expect(await count('accounts where spid_id = $1', [papir.spidId])).toBe(1);
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 30 * DAY).toISOString());
    expect(await eraseDueReaders(t)).toBeGreaterThanOrEqual(1);
    expect(await eraseDueReaders(t)).toBe(0);

    // The identity cannot sign in again; nothing names the reader.
    expect(await count('identity_users where spid_id = $1', [papir.spidId])).toBe(0);
    expect(await count('accounts where spid_id = $1', [papir.spidId])).toBe(0);
    for (const [table, key] of [
      ['account_profiles', 'aria_account_no'],
      ['account_events', 'aria_account_no'],
      ['complaints', 'aria_account_no'],
      ['delivery_changes', 'aria_account_no'],
      ['payment_method_changes', 'aria_account_no'],
    ] as const)
      expect([table, await count(`${table} where ${key} = $1`, [accountNo])]).toEqual([table, 0]);
    for (const table of ['consents', 'consent_events', 'data_exports', 'sessions'])
      expect([table, await count(`${table} where spid_id = $1`, [papir.spidId])]).toEqual([
        table,
        0,
      ]);
    // The events an invoice or refund points at stay, saying nothing.
    expect(
      await count(`subscription_events where aria_account_no = $1 and detail <> '{}'::jsonb`, [
        accountNo,
      ]),
    ).toBe(0);
    expect(await messagesTo(t, 'papir@demo.minside.no')).toEqual([]);
    expect(
      await count('orders where aria_account_no = $1 and delivery_address is not null', [
        accountNo,
      ]),
    ).toBe(0);
    // What still runs has ended; the bookkeeping is kept until 31 December 2031.
    expect(
      await count('subscriptions where aria_account_no = $1 and status_code = any($2::int[])', [
        accountNo,
        [S.ACTIVE, S.TRIAL, S.PENDING_CANCELLATION, S.SUSPENDED],
      ]),
    ).toBe(0);
    expect(
      await count(
        'billing_effects b join subscriptions s using (subscription_no) where s.aria_account_no = $1',
        [accountNo],
      ),
    ).toBe(billing);
    const [record] = await t.db.query<{ spid_id: string | null; keep: string }>(
      `select spid_id, keep_bookkeeping_until::text as keep from deletion_requests
        where aria_account_no = $1`,
      [accountNo],
    );
    expect(record).toEqual({ spid_id: null, keep: '2031-12-31' });

    expect(await purgeExpiredBookkeeping(t.db, new Date('2031-12-31T12:00:00+01:00'))).toBe(0);
    expect(await purgeExpiredBookkeeping(t.db, new Date('2032-01-01T00:00:00+01:00'))).toBe(
      await count('deletion_requests where erased_at is not null', []),
    );
    expect(await purgeExpiredBookkeeping(t.db, new Date('2032-01-02T00:00:00+01:00'))).toBe(0);
    expect(
      await count(
        'billing_effects b join subscriptions s using (subscription_no) where s.aria_account_no = $1',
        [accountNo],
      ),
    ).toBe(0);
    expect(await count('orders where aria_account_no = $1', [accountNo])).toBe(0);
    expect(await count('withdrawals where aria_account_no = $1', [accountNo])).toBe(0);
    expect(await count('subscription_events where aria_account_no = $1', [accountNo])).toBe(0);
  });

  it('ends the shares of the reader’s family, and each member is told', async () => {
    const digital = await sessionFor(t, 'digital@demo.minside.no');
    const familieAccount = await demoAccountNo(t.db, 'familie@demo.minside.no');
    const [share] = await t.db.query<{ subscription_no: string }>(
      `select subscription_no from subscriptions where aria_account_no = $1 and share_kind = 'family'`,
      [familieAccount],
    );
    expect((await ask(digital)).statusCode).toBe(202);
    t.clock.set(new Date(new Date(TEST_NOW).getTime() + 30 * DAY).toISOString());
    expect(await eraseDueReaders(t)).toBeGreaterThanOrEqual(1);
    expect((await subscription(share!.subscription_no)).status_code).toBe(S.TERMINATED);
    const [mail] = await messagesTo(t, 'familie@demo.minside.no');
    expect(mail).toBeDefined();
    // The member notice of an ended share (family/messages.ts, 'ended').
    expect(mail!.body).toMatch(/^Tilgangen din til .+ er avsluttet\n/);
    expect(mail!.body).toContain('delte med deg, deles ikke lenger. Tilgangen din er avsluttet.');
    expect(await count('family_members where member_account_no = $1', [familieAccount])).toBe(1);
  });

  it('keeps the bookkeeping until 31 December five years after the year of erasure (Oslo)', () => {
    expect(keepBookkeepingUntil(new Date('2026-12-31T22:59:00Z'))).toBe('2031-12-31');
    expect(keepBookkeepingUntil(new Date('2026-12-31T23:00:00Z'))).toBe('2032-12-31');
  });
});
