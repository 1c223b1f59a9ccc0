// The Vipps MobilePay adapter against a local fake of Vipps' published APIs (fakes/vipps.ts):
// ePayment (created once per Idempotency-Key, reserved, captured after the grant, cancelled only
// before approval, refunded or released), Recurring (an agreement with its initial charge and a
// campaign; renewals due a day ahead with retryDays; a stopped agreement and failed charges),
// the access token cached, timeouts, 5xx, 429 and lost answers retried with the same key, and
// the webhook signature.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';

import { fixedClock } from '../../src/server/clock';
import { ProviderError } from '../../src/server/payments/http';
import type { Mandate, RecurringTerms } from '../../src/server/payments/port';
import {
  verifyVippsWebhook,
  vippsEventTarget,
  vippsReference,
  VippsPaymentProvider,
  vippsWebhookAuthorization,
} from '../../src/server/payments/vipps';

import { VIPPS_CREDENTIALS, VippsFake } from './fakes/vipps';

const fake = new VippsFake();
const clock = fixedClock('2026-12-04T10:00:00Z');
const waits: number[] = [];
let vipps: VippsPaymentProvider;

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  clock.set('2026-12-04T10:00:00Z');
  fake.today = '2026-12-04';
  waits.length = 0;
  vipps = new VippsPaymentProvider(
    { baseUrl: fake.url, ...VIPPS_CREDENTIALS },
    {
      clock,
      http: {
        timeoutMs: 300,
        backoffMs: 5,
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    },
  );
});

let seq = 0;
const orderId = () => `ord_${Date.now().toString(16)}${(seq += 1)}`;
const terms: RecurringTerms = {
  productName: 'Fædrelandsvennen Digital',
  amountOre: 27900,
  interval: { unit: 'MONTH', count: 1 },
  agreementUrl: 'https://minside.fvn.no/endre-betalingsmetode',
};
const purchase = (reference: string, overrides: object = {}) => ({
  reference,
  method: 'VIPPS' as const,
  amountOre: 27900,
  currency: 'NOK' as const,
  description: 'Digital, 1 måned',
  merchant: 'Fædrelandsvennen',
  returnUrl: `https://minside.fvn.no/bestilling-fullfort?ordre=${reference}`,
  cancelUrl: `https://minside.fvn.no/avbryt-bestilling?ordre=${reference}`,
  idempotencyKey: reference,
  recurring: null,
  ...overrides,
});
const callsTo = (pattern: RegExp) =>
  fake.calls.filter((c) => pattern.test(`${c.method} ${c.path}`));

