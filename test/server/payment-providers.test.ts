// The product with PAYMENT_PROVIDER=vipps,swedbankpay against local fakes of Vipps MobilePay and
// Swedbank Pay: an order is completed only by what the provider answers (a webhook or callback
// only makes the server fetch), the money is captured after the subscription is granted, renewals
// charge the mandate the purchase left (Vipps a day ahead; a card at once), a stopped agreement
// ends what it paid for, and forged, duplicate or out-of-order events change nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { loadConfig } from '../../src/server/config';
import { settleOpenCharges } from '../../src/server/jobs/billing';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { vippsReference } from '../../src/server/payments/vipps';

import { SWEDBANK_CREDENTIALS, SwedbankPayFake } from './fakes/swedbankpay';
import { VIPPS_CREDENTIALS, VippsFake } from './fakes/vipps';
import { digitalMonthly, newReader } from './order-support';
import { createTestApp, type TestApp } from './support';

const vipps = new VippsFake();
const swedbank = new SwedbankPayFake();
let t: TestApp;
let keys = 0;
const newKey = () => `providers-${Date.now()}-${(keys += 1)}-abcdef`;
const WEBHOOK_URL = 'https://minside.example.no/api/payments/vipps/webhook';

beforeAll(async () => {
  await Promise.all([vipps.start(), swedbank.start()]);
  // The configuration as the environment gives it (config.ts reads and checks it).
  const config = loadConfig({
    PAYMENT_PROVIDER: 'vipps,swedbankpay',
    VIPPS_API_URL: vipps.url,
    VIPPS_CLIENT_ID: VIPPS_CREDENTIALS.clientId,
    VIPPS_CLIENT_SECRET: VIPPS_CREDENTIALS.clientSecret,
    VIPPS_SUBSCRIPTION_KEY: VIPPS_CREDENTIALS.subscriptionKey,
    VIPPS_MERCHANT_SERIAL_NUMBER: VIPPS_CREDENTIALS.merchantSerialNumber,
    VIPPS_WEBHOOK_SECRET: VIPPS_CREDENTIALS.webhookSecret,
    VIPPS_WEBHOOK_URL: WEBHOOK_URL,
    SWEDBANKPAY_API_URL: swedbank.url,
    SWEDBANKPAY_ACCESS_TOKEN: SWEDBANK_CREDENTIALS.accessToken,
    SWEDBANKPAY_PAYEE_ID: SWEDBANK_CREDENTIALS.payeeId,
    SWEDBANKPAY_CALLBACK_URL: 'https://minside.example.no/api/payments/swedbankpay/callback',
  });
  t = await createTestApp({ demoData: false, config: { payments: config.payments } });
  vipps.today = new Date(t.clock.now()).toISOString().slice(0, 10);
});
afterAll(async () => {
  await t?.app.close();
  await Promise.all([vipps.stop(), swedbank.stop()]);
});

/** Posts a Vipps webhook to the product as Vipps would (signed for the registered URL). */
async function webhook(event: object, options: { secret?: string; date?: Date } = {}) {
  const body = JSON.stringify(event);
  const { createHash } = await import('node:crypto');
  const { vippsWebhookAuthorization } = await import('../../src/server/payments/vipps');
  const date = (options.date ?? t.clock.now()).toUTCString();
  const content = createHash('sha256').update(body).digest('base64');
  const url = new URL(WEBHOOK_URL);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/vipps/webhook',
    headers: {
      'content-type': 'application/json',
      'x-ms-date': date,
      'x-ms-content-sha256': content,
      authorization: vippsWebhookAuthorization(
        options.secret ?? VIPPS_CREDENTIALS.webhookSecret,
        url.pathname,
        date,
        url.host,
        content,
      ),
    },
    payload: body,
  });
}

async function place(method: 'VIPPS' | 'SWEDBANK-PPG') {
  const { s, accountNo } = await newReader(t);
  const placed = await s.request({
    method: 'POST',
    url: '/api/orders',
    payload: { ...digitalMonthly, paymentProvider: method },
    headers: { 'idempotency-key': newKey() },
  });
  expect(placed.statusCode).toBe(201);
  const [row] = await t.db.query<{ payment_id: string }>(
    'select payment_id from orders where order_id = $1',
    [placed.json().orderId],
  );
  return { s, accountNo, order: placed.json(), paymentId: row!.payment_id };
}

