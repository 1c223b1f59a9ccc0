// GET /api/subscription/{accountNo}/{titleCode}/changes: the audit trail of the
// reader's subscription, newest first, in the contract's words and without internal details;
// empty for an account without a subscription to the title; another user's account is 403.
import { describe, expect, it } from '@jest/globals';

import { sessionFor } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();

const changesUrl = (accountNo: string, titleCode = 'FVN') =>
  `/api/subscription/${accountNo}/${titleCode}/changes`;

async function subscriptionNoOf(email: string): Promise<string> {
  const accountNo = await demoAccountNo(t.db, email);
  const [row] = await t.db.query<{ subscription_no: string }>(
    `select subscription_no from subscriptions where aria_account_no = $1 and title_code = 'FVN'`,
    [accountNo],
  );
  return row!.subscription_no;
}

describe('GET /api/subscription/{accountNo}/{titleCode}/changes', () => {
  it('answers the latest changes, newest first, as the reader made them', async () => {
    const email = 'ung@demo.minside.no';
    const session = await sessionFor(t, email);
    const accountNo = await demoAccountNo(t.db, email);
    const subscriptionNo = await subscriptionNoOf(email);
    const cancel = await session.request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload: { subscriptionNo, reason: 'price', acceptedWinback: false },
    });
    expect(cancel.statusCode).toBe(200);
    const undo = await session.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo, action: 'undo-cancellation' },
    });
    expect(undo.statusCode).toBe(200);

    const response = await session.request({ url: changesUrl(accountNo) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.subscriptionNo).toBe(subscriptionNo);
    expect(body.changes.slice(0, 2)).toEqual([
      {
        kind: 'cancellation-undone',
        occurredAt: expect.any(String),
        actor: 'user',
        fromStatus: 'PENDING_CANCELLATION',
        toStatus: 'ACTIVE',
      },
      {
        kind: 'cancelled',
        occurredAt: expect.any(String),
        actor: 'user',
        fromStatus: 'ACTIVE',
        toStatus: 'PENDING_CANCELLATION',
      },
    ]);
  });

  it('tells of a reactivation of an ended subscription that costs nothing', async () => {
    const email = 'avsluttet@demo.minside.no';
    const session = await sessionFor(t, email);
    const accountNo = await demoAccountNo(t.db, email);
    const subscriptionNo = await subscriptionNoOf(email);
    // A business subscription restarts at no cost (the company pays).
    await t.db.query(
      `update subscriptions set subscription_info1 = 'employee' where subscription_no = $1`,
      [subscriptionNo],
    );
    const before = (await session.request({ url: changesUrl(accountNo) })).json();
    expect(before.changes.some((c: { kind: string }) => c.kind === 'reactivated')).toBe(false);
    const restart = await session.request({
      method: 'POST',
      url: '/api/reactivateSubscription/',
      payload: { subscriptionNo, action: 'reactivate' },
    });
    expect(restart.statusCode).toBe(200);
    const after = (await session.request({ url: changesUrl(accountNo) })).json();
    expect(after.changes[0]).toMatchObject({
      kind: 'reactivated',
      actor: 'user',
      fromStatus: 'CANCELLED',
      toStatus: 'ACTIVE',
    });
  });

  it('is empty for an account without a subscription to the title', async () => {
    const email = 'digital@demo.minside.no';
    const session = await sessionFor(t, email);
    const accountNo = await demoAccountNo(t.db, email);
    const response = await session.request({ url: changesUrl(accountNo, 'TVP') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscriptionNo: null, changes: [] });
  });

  it("refuses another user's account and a visitor without a session", async () => {
    const attacker = await sessionFor(t, 'papir@demo.minside.no');
    const victim = await demoAccountNo(t.db, 'digital@demo.minside.no');
    expect((await attacker.request({ url: changesUrl(victim) })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      url: changesUrl(victim),
      headers: { host: 'fvn.localhost' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
