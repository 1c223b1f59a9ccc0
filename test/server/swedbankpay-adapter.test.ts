// The Swedbank Pay card adapter against a local fake of Payment Order v3.1
// (fakes/swedbankpay.ts): a purchase is Paid only when the order says so (the completeUrl
// proves nothing), authorised then captured; a payeeReference per operation within 30 letters
// and digits; renewals as unscheduled purchases with the token (captured at once, or declined
// with why: an expired card, no funds, a deleted token); a card registered by Verify; errors,
// 5xx and timeouts; the callback read for its order id only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';

import { fixedClock } from '../../src/server/clock';
import type { Mandate, RecurringTerms } from '../../src/server/payments/port';
import {
  payeeReference,
  swedbankPayCallbackTarget,
  SwedbankPayProvider,
} from '../../src/server/payments/swedbankpay';

import type { FakeRequest } from './fakes/http-fake';
import { SWEDBANK_CREDENTIALS, SwedbankPayFake } from './fakes/swedbankpay';

const fake = new SwedbankPayFake();
const clock = fixedClock('2026-12-04T10:00:00Z');
let card: SwedbankPayProvider;

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  card = new SwedbankPayProvider(
    {
      baseUrl: fake.url,
      ...SWEDBANK_CREDENTIALS,
      callbackUrl: 'https://minside.fvn.no/api/payments/swedbankpay/callback',
    },
    { clock, http: { timeoutMs: 300, backoffMs: 5, sleep: async () => {} } },
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
const purchase = (reference: string, recurring: RecurringTerms | null = null) => ({
  reference,
  method: 'SWEDBANK-PPG' as const,
  amountOre: 27900,
  currency: 'NOK' as const,
  description: 'Digital, 1 måned',
  merchant: 'Fædrelandsvennen',
  returnUrl: `https://minside.fvn.no/bestilling-fullfort?ordre=${reference}`,
  cancelUrl: `https://minside.fvn.no/avbryt-bestilling?ordre=${reference}`,
  idempotencyKey: reference,
  recurring,
});
interface PaymentOrderBody {
  readonly [field: string]: unknown;
  readonly operation: string;
  readonly payeeInfo: { readonly payeeReference: string; readonly orderReference: string };
}
const paymentOrderOf = (request: FakeRequest) =>
  (request.body as { paymentorder: PaymentOrderBody }).paymentorder;
const created = (pattern: RegExp) =>
  fake.calls.filter((c) => c.method === 'POST' && pattern.test(c.path));

describe('Swedbank Pay card payments', () => {
  it('a purchase is Paid only when the order says so; authorised, then captured once', async () => {
    const reference = orderId();
    const payment = await card.createHostedPayment(purchase(reference));
    expect(payment).toMatchObject({ status: 'CREATED', reference, amountOre: 27900 });
    expect(payment.redirectUrl).toMatch(/^https:\/\/ecom\./);
    const sent = created(/^\/psp\/paymentorders$/).at(-1)!;
    expect(sent.headers['content-type']).toMatch(/version=3\.1/);
    const payee = paymentOrderOf(sent).payeeInfo;
    expect(payee.payeeReference).toMatch(/^[A-Za-z0-9]{1,30}$/);
    expect(payee.orderReference).toBe(reference);
    // The reader lands on the completeUrl without paying: still nothing.
    expect((await card.getPayment(payment.paymentId)).status).toBe('CREATED');
    fake.pay(payment.paymentId);
    const paid = await card.getPayment(payment.paymentId);
    expect(paid).toMatchObject({
      status: 'AUTHORIZED',
      card: { maskedNumber: '522661******3406', expiry: '12/33' },
      mandate: null,
    });
    // Paid before the cancel: it stands.
    expect((await card.cancelPayment(payment.paymentId)).status).toBe('AUTHORIZED');
    expect(
      (await card.capturePayment(payment.paymentId, 27900, `capture-${reference}`)).status,
    ).toBe('CAPTURED');
    // Captured already: a retry does nothing (and no payeeReference is used twice).
    expect(
      (await card.capturePayment(payment.paymentId, 27900, `capture-${reference}`)).status,
    ).toBe('CAPTURED');
    await card.refundPayment(payment.paymentId, 10000, `refund-${reference}`);
    const order = fake.orders.get(payment.paymentId.split('/').pop()!)!;
    expect(order).toMatchObject({ captured: 27900, reversed: 10000 });
  });

  it('cancels (aborts) one not paid; releases one only authorised instead of reversing', async () => {
    const first = await card.createHostedPayment(purchase(orderId()));
    expect((await card.cancelPayment(first.paymentId)).status).toBe('CANCELLED');
    const second = await card.createHostedPayment(purchase(orderId()));
    fake.pay(second.paymentId);
    await card.refundPayment(second.paymentId, 27900, 'refund-second');
    expect((await card.getPayment(second.paymentId)).status).toBe('CANCELLED');
    const third = await card.createHostedPayment(purchase(orderId()));
    fake.abortByPayer(third.paymentId);
    expect((await card.getPayment(third.paymentId)).status).toBe('CANCELLED');
  });

  it('retries 5xx and a timeout with the same payeeReference, so one order is made', async () => {
    const reference = orderId();
    fake.inject(/^POST \/psp\/paymentorders$/, { status: 502 }, { hang: true });
    const payment = await card.createHostedPayment(purchase(reference));
    const tries = created(/^\/psp\/paymentorders$/).filter(
      (c) => paymentOrderOf(c).payeeInfo.orderReference === reference,
    );
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((c) => paymentOrderOf(c).payeeInfo.payeeReference)).size).toBe(1);
    expect(payment.status).toBe('CREATED');
  });

  it('keeps payeeReference within 30 letters and digits, one per operation', () => {
    expect(payeeReference('ord_3f9a1c2b7d4e5f60')).toMatch(/^[a-f0-9]{30}$/);
    expect(payeeReference('ABC123')).toBe('ABC123');
    expect(payeeReference('capture-ord_1')).not.toBe(payeeReference('refund-ord_1'));
  });
});