const orderStatus = async (orderId: string) =>
  (
    await t.db.query<{ status: string; captured: unknown; subscription_no: string | null }>(
      `select status, payment_captured_at as captured, subscription_no from orders
        where order_id = $1`,
      [orderId],
    )
  )[0]!;

describe('Vipps MobilePay', () => {
  it('an order becomes a subscription when Vipps says the agreement is active; the initial charge is captured after; a forged or repeated webhook changes nothing', async () => {
    const { order, paymentId } = await place('VIPPS');
    expect(order.redirectUrl).toMatch(/^https:\/\/api\.vipps\.no\/v2\/register\//);
    const agreementId = paymentId.split(':')[2]!;
    const chargeId = paymentId.split(':')[3]!;

    // A webhook that lies (the agreement is still pending): fetched, and nothing happens.
    expect(
      (await webhook(vipps.recurringEvent('recurring.agreement-activated.v1', agreementId))).json(),
    ).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await orderStatus(order.orderId)).status).toBe('PENDING');
    // Not signed by Vipps: refused.
    const forged = await webhook(
      vipps.recurringEvent('recurring.agreement-activated.v1', agreementId),
      {
        secret: 'not-the-secret',
      },
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('INVALID_SIGNATURE');
    const stale = await webhook(
      vipps.recurringEvent('recurring.agreement-activated.v1', agreementId),
      {
        date: new Date(t.clock.now().getTime() - 10 * 60_000),
      },
    );
    expect(stale.statusCode).toBe(401);

    vipps.acceptAgreement(agreementId);
    // The charge's event first (out of order), then the agreement's: either completes it once.
    const charged = await webhook(
      vipps.recurringEvent('recurring.charge-reserved.v1', agreementId, chargeId),
    );
    expect(charged.statusCode).toBe(200);
    const done = await orderStatus(order.orderId);
    expect(done.status).toBe('COMPLETED');
    expect(done.captured).not.toBeNull();
    expect(vipps.charges.get(chargeId)).toMatchObject({ status: 'CHARGED', captured: 100 });
    const event = vipps.recurringEvent('recurring.agreement-activated.v1', agreementId);
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: true });
    expect(vipps.charges.get(chargeId)).toMatchObject({ captured: 100 });

    const [sub] = await t.db.query<{ payment_provider: string; payment_agreement_id: string }>(
      'select payment_provider, payment_agreement_id from subscriptions where subscription_no = $1',
      [done.subscription_no],
    );
    expect(sub).toEqual({ payment_provider: 'VIPPS', payment_agreement_id: agreementId });
  });

  it('the renewal is charged to the agreement a day ahead; Vipps charging it settles it; a stopped agreement ends the subscription', async () => {
    const { order, paymentId } = await place('VIPPS');
    const agreementId = paymentId.split(':')[2]!;
    vipps.acceptAgreement(agreementId);
    await webhook(vipps.recurringEvent('recurring.agreement-activated.v1', agreementId));
    const { subscription_no: subscriptionNo } = await orderStatus(order.orderId);
    const [{ renewal_date: renewal }] = (await t.db.query<{ renewal_date: string }>(
      'select renewal_date::text as renewal_date from subscriptions where subscription_no = $1',
      [subscriptionNo],
    )) as [{ renewal_date: string }];
    const start = t.clock.now().toISOString();
    try {
      t.clock.set(`${renewal}T08:00:00+01:00`);
      vipps.today = renewal;
      expect((await runDueJobs(t.db, t.clock)).errors).toEqual([]);
      const settle = () =>
        settleOpenCharges({
          db: t.db,
          payments: t.app.services.payments,
          now: () => t.clock.now(),
        });
      // Pending: Vipps takes it later (this reader's, and the first test's reader's).
      expect((await settle()).pending).toBeGreaterThanOrEqual(1);
      const [charge] = await t.db.query<{ id: string; status: string; payment_id: string }>(
        `select id, status, payment_id from billing_effects
          where subscription_no = $1 and reason = 'renewal'`,
        [subscriptionNo],
      );
      const vippsCharge = vipps.charges.get(charge!.payment_id.split(':')[3]!)!;
      // Created on its due day, so due the next (Vipps' one-day lead time).
      expect(vippsCharge).toMatchObject({ status: 'PENDING', amount: 27900, retryDays: 2 });
      expect(vippsCharge.due > renewal).toBe(true);
      vipps.today = vippsCharge.due;
      vipps.processCharges();
      const captured = await webhook(
        vipps.recurringEvent('recurring.charge-captured.v1', agreementId, vippsCharge.id),
      );
      expect(captured.statusCode).toBe(200);
      const [after] = await t.db.query<{ status: string }>(
        'select status from billing_effects where id = $1',
        [charge!.id],
      );
      expect(after!.status).toBe('paid');

      // The reader stops the agreement in the Vipps app.
      vipps.stopAgreement(agreementId);
      await webhook(vipps.recurringEvent('recurring.agreement-stopped.v1', agreementId));
      const [sub] = await t.db.query<{ status_code: number; payment_notice: string | null }>(
        'select status_code, payment_notice from subscriptions where subscription_no = $1',
        [subscriptionNo],
      );
      expect(sub!.payment_notice).toBe('VIPPS_AGREEMENT_STOPPED');
    } finally {
      t.clock.set(start);
      vipps.today = start.slice(0, 10);
    }
  });
});

