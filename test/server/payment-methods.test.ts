// Changing the payment method: to Vipps through a recurring agreement and to a new card
// through a card registration, both approved on the sandbox's page and verified with the
// provider before the subscription changes; a declined approval leaves the old method in place;
// nobody changes another user's subscription.
import { describe, expect, it } from '@jest/globals';

import { subscriptionEvents } from '../../src/server/domain/subscriptions/lifecycle';

import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();

/** The reader starts registering a new card for the subscription (/legg-til-betalingskort). */
const startCard = (s: TestSession, subscriptionNo: string) =>
  s.request({
    method: 'PUT',
    url: '/api/subscription/card',
    payload: { subscriptionNo, returnUrl: '/legg-til-betalingskort/verify' },
  });

const decide = (redirectUrl: string, action: 'approve' | 'decline') =>
  t.app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    headers: { host: new URL(redirectUrl).host, origin: new URL(redirectUrl).origin },
    payload: { action },
  });

async function subscriptionOf(s: TestSession, email: string) {
  const accountNo = await demoAccountNo(t.db, email);
  return (await s.request({ method: 'GET', url: `/api/subscription/${accountNo}/FVN` })).json()
    .subscription;
}

const verify = (s: TestSession, subscriptionNo: string, paymentMethodId: string) =>
  s.request({
    method: 'POST',
    url: '/api/subscription/paymentMethod/verify',
    payload: { subscriptionNo, paymentMethodId },
  });