describe('Vipps ePayment', () => {
  it('creates a payment once per key, reserves on approval, captures once after the grant', async () => {
    const reference = orderId();
    const created = await vipps.createHostedPayment(purchase(reference));
    const again = await vipps.createHostedPayment(purchase(reference));
    expect(again.paymentId).toBe(created.paymentId);
    expect(created).toMatchObject({ status: 'CREATED', reference, amountOre: 27900 });
    expect(created.redirectUrl).toMatch(/^https:\/\/landing\.vipps\.no/);
    const sent = callsTo(/^POST \/epayment\/v1\/payments$/).at(-1)!;
    expect(sent.headers['idempotency-key']).toBe(reference);
    expect(sent.headers['merchant-serial-number']).toBe(VIPPS_CREDENTIALS.merchantSerialNumber);
    expect(sent.body).toMatchObject({
      amount: { currency: 'NOK', value: 27900 },
      paymentMethod: { type: 'WALLET' },
      userFlow: 'WEB_REDIRECT',
      reference: vippsReference(reference),
      metadata: { minsideReference: reference },
    });
    // The return URL proves nothing: only the provider's state.
    expect((await vipps.getPayment(created.paymentId)).status).toBe('CREATED');
    fake.approvePayment(vippsReference(reference));
    expect((await vipps.getPayment(created.paymentId)).status).toBe('AUTHORIZED');
    // Approved before the cancel: it stands (cancelTransactionOnly, error 6060).
    expect((await vipps.cancelPayment(created.paymentId)).status).toBe('AUTHORIZED');
    const captured = await vipps.capturePayment(created.paymentId, 27900, `capture-${reference}`);
    expect(captured.status).toBe('CAPTURED');
    // A retry of the capture with its key captures nothing more.
    await vipps.capturePayment(created.paymentId, 27900, `capture-${reference}`);
    expect(fake.payments.get(vippsReference(reference))!.captured).toBe(27900);
    await vipps.refundPayment(created.paymentId, 10000, `refund-${reference}`);
    await vipps.refundPayment(created.paymentId, 10000, `refund-${reference}`);
    expect(fake.payments.get(vippsReference(reference))!.refunded).toBe(10000);
  });

  it('cancels a payment not approved, and releases (not refunds) one only reserved', async () => {
    const first = await vipps.createHostedPayment(purchase(orderId()));
    expect((await vipps.cancelPayment(first.paymentId)).status).toBe('CANCELLED');
    const reference = orderId();
    const second = await vipps.createHostedPayment(purchase(reference));
    fake.approvePayment(vippsReference(reference));
    await vipps.refundPayment(second.paymentId, 27900, `refund-${reference}`);
    const after = fake.payments.get(vippsReference(reference))!;
    expect(after).toMatchObject({ captured: 0, refunded: 0, cancelled: 27900 });
    expect((await vipps.getPayment(second.paymentId)).status).toBe('CANCELLED');
  });

  it('keeps one access token until two minutes before it runs out, and fetches anew on a 401', async () => {
    const before = fake.tokensIssued;
    const p = await vipps.createHostedPayment(purchase(orderId()));
    await vipps.getPayment(p.paymentId);
    await vipps.getPayment(p.paymentId);
    expect(fake.tokensIssued - before).toBe(1);
    clock.set('2026-12-04T10:59:00Z'); // 3600 s token: renewed from 10:58
    await vipps.getPayment(p.paymentId);
    expect(fake.tokensIssued - before).toBe(2);
    fake.revokeTokens();
    await vipps.getPayment(p.paymentId);
    expect(fake.tokensIssued - before).toBe(3);
  });

  it('retries a 5xx, a 429 after its Retry-After, a timeout and a lost answer with the same key, making one payment', async () => {
    const reference = orderId();
    fake.inject(
      /^POST \/epayment\/v1\/payments$/,
      { status: 429, headers: { 'retry-after': '1' }, body: { title: 'Too many requests' } },
      { hang: true },
      { dropAfterWork: true },
    );
    const created = await vipps.createHostedPayment(purchase(reference));
    const tries = callsTo(/^POST \/epayment\/v1\/payments$/).filter(
      (c) => c.headers['idempotency-key'] === reference,
    );
    expect(tries).toHaveLength(4);
    expect(waits.some((ms) => ms >= 1000)).toBe(true);
    expect([...fake.payments.keys()].filter((k) => k === vippsReference(reference))).toHaveLength(
      1,
    );
    expect(created.status).toBe('CREATED');
    fake.approvePayment(vippsReference(reference));
    // The capture's answer lost after a 502: the retry (same key) captures nothing more.
    fake.inject(/\/capture$/, { status: 502 }, { dropAfterWork: true });
    expect(
      (await vipps.capturePayment(created.paymentId, 27900, `capture-${reference}`)).status,
    ).toBe('CAPTURED');
    expect(fake.payments.get(vippsReference(reference))!.captured).toBe(27900);
  });

  it('gives up after its retries with an undecided error, and never retries a 400', async () => {
    fake.inject(/^POST \/epayment\/v1\/payments$/, ...Array(4).fill({ status: 503 }));
    const error = await vipps.createHostedPayment(purchase(orderId())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 503, undecided: true });
    const before = fake.calls.length;
    const bad = await vipps
      .createHostedPayment(purchase(orderId(), { amountOre: 50 }))
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, undecided: false });
    expect(fake.calls.length - before).toBe(1);
  });
});