describe('Swedbank Pay', () => {
  it('the return page proves nothing; the order completes once the payment order is Paid, is captured after the grant, and the callback is a fail-safe', async () => {
    const { s, order, paymentId } = await place('SWEDBANK-PPG');
    expect(order.redirectUrl).toMatch(/^https:\/\/ecom\./);
    const complete = () =>
      s.request({ method: 'POST', url: `/api/orders/${order.orderId}/complete` });
    expect((await complete()).json()).toMatchObject({ status: 'PENDING' });
    swedbank.pay(paymentId);
    // The callback alone (the reader never came back) completes it.
    const callback = await t.app.inject({
      method: 'POST',
      url: '/api/payments/swedbankpay/callback',
      headers: { 'content-type': 'application/json' },
      payload: {
        orderReference: order.orderId,
        paymentOrder: {
          id: paymentId.replace('swedbankpay:', ''),
          instrument: 'CreditCard',
          number: 1,
        },
      },
    });
    expect(callback.json()).toEqual({ received: true, duplicate: false });
    const done = await orderStatus(order.orderId);
    expect(done).toMatchObject({ status: 'COMPLETED' });
    expect(done.captured).not.toBeNull();
    expect(swedbank.orders.get(paymentId.split('/').pop()!)).toMatchObject({ captured: 100 });
    expect((await complete()).json()).toMatchObject({ status: 'COMPLETED' });
    const [sub] = await t.db.query<{ payment_agreement_id: string; masked_card: string | null }>(
      'select payment_agreement_id from subscriptions where subscription_no = $1',
      [done.subscription_no],
    );
    expect(sub!.payment_agreement_id).toMatch(/^p[0-9a-f]{29}\.[0-9a-f-]{36}$/);
  });

  it('a callback for a payment order that is not ours is received and not fetched; a malformed one is refused', async () => {
    const before = swedbank.calls.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/swedbankpay/callback',
      headers: { 'content-type': 'application/json' },
      payload: { paymentOrder: { id: '/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce' } },
    });
    expect(response.json()).toEqual({ received: true, duplicate: false });
    expect(swedbank.calls.length).toBe(before);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payments/swedbankpay/callback',
      headers: { 'content-type': 'application/json' },
      payload: { paymentOrder: { id: 'https://evil.example/psp' } },
    });
    expect(bad.statusCode).toBe(400);
  });
});

it('the reference sent to Vipps is one it accepts', () => {
  expect(vippsReference('ord_3f9a1c2b7d4e5f60')).toMatch(/^[a-zA-Z0-9-]{8,64}$/);
});