describe('Swedbank Pay renewals', () => {
  async function storedCard(): Promise<Mandate> {
    const reference = orderId();
    const payment = await card.createHostedPayment(purchase(reference, terms));
    expect(paymentOrderOf(created(/^\/psp\/paymentorders$/).at(-1)!)).toMatchObject({
      generateUnscheduledToken: true,
      payer: { payerReference: expect.stringMatching(/^p[0-9a-f]{29}$/) },
    });
    fake.pay(payment.paymentId);
    const paid = await card.getPayment(payment.paymentId);
    expect(paid.mandate).not.toBeNull();
    return paid.mandate!;
  }

  const renewal = (mandate: Mandate, key = `charge-${orderId()}`) => ({
    reference: key,
    mandate,
    amountOre: 27900,
    currency: 'NOK' as const,
    description: 'Fædrelandsvennen Digital desember',
    merchant: 'Fædrelandsvennen',
    idempotencyKey: key,
    due: '2026-12-04',
    retryDays: 0,
  });

  it('charges the stored card at once and captures it', async () => {
    const mandate = await storedCard();
    const charge = await card.chargeRecurring(renewal(mandate));
    expect(charge).toMatchObject({ status: 'CAPTURED', amountOre: 27900 });
    const sent = created(/^\/psp\/paymentorders$/).at(-1)!;
    expect(paymentOrderOf(sent)).toMatchObject({
      operation: 'UnscheduledPurchase',
      unscheduledToken: mandate.id.split('.')[1],
    });
  });

  it('an expired card, no funds, and a deleted card are declined with why', async () => {
    const mandate = await storedCard();
    const token = fake.tokens.get(mandate.id.split('.')[1]!)!;
    token.declinesWith = 'acquirercardexpired';
    expect(await card.chargeRecurring(renewal(mandate))).toMatchObject({
      status: 'DECLINED',
      failure: 'MANDATE_INACTIVE',
    });
    token.declinesWith = 'acquirerinsufficientfunds';
    expect(await card.chargeRecurring(renewal(mandate))).toMatchObject({
      status: 'DECLINED',
      failure: 'USER_ACTION_REQUIRED',
    });
    token.declinesWith = null;
    await card.stopMandate(mandate);
    await card.stopMandate(mandate); // deleted already: nothing to do
    expect((await card.getMandate(mandate)).status).toBe('STOPPED');
    expect(await card.chargeRecurring(renewal(mandate))).toMatchObject({
      status: 'DECLINED',
      failure: 'MANDATE_INACTIVE',
    });
  });

  it('a card registered alone (Verify) is active once paid, with its token and card; its expiry is read', async () => {
    const agreement = await card.createAgreement({
      reference: orderId(),
      method: 'SWEDBANK-PPG',
      merchant: 'Fædrelandsvennen',
      description: 'Nytt kort',
      returnUrl: 'https://minside.fvn.no/betalingsmetode-endret',
      idempotencyKey: `agreement-${orderId()}`,
      terms,
    });
    expect(agreement.status).toBe('PENDING');
    expect(paymentOrderOf(created(/^\/psp\/paymentorders$/).at(-1)!).operation).toBe('Verify');
    fake.pay(agreement.agreementId);
    const active = await card.getAgreement(agreement.agreementId);
    expect(active).toMatchObject({ status: 'ACTIVE', card: { maskedNumber: '522661******3406' } });
    expect(await card.getMandate(active.mandate!)).toMatchObject({ status: 'ACTIVE' });
    clock.set('2034-01-01T10:00:00Z');
    try {
      expect((await card.getMandate(active.mandate!)).status).toBe('EXPIRED');
    } finally {
      clock.set('2026-12-04T10:00:00Z');
    }
  });

  it('reads a callback for its payment order id only', () => {
    expect(
      swedbankPayCallbackTarget({
        orderReference: 'ord_1',
        paymentOrder: {
          id: '/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce',
          instrument: 'CreditCard',
          number: 1,
        },
      }),
    ).toBe('swedbankpay:/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce');
    expect(
      swedbankPayCallbackTarget({ paymentOrder: { id: 'https://evil.example/x' } }),
    ).toBeNull();
    expect(swedbankPayCallbackTarget(null)).toBeNull();
  });
});
