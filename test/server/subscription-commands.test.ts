// Cancel and undo through the API (DELETE deleteSubscription, POST
// reactivateSubscription/): a reason is required, the receipt carries the last day of access,
// another user's subscription is not found, and nothing is half-written. `reactivate` restarts
// only a subscription that costs nothing; a paying one is ordered (409 PAYMENT_REQUIRED).
import { describe, expect, it } from '@jest/globals';

import { sessionFor, spaHeaders } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();

async function subscriptionOf(email: string, titleCode = 'FVN') {
  const accountNo = await demoAccountNo(t.db, email);
  const [row] = await t.db.query<{
    subscription_no: string;
    status_code: number;
    renewal_date: string;
  }>(
    `select subscription_no, status_code, renewal_date from subscriptions
      where aria_account_no = $1 and title_code = $2`,
    [accountNo, titleCode],
  );
  return row!;
}

describe('DELETE /api/deleteSubscription', () => {
  it('cancels with a reason: pending cancellation until the last paid day, winback answer kept', async () => {
    const session = await sessionFor(t, 'ung@demo.minside.no');
    const before = await subscriptionOf('ung@demo.minside.no');
    const response = await session.request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload: {
        subscriptionNo: before.subscription_no,
        reason: 'price',
        comment: 'For dyrt',
        acceptedWinback: false,
      },
    });
    expect(response.statusCode).toBe(200);
    // TEST_NOW is 2026-03-10; the UNG subscription renews 2026-03-15, so 14 March is paid for.
    expect(response.json()).toEqual({
      subscriptionNo: before.subscription_no,
      instStatusCode: 2,
      expiryDate: '2026-03-14',
    });
    const [event] = await t.db.query<{ kind: string; detail: { context?: unknown } }>(
      `select kind, detail from subscription_events where subscription_no = $1`,
      [before.subscription_no],
    );
    expect(event).toMatchObject({
      kind: 'cancel',
      detail: { context: { acceptedWinback: false } },
    });
  });

  it('then undo: active again, renewing as before', async () => {
    const session = await sessionFor(t, 'ung@demo.minside.no');
    const { subscription_no } = await subscriptionOf('ung@demo.minside.no');
    const response = await session.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo: subscription_no, action: 'undo-cancellation' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ACTIVE',
      renewalDate: '2026-03-15',
      expiryDate: null,
      hasSubscription: true,
    });
    const again = await session.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo: subscription_no, action: 'undo-cancellation' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });

  it('requires a reason from the fixed list, naming the field, and changes nothing', async () => {
    const session = await sessionFor(t, 'digital@demo.minside.no');
    const { subscription_no } = await subscriptionOf('digital@demo.minside.no');
    for (const payload of [
      { subscriptionNo: subscription_no, acceptedWinback: false },
      { subscriptionNo: subscription_no, reason: 'because', acceptedWinback: false },
    ]) {
      const response = await session.request({
        method: 'DELETE',
        url: '/api/deleteSubscription',
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].field).toBe('reason');
    }
    expect((await subscriptionOf('digital@demo.minside.no')).status_code).toBe(1);
  });

  it("does not find another user's subscription, and leaves it alone", async () => {
    const attacker = await sessionFor(t, 'papir@demo.minside.no');
    const victim = await subscriptionOf('digital@demo.minside.no');
    const response = await attacker.request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload: { subscriptionNo: victim.subscription_no, reason: 'other', acceptedWinback: false },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
    expect((await subscriptionOf('digital@demo.minside.no')).status_code).toBe(1);
    const undo = await attacker.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: {
        subscriptionNo: (await subscriptionOf('oppsagt@demo.minside.no')).subscription_no,
        action: 'undo-cancellation',
      },
    });
    expect(undo.statusCode).toBe(404);
  });

  it('refuses to cancel twice', async () => {
    const session = await sessionFor(t, 'oppsagt@demo.minside.no');
    const { subscription_no } = await subscriptionOf('oppsagt@demo.minside.no');
    const response = await session.request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload: { subscriptionNo: subscription_no, reason: 'time', acceptedWinback: false },
    });
    expect(response.statusCode).toBe(409);
  });

  it('needs a session and the SPA headers', async () => {
    const { subscription_no } = await subscriptionOf('digital@demo.minside.no');
    const payload = { subscriptionNo: subscription_no, reason: 'time', acceptedWinback: false };
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload,
      headers: spaHeaders(),
    });
    expect(anonymous.statusCode).toBe(401);
    const session = await sessionFor(t, 'digital@demo.minside.no');
    const forged = await session.request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload,
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await subscriptionOf('digital@demo.minside.no')).status_code).toBe(1);
  });
});

describe('POST /api/reactivateSubscription/ with action reactivate', () => {
  it('refuses a paying subscription with PAYMENT_REQUIRED (it is ordered), and changes nothing', async () => {
    const session = await sessionFor(t, 'avsluttet@demo.minside.no');
    const { subscription_no } = await subscriptionOf('avsluttet@demo.minside.no');
    const response = await session.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo: subscription_no, action: 'reactivate' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect(response.json().detail).toMatch(/reactivation/);
    expect((await subscriptionOf('avsluttet@demo.minside.no')).status_code).toBe(-2);
    const events = await t.db.query(
      `select id from subscription_events where subscription_no = $1`,
      [subscription_no],
    );
    expect(events).toEqual([]);
  });

  it('restarts a cancelled business subscription at no cost: active, renewing a period on', async () => {
    const email = 'bedrift-admin@demo.minside.no';
    const { subscription_no } = await subscriptionOf(email);
    // The business subscription ended some weeks ago (state set directly: the expiry job is
    // tested with its clock elsewhere).
    await t.db.query(
      `update subscriptions set status_code = -2, renewal_date = null, expiry_date = '2026-02-14'
        where subscription_no = $1`,
      [subscription_no],
    );
    const session = await sessionFor(t, email);
    const response = await session.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo: subscription_no, action: 'reactivate' },
    });
    expect(response.statusCode).toBe(200);
    // TEST_NOW is 2026-03-10; the business plan is yearly.
    expect(response.json()).toMatchObject({
      subscriptionNo: subscription_no,
      status: 'ACTIVE',
      instStatusCode: 1,
      renewalDate: '2027-03-10',
      expiryDate: null,
      isPaying: false,
      hasSubscription: true,
    });
    const events = await t.db.query<{
      kind: string;
      actor: string;
      detail: { effects: unknown[] };
    }>(`select kind, actor, detail from subscription_events where subscription_no = $1`, [
      subscription_no,
    ]);
    expect(events).toMatchObject([{ kind: 'reactivate', actor: 'user', detail: { effects: [] } }]);

    const again = await session.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo: subscription_no, action: 'reactivate' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });

  it("does not find another user's subscription", async () => {
    const attacker = await sessionFor(t, 'papir@demo.minside.no');
    const { subscription_no } = await subscriptionOf('avsluttet@demo.minside.no');
    const response = await attacker.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo: subscription_no, action: 'reactivate' },
    });
    expect(response.statusCode).toBe(404);
    expect((await subscriptionOf('avsluttet@demo.minside.no')).status_code).toBe(-2);
  });
});