describe('payment methods', () => {
  it('moves a card subscription to Vipps once the agreement is approved', async () => {
    const email = 'digital@demo.minside.no';
    const s = await sessionFor(t, email);
    const before = await subscriptionOf(s, email);
    expect(before.paymentMethod.provider).toBe('SWEDBANK-PPG');
    const started = await s.request({
      method: 'PUT',
      url: '/api/subscription/paymentMethod',
      payload: {
        subscriptionNo: before.subscriptionNo,
        provider: 'VIPPS',
        returnUrl: '/endre-betalingsmetode/verify',
      },
    });
    expect(started.statusCode).toBe(200);
    const redirect = started.json();
    expect(redirect.redirectUrl).toMatch(/^http:\/\/fvn\.localhost\/sandbox\/agreement\/agr_/);
    expect(redirect.agreementId).toMatch(/^agr_/);

    // Back on the verify page before approving: nothing changes yet.
    const early = await verify(s, before.subscriptionNo, redirect.paymentMethodId);
    expect([early.statusCode, early.json().code]).toEqual([409, 'PAYMENT_METHOD_PENDING']);

    const page = await t.app.inject({
      method: 'GET',
      url: new URL(redirect.redirectUrl).pathname,
      headers: { host: 'fvn.localhost' },
    });
    expect(page.body).toContain('Godkjenn avtalen');
    const back = await decide(redirect.redirectUrl, 'approve');
    expect(back.headers.location).toBe('http://fvn.localhost/endre-betalingsmetode/verify');

    const verified = await verify(s, before.subscriptionNo, redirect.paymentMethodId);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().paymentMethod).toEqual({
      provider: 'VIPPS',
      label: 'Vipps',
      maskedCardNumber: null,
      cardExpiry: null,
    });
    // Verifying again answers the same and writes no second audit event.
    expect((await verify(s, before.subscriptionNo, redirect.paymentMethodId)).statusCode).toBe(200);
    const events = (await subscriptionEvents(t.db, before.subscriptionNo)).filter(
      (e) => e.kind === 'changePaymentMethod',
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.detail).toMatchObject({ from: 'SWEDBANK-PPG', to: 'VIPPS' });

    const again = await s.request({
      method: 'PUT',
      url: '/api/subscription/paymentMethod',
      payload: { subscriptionNo: before.subscriptionNo, provider: 'VIPPS', returnUrl: '/x' },
    });
    expect(again.json().code).toBe('PAYMENT_METHOD_UNCHANGED');
  });

  it('cancels the subscription and tells why when the Vipps agreement is stopped in the app', async () => {
    const email = 'digital@demo.minside.no';
    const s = await sessionFor(t, email);
    const before = await subscriptionOf(s, email);
    expect(before).toMatchObject({ status: 'ACTIVE', paymentMethod: { provider: 'VIPPS' } });
    const [row] = await t.db.query<{ payment_agreement_id: string }>(
      'select payment_agreement_id from subscriptions where subscription_no = $1',
      [before.subscriptionNo],
    );
    const page = `http://fvn.localhost/sandbox/agreement/${row!.payment_agreement_id}`;
    const shown = await t.app.inject({
      method: 'GET',
      url: new URL(page).pathname,
      headers: { host: 'fvn.localhost' },
    });
    expect(shown.body).toContain('Stopp avtalen (som i Vipps-appen)');
    const stopped = await t.app.inject({
      method: 'POST',
      url: new URL(page).pathname,
      headers: { host: 'fvn.localhost', origin: 'http://fvn.localhost' },
      payload: { action: 'stop' },
    });
    expect(stopped.body).toContain('Avtalen er stoppet.');
    const after = await subscriptionOf(s, email);
    expect(after).toMatchObject({
      status: 'PENDING_CANCELLATION',
      paymentNotice: 'VIPPS_AGREEMENT_STOPPED',
      expiryDate: expect.any(String),
    });
    const cancel = (await subscriptionEvents(t.db, before.subscriptionNo)).at(-1)!;
    expect(cancel).toMatchObject({ kind: 'cancel', actor: 'system' });
    // Undoing the cancellation needs a method the renewals can be charged to: not the stopped
    // agreement. Nothing changes until the reader has one.
    const undo = () =>
      s.request({
        method: 'POST',
        url: '/api/reactivateSubscription/',
        payload: { subscriptionNo: before.subscriptionNo, action: 'undo-cancellation' },
      });
    const refused = await undo();
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PAYMENT_METHOD_REQUIRED']);
    expect(await subscriptionOf(s, email)).toMatchObject({ status: 'PENDING_CANCELLATION' });
    const card = (await startCard(s, before.subscriptionNo)).json();
    await decide(card.redirectUrl, 'approve');
    expect((await verify(s, before.subscriptionNo, card.paymentMethodId)).statusCode).toBe(200);
    // With a card, it is undone (and the next test starts from an active subscription).
    expect((await undo()).statusCode).toBe(200);
    expect(await subscriptionOf(s, email)).toMatchObject({
      status: 'ACTIVE',
      paymentNotice: null,
      paymentMethod: { provider: 'SWEDBANK-PPG' },
    });
  });

  it('adds a card; a declined registration leaves the old method in place', async () => {
    const email = 'digital@demo.minside.no';
    const s = await sessionFor(t, email);
    const before = await subscriptionOf(s, email);
    const start = () => startCard(s, before.subscriptionNo);
    const declined = (await start()).json();
    expect(declined.agreementId).toBeNull();
    await decide(declined.redirectUrl, 'decline');
    const refused = await verify(s, before.subscriptionNo, declined.paymentMethodId);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PAYMENT_METHOD_NOT_APPROVED']);
    expect((await subscriptionOf(s, email)).paymentMethod).toEqual(before.paymentMethod);

    const approved = (await start()).json();
    const back = await decide(approved.redirectUrl, 'approve');
    expect(back.headers.location).toBe('http://fvn.localhost/legg-til-betalingskort/verify');
    const verified = await verify(s, before.subscriptionNo, approved.paymentMethodId);
    expect(verified.json().paymentMethod).toEqual({
      provider: 'SWEDBANK-PPG',
      label: 'Betalingskort',
      maskedCardNumber: '************0004',
      cardExpiry: '12/29',
    });
    // A new method clears the notice of the stopped agreement.
    expect(verified.json().paymentNotice).toBeNull();
  });

  it('keeps users to their own subscriptions and attempts', async () => {
    const owner = await sessionFor(t, 'digital@demo.minside.no');
    const mine = await subscriptionOf(owner, 'digital@demo.minside.no');
    const other = await sessionFor(t, 'papir@demo.minside.no');
    const foreign = await startCard(other, mine.subscriptionNo);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'SUBSCRIPTION_NOT_FOUND']);
    const started = (await startCard(owner, mine.subscriptionNo)).json();
    const stolen = await verify(other, mine.subscriptionNo, started.paymentMethodId);
    expect(stolen.statusCode).toBe(404);
    const family = await sessionFor(t, 'familie@demo.minside.no');
    const shared = await subscriptionOf(family, 'familie@demo.minside.no');
    const refused = await startCard(family, shared.subscriptionNo);
    expect(refused.json().code).toBe('PAYMENT_METHOD_NOT_SELF_SERVICE');
  });
});