describe('Vipps Recurring', () => {
  it('a purchase that starts renewals is an agreement with its initial charge (and a campaign for another first price)', async () => {
    const reference = orderId();
    const created = await vipps.createHostedPayment(
      purchase(reference, { amountOre: 100, recurring: terms }),
    );
    const draft = callsTo(/^POST \/recurring\/v3\/agreements$/).at(-1)!;
    expect(draft.body).toMatchObject({
      pricing: { type: 'LEGACY', currency: 'NOK', amount: 27900 },
      interval: { unit: 'MONTH', count: 1 },
      productName: 'Fædrelandsvennen Digital',
      merchantAgreementUrl: terms.agreementUrl,
      campaign: { type: 'PERIOD_CAMPAIGN', price: 100, period: { unit: 'MONTH', count: 1 } },
      initialCharge: { amount: 100, transactionType: 'RESERVE_CAPTURE' },
    });
    expect(created.redirectUrl).toMatch(/vipps\.no\/v2\/register/);
    expect((await vipps.getPayment(created.paymentId)).status).toBe('CREATED');
    const agreementId = created.paymentId.split(':')[2]!;
    fake.acceptAgreement(agreementId);
    const approved = await vipps.getPayment(created.paymentId);
    expect(approved).toMatchObject({
      status: 'AUTHORIZED',
      reference,
      mandate: { method: 'VIPPS', id: agreementId },
    });
    expect(
      (await vipps.capturePayment(created.paymentId, 100, `capture-${reference}`)).status,
    ).toBe('CAPTURED');
  });

  it('an agreement never approved ends the purchase as expired; one refused as declined', async () => {
    const a = await vipps.createHostedPayment(purchase(orderId(), { recurring: terms }));
    fake.rejectAgreement(a.paymentId.split(':')[2]!, 'EXPIRED');
    expect((await vipps.getPayment(a.paymentId)).status).toBe('EXPIRED');
    const b = await vipps.createAgreement({
      reference: orderId(),
      method: 'VIPPS',
      merchant: 'Fædrelandsvennen',
      description: 'Ny betalingsmåte',
      returnUrl: 'https://minside.fvn.no/betalingsmetode-endret',
      idempotencyKey: `agreement-${seq}`,
      terms,
    });
    expect(b.status).toBe('PENDING');
    fake.rejectAgreement(b.agreementId, 'STOPPED');
    expect((await vipps.getAgreement(b.agreementId)).status).toBe('DECLINED');
  });

  async function activeAgreement() {
    const a = await vipps.createAgreement({
      reference: orderId(),
      method: 'VIPPS',
      merchant: 'Fædrelandsvennen',
      description: 'Ny betalingsmåte',
      returnUrl: 'https://minside.fvn.no/betalingsmetode-endret',
      idempotencyKey: `agreement-${orderId()}`,
      terms,
    });
    fake.acceptAgreement(a.agreementId);
    const active = await vipps.getAgreement(a.agreementId);
    expect(active.status).toBe('ACTIVE');
    return active.mandate!;
  }

  const renewal = (mandate: Mandate, key: string, due = '2026-12-04') => ({
    reference: key,
    mandate,
    amountOre: 27900,
    currency: 'NOK' as const,
    description: 'Fædrelandsvennen Digital desember',
    merchant: 'Fædrelandsvennen',
    idempotencyKey: key,
    due,
    retryDays: 2,
  });

  it('a renewal made on its due day is due the next day (the one-day lead time), taken when Vipps gets to it', async () => {
    const mandate = await activeAgreement();
    const key = `charge-${orderId()}`;
    const charge = await vipps.chargeRecurring(renewal(mandate, key));
    expect(charge.status).toBe('CREATED');
    const sent = callsTo(/^POST \/recurring\/v3\/agreements\/[^/]+\/charges$/).at(-1)!;
    expect(sent.body).toMatchObject({
      due: '2026-12-05',
      retryDays: 2,
      transactionType: 'DIRECT_CAPTURE',
      amount: 27900,
    });
    // The same key again is the same charge (no second one).
    expect((await vipps.chargeRecurring(renewal(mandate, key))).paymentId).toBe(charge.paymentId);
    fake.today = '2026-12-05';
    fake.processCharges();
    expect(await vipps.getPayment(charge.paymentId)).toMatchObject({
      status: 'CAPTURED',
      reference: key,
    });
  });

  it('a charge that fails through its retry days is declined with why; a stopped agreement cannot be charged', async () => {
    const mandate = await activeAgreement();
    const charge = await vipps.chargeRecurring(renewal(mandate, `charge-${orderId()}`));
    fake.today = '2026-12-05';
    fake.processCharges('user_action_required');
    expect((await vipps.getPayment(charge.paymentId)).status).toBe('CREATED'); // DUE, retried
    fake.today = '2026-12-07';
    fake.processCharges('user_action_required');
    expect(await vipps.getPayment(charge.paymentId)).toMatchObject({
      status: 'DECLINED',
      failure: 'USER_ACTION_REQUIRED',
    });
    fake.stopAgreement(mandate.id); // the reader stopped it in the app
    expect((await vipps.getMandate(mandate)).status).toBe('STOPPED');
    const refused = await vipps.chargeRecurring(
      renewal(mandate, `charge-${orderId()}`, '2026-12-09'),
    );
    expect(refused).toMatchObject({ status: 'DECLINED', failure: 'MANDATE_INACTIVE' });
  });

  it('stops a mandate once, and stopping it again changes nothing', async () => {
    const mandate = await activeAgreement();
    await vipps.stopMandate(mandate);
    await vipps.stopMandate(mandate);
    expect(fake.agreements.get(mandate.id)!.status).toBe('STOPPED');
    const patches = callsTo(/^PATCH \/recurring\/v3\/agreements\//).filter((c) =>
      c.path.endsWith(mandate.id),
    );
    expect(patches[0]!.body).toEqual({ status: 'STOPPED' });
  });
});

