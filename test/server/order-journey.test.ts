// journey defects of ordering and paying: what an upgrade gives (the catalogue's
// features per period, the quote's added features); a one-off payment never replaces the card
// renewals are charged to unless the reader chooses it; a discount code's quote says what offer it
// replaced and when the full price comes; every order has a short reference the customer centre
// finds it by; a paid invoice says how it was actually paid.
import { describe, expect, it } from '@jest/globals';

import { findOrderByReference } from '../../src/server/domain/orders/orderStore';

import {
  digitalMonthly,
  expectProblem,
  newReader,
  onPaymentPage as onSandboxPage,
} from './order-support';
import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

let keySeq = 0;
const newKey = () => `journey-key-${Date.now()}-${(keySeq += 1)}-abcdef`;

const t = buildTestApp();

const quote = (s: TestSession, payload: object) =>
  s.request({ method: 'POST', url: '/api/orders/quote', payload });
const order = (s: TestSession, payload: object, key = newKey()) =>
  s.request({ method: 'POST', url: '/api/orders', payload, headers: { 'idempotency-key': key } });
const complete = (s: TestSession, orderId: string) =>
  s.request({ method: 'POST', url: `/api/orders/${orderId}/complete` });
const subscriptionOf = async (s: TestSession, accountNo: string) =>
  (await s.request({ method: 'GET', url: `/api/subscription/${accountNo}/FVN` })).json()
    .subscription;

/** Orders, pays on the sandbox's page and completes: the completed order. */
async function orderAndPay(s: TestSession, payload: object) {
  const placed = await order(s, payload);
  expect(placed.statusCode).toBe(201);
  await onSandboxPage(t, placed.json().redirectUrl, 'approve');
  const done = (await complete(s, placed.json().orderId)).json();
  expect(done.status).toBe('COMPLETED');
  return done;
}

/** An upgrade of the reader's FVN subscription to the premium month. */
async function premiumUpgrade(email: string) {
  const s = await sessionFor(t, email);
  const accountNo = await demoAccountNo(t.db, email);
  const before = await subscriptionOf(s, accountNo);
  const intent = {
    kind: 'upgrade',
    titleCode: 'FVN',
    ariaPlanID: 'C-DIGITAL-PREMIUM',
    period: 'Månedlig Premium',
    subscriptionNo: before.subscriptionNo,
  };
  return { s, accountNo, before, intent };
}

describe('what an upgrade gives', () => {
  it('lists what each period of a product includes in the catalogue', async () => {
    const catalogue = (await t.app.inject({ method: 'GET', url: '/api/catalogue/FVN' })).json();
    const premium = catalogue.products.find(
      (p: { ariaPlanID: string }) => p.ariaPlanID === 'C-DIGITAL-PREMIUM',
    );
    expect(premium.features).toEqual(['content', 'family-share']);
    const option = (period: string) =>
      premium.options.find((o: { period: string }) => o.period === period);
    expect(option('Månedlig').features).toEqual(['content', 'family-share']);
    expect(option('Månedlig Premium').features).toEqual([
      'content',
      'family-share',
      'e-paper',
      'partner-content',
    ]);
  });

  it('quotes an upgrade with what it includes that the current plan does not', async () => {
    const { s, intent, before } = await premiumUpgrade('digital@demo.minside.no');
    expect(before.features).toEqual(['content', 'family-share']);
    const priced = (await quote(s, intent)).json();
    expect(priced).toMatchObject({
      features: ['content', 'family-share', 'e-paper', 'partner-content'],
      addedFeatures: ['e-paper', 'partner-content'],
      // The difference now; the full premium price from the next renewal.
      firstFullCharge: { date: before.renewalDate, amount: 37900 },
      waivedOffer: null,
    });
  });
});