describe('Vipps webhooks', () => {
  // The worked example of Vipps' request-authentication guide.
  const example = {
    secret: VIPPS_CREDENTIALS.webhookSecret,
    pathAndQuery: '/e2cee29b-012e-4f1d-8ef4-e95fd74a7a63',
    host: 'webhook.site',
    rawBody: '{"some-unique-content":"ee6e441b-cc4a-46f8-895d-a5af79bcc233/hello-world"}',
    date: 'Thu, 30 Mar 2023 08:38:32 GMT',
    contentSha256: 'lNlsp1XA03N34HrQsVzPgJKtC+r7l/RBF4V3JQUWMj4=',
    authorization:
      'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=agAiSyogQbDHpeucoNwYz+yAr5nJ+v+zasdkSbqzv+U=',
  };
  const at = new Date('2023-03-30T08:39:00Z');

  it("verifies Vipps' own example, and refuses a changed body, another secret, or a stale date", () => {
    expect(
      vippsWebhookAuthorization(
        example.secret,
        example.pathAndQuery,
        example.date,
        example.host,
        example.contentSha256,
      ),
    ).toBe(example.authorization);
    expect(verifyVippsWebhook(example.secret, example, at)).toEqual({ valid: true });
    expect(
      verifyVippsWebhook(example.secret, { ...example, rawBody: `${example.rawBody} ` }, at),
    ).toEqual({ valid: false, reason: 'content' });
    expect(verifyVippsWebhook('another-secret', example, at)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(verifyVippsWebhook(example.secret, { ...example, host: 'evil.example' }, at)).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(verifyVippsWebhook(example.secret, example, new Date('2023-03-30T09:00:00Z'))).toEqual({
      valid: false,
      reason: 'expired',
    });
    expect(
      verifyVippsWebhook(example.secret, { ...example, authorization: undefined }, at),
    ).toEqual({
      valid: false,
      reason: 'malformed',
    });
  });

  it('reads what an event names, and nothing it does not', () => {
    expect(
      vippsEventTarget({
        msn: '123456',
        reference: 'ord-abc12345',
        name: 'AUTHORIZED',
        success: true,
      }),
    ).toEqual({
      kind: 'payment',
      paymentId: 'vipps:ep:ord-abc12345',
    });
    expect(
      vippsEventTarget({ eventType: 'recurring.agreement-stopped.v1', agreementId: 'agr_5kSeqz' }),
    ).toEqual({
      kind: 'agreement',
      agreementId: 'agr_5kSeqz',
    });
    expect(
      vippsEventTarget({
        eventType: 'recurring.charge-failed.v1',
        agreementId: 'agr_5kSeqz',
        chargeId: 'chr-1',
      }),
    ).toEqual({ kind: 'charge', agreementId: 'agr_5kSeqz', chargeId: 'chr-1' });
    expect(
      vippsEventTarget({ eventType: 'recurring.agreement-stopped.v1', agreementId: '../x' }),
    ).toBeNull();
    expect(vippsEventTarget('nothing')).toBeNull();
  });
});