describe('a one-off payment and the payment method renewals use', () => {
  it('keeps the card renewals are charged to (****4242) when an upgrade is paid by another card', async () => {
    const { s, accountNo, before, intent } = await premiumUpgrade('digital@demo.minside.no');
    expect(before.paymentMethod).toMatchObject({
      provider: 'SWEDBANK-PPG',
      maskedCardNumber: '•••• •••• •••• 4242',
    });
    // The sandbox charges its own test card, ****0004; nothing is ticked.
    const done = await orderAndPay(s, { ...intent, paymentProvider: 'SWEDBANK-PPG' });
    expect(done.kind).toBe('upgrade');
    const after = await subscriptionOf(s, accountNo);
    expect(after.period).toBe('Månedlig Premium');
    expect(after.paymentMethod).toEqual(before.paymentMethod);
  });

  it('uses the new card for renewals when the reader ticks "use this card for future charges"', async () => {
    const { s, accountNo, before, intent } = await premiumUpgrade('planendring@demo.minside.no');
    expect(before.paymentMethod.maskedCardNumber).toBe('•••• •••• •••• 4242');
    await orderAndPay(s, {
      ...intent,
      paymentProvider: 'SWEDBANK-PPG',
      useForFutureCharges: true,
    });
    expect((await subscriptionOf(s, accountNo)).paymentMethod).toMatchObject({
      provider: 'SWEDBANK-PPG',
      maskedCardNumber: '************0004',
    });
  });

  it('makes the paid card the renewal method when the stored one cannot be charged (Vipps stopped)', async () => {
    const email = 'avsluttet@demo.minside.no';
    const s = await sessionFor(t, email);
    const accountNo = await demoAccountNo(t.db, email);
    const before = await subscriptionOf(s, accountNo);
    // Ended after the reader stopped the Vipps agreement in the app.
    await t.db.query(
      `update subscriptions set payment_provider = 'VIPPS', masked_card_number = null,
              card_expiry = null, payment_notice = 'VIPPS_AGREEMENT_STOPPED'
        where subscription_no = $1`,
      [before.subscriptionNo],
    );
    await orderAndPay(s, {
      kind: 'reactivation',
      titleCode: 'FVN',
      ariaPlanID: before.ariaPlanID,
      period: before.period,
      subscriptionNo: before.subscriptionNo,
      paymentProvider: 'SWEDBANK-PPG',
    });
    const after = await subscriptionOf(s, accountNo);
    expect(after.paymentMethod).toMatchObject({
      provider: 'SWEDBANK-PPG',
      maskedCardNumber: '************0004',
    });
    expect(after.paymentNotice ?? null).toBeNull();
  });

  it('takes the choice as part of the order: the same key with another choice is another body', async () => {
    const { s } = await newReader(t);
    const key = newKey();
    const body = { ...digitalMonthly, paymentProvider: 'VIPPS' };
    expect((await order(s, body, key)).statusCode).toBe(201);
    // Not ticking and leaving it out are the same order.
    expect((await order(s, { ...body, useForFutureCharges: false }, key)).statusCode).toBe(200);
    expectProblem(
      await order(s, { ...body, useForFutureCharges: true }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});

describe('a discount code instead of the first month for 1 kr', () => {
  it('says which offer the code replaced and when each would reach the full price', async () => {
    const { s } = await newReader(t);
    const withCode = (await quote(s, { ...digitalMonthly, discountCode: 'HALVPRIS' })).json();
    expect(withCode).toMatchObject({
      amount: 13950,
      offer: null,
      discount: { discountCode: 'HALVPRIS', periods: 3 },
      // Half price on 10 March, 10 April and 10 May; the full price on 10 June.
      firstFullCharge: { date: '2026-06-10', amount: 27900 },
      waivedOffer: {
        offer: 'FIRST_MONTH_1KR',
        amount: 100,
        renewalPrice: 27900,
        firstFullCharge: { date: '2026-04-10', amount: 27900 },
      },
    });
    const without = (await quote(s, digitalMonthly)).json();
    expect(without).toMatchObject({
      amount: 100,
      offer: 'FIRST_MONTH_1KR',
      firstFullCharge: { date: '2026-04-10', amount: 27900 },
      waivedOffer: null,
    });
  });

  it('gives up no offer where there was none, and a full price now is the first full charge', async () => {
    const { s } = await newReader(t);
    const yearlyWithCode = (
      await quote(s, { ...digitalMonthly, period: 'Årlig', discountCode: 'VELKOMMEN100' })
    ).json();
    expect(yearlyWithCode).toMatchObject({
      amount: 289000,
      waivedOffer: null,
      firstFullCharge: { date: '2027-03-10', amount: 299000 },
    });
    const yearly = (await quote(s, { ...digitalMonthly, period: 'Årlig' })).json();
    expect(yearly.firstFullCharge).toEqual({ date: '2026-03-10', amount: 299000 });
  });
});

describe('the order reference', () => {
  it('gives every order a short reference the customer centre finds it by', async () => {
    const { s } = await newReader(t);
    const first = (await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })).json();
    const { s: other } = await newReader(t);
    const second = (await order(other, { ...digitalMonthly, paymentProvider: 'VIPPS' })).json();
    for (const placed of [first, second])
      expect(placed.reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(first.reference).not.toBe(second.reference);
    // The same order answers the same reference every time.
    const read = await s.request({ method: 'GET', url: `/api/orders/${first.orderId}` });
    expect(read.json().reference).toBe(first.reference);

    const found = await findOrderByReference(t.db, first.reference);
    expect(found).toMatchObject({ orderId: first.orderId, reference: first.reference });
    // Read out over the phone: any case, with a hyphen, O for 0 and so on.
    const spoken = `${first.reference.slice(0, 4)}-${first.reference.slice(4)}`.toLowerCase();
    expect((await findOrderByReference(t.db, spoken))?.orderId).toBe(first.orderId);
    // One character wrong is no order at all, never someone else's.
    const typo = `${first.reference.slice(0, 7)}${first.reference[7] === '0' ? '1' : '0'}`;
    expect(await findOrderByReference(t.db, typo)).toBeNull();
  });
});

describe('how a paid invoice was paid', () => {
  it('says card (with its number), not the AvtaleGiro of the subscription, for a giro invoice paid by card', async () => {
    const email = 'papir@demo.minside.no';
    const s = await sessionFor(t, email);
    const accountNo = await demoAccountNo(t.db, email);
    const list = async () =>
      (await s.request({ method: 'GET', url: `/api/invoices/${accountNo}/FVN` })).json()
        .invoices as { ariaInvoiceNo: string; status: string; paymentProvider: string }[];
    const unpaid = (await list()).find((i) => i.status === 'UNPAID')!;
    expect(unpaid).toMatchObject({ paymentProvider: 'AVTALEGIRO', paidWith: null });

    const paying = await s.request({
      method: 'POST',
      url: `/api/invoice/${unpaid.ariaInvoiceNo}/pay`,
      headers: { 'idempotency-key': newKey() },
      payload: { paymentProvider: 'SWEDBANK-PPG' },
    });
    expect(paying.statusCode).toBe(201);
    await onSandboxPage(t, paying.json().redirectUrl, 'approve');
    expect((await complete(s, paying.json().orderId)).json().status).toBe('COMPLETED');

    const expected = {
      ariaInvoiceNo: unpaid.ariaInvoiceNo,
      status: 'PAID',
      paymentProvider: 'SWEDBANK-PPG',
      paidWith: { provider: 'SWEDBANK-PPG', maskedCardNumber: '************0004' },
    };
    expect((await list()).find((i) => i.ariaInvoiceNo === unpaid.ariaInvoiceNo)).toMatchObject(
      expected,
    );
    const one = await s.request({ method: 'GET', url: `/api/invoice/${unpaid.ariaInvoiceNo}` });
    expect(one.json()).toMatchObject(expected);
    // The invoice was paid by card once; the subscription is still paid by AvtaleGiro.
    expect((await subscriptionOf(s, accountNo)).paymentMethod.provider).toBe('AVTALEGIRO');
  });
});
