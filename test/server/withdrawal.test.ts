// The right of withdrawal (angrerett): GET and POST /api/subscription/{no}/withdrawal.
// The rule (14 days from the day after the online purchase was completed, to the end of the day
// in Oslo time; a paid reactivation starts a right of its own), the refund (every paid order
// since the purchase — it and the upgrades — each less the whole days used of its own period,
// rounded down to whole øre: 1 kr month, full month, yearly, an upgrade), the amount the reader
// confirmed (409 WITHDRAWAL_AMOUNT_CHANGED after Oslo midnight), the subscription ended at once
// with its audit event, one refund per payment through the provider with its own key and one
// receipt e-mail — also when two requests arrive at once —, refunds the provider did not take
// retried with backoff and handed to customer service when refused or after the last attempt,
// the background work sending them whatever else fails, only documented problem codes, another
// user's subscription not found, and CSRF. Runs on PGlite, and on PostgreSQL when DATABASE_URL
// is set.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeEach, describe, expect, it } from '@jest/globals';

import type { Db, Queryable } from '../../src/server/db/db';
import { withdraw } from '../../src/server/domain/subscriptions/withdrawal';
import { retryPendingRefunds } from '../../src/server/domain/subscriptions/withdrawalRefunds';
import {
  REFUND_MAX_ATTEMPTS,
  lastDayOfRight,
  refundFor,
  refundRetryDelaySeconds,
} from '../../src/server/domain/subscriptions/withdrawalRules';
import { DomainError } from '../../src/server/errors';
import { startBackgroundWork } from '../../src/server/jobs/background';
import type { PaymentPort } from '../../src/server/payments/port';

import { digitalMonthly, expectProblem, newReader, onPaymentPage } from './order-support';
import { newIdentitySession, sessionFor, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo, TEST_NOW, usingPostgres } from './support';

const t = buildTestApp();
beforeEach(() => {
  t.clock.set(TEST_NOW);
});

let keys = 0;
const newKey = () => `withdrawal-key-${Date.now()}-${(keys += 1)}-abcdef`;

const withdrawalUrl = (subscriptionNo: string) => `/api/subscription/${subscriptionNo}/withdrawal`;
const getRight = (s: TestSession, subscriptionNo: string) =>
  s.request({ method: 'GET', url: withdrawalUrl(subscriptionNo) });
/** POST with the refund the reader confirms. */
const postWithdrawal = (s: TestSession, subscriptionNo: string, expectedRefund: number) =>
  s.request({ method: 'POST', url: withdrawalUrl(subscriptionNo), payload: { expectedRefund } });
/** What the screen does: read the right, then confirm the amount it shows. */
async function withdrawAsShown(s: TestSession, subscriptionNo: string) {
  const right = (await getRight(s, subscriptionNo)).json() as { refund: { amount: number } };
  return postWithdrawal(s, subscriptionNo, right.refund.amount);
}

type Provider = 'SWEDBANK-PPG' | 'VIPPS';

/** Places an order now (the clock's now), approves it on the sandbox's page and completes it. */
async function paidOrder(s: TestSession, payload: object, provider: Provider = 'SWEDBANK-PPG') {
  const placed = await s.request({
    method: 'POST',
    url: '/api/orders',
    payload: { ...payload, paymentProvider: provider },
    headers: { 'idempotency-key': newKey() },
  });
  expect(placed.statusCode).toBe(201);
  const order = placed.json() as { orderId: string; redirectUrl: string; amount: number };
  await onPaymentPage(t, order.redirectUrl, 'approve');
  const completed = await s.request({
    method: 'POST',
    url: `/api/orders/${order.orderId}/complete`,
  });
  expect(completed.json()).toMatchObject({ status: 'COMPLETED' });
  return { orderId: order.orderId, amount: order.amount, order: completed.json() };
}

/** A new reader who buys `payload` by card now (the clock's now) and completes the order. */
async function buyer(
  payload: object = digitalMonthly,
  birthDate = '1990-01-15',
): Promise<{ s: TestSession; accountNo: string; subscriptionNo: string; amount: number }> {
  const { s, accountNo } = await newReader(t, birthDate);
  const { amount, order } = await paidOrder(s, payload);
  return { s, accountNo, subscriptionNo: order.subscriptionNo as string, amount };
}

/** A fresh session of the same reader (after the clock moved on, the old one has expired). */
const again = (s: TestSession) => newIdentitySession(t, s.spidId);

async function subscriptionOf(subscriptionNo: string) {
  const [row] = await t.db.query<{
    status_code: number;
    renewal_date: string | null;
    expiry_date: string | null;
  }>(
    'select status_code, renewal_date, expiry_date from subscriptions where subscription_no = $1',
    [subscriptionNo],
  );
  return row!;
}

/** Each paid order of the subscription at the sandbox: paid, refunded, and the refunds' keys. */
async function paymentsOf(subscriptionNo: string) {
  const rows = await t.db.query<{
    kind: string;
    payment_id: string;
    amount_ore: number | string;
    refunded_ore: number | string;
    keys: string[] | null;
  }>(
    `select o.kind, p.payment_id, p.amount_ore, p.refunded_ore,
            (select array_agg(r.idempotency_key order by r.created_at) from sandbox_refunds r
              where r.payment_id = p.payment_id) as keys
       from orders o join sandbox_payments p on p.payment_id = o.payment_id
      where o.subscription_no = $1 and o.status = 'COMPLETED'
      order by o.completed_at, o.order_no`,
    [subscriptionNo],
  );
  return rows.map((r) => ({
    kind: r.kind,
    paymentId: r.payment_id,
    paid: Number(r.amount_ore),
    refunded: Number(r.refunded_ore),
    keys: r.keys ?? [],
  }));
}

/** The `new` order's payment: paid, refunded, how many refunds. */
async function moneyOf(subscriptionNo: string) {
  const first = (await paymentsOf(subscriptionNo)).find((p) => p.kind === 'new')!;
  return { paid: first.paid, refunded: first.refunded, refunds: first.keys.length };
}

async function recordsOf(subscriptionNo: string) {
  const events = await t.db.query<{ kind: string; actor: string; from_status: number }>(
    `select kind, actor, from_status from subscription_events
      where subscription_no = $1 and kind = 'withdraw' order by id`,
    [subscriptionNo],
  );
  const withdrawals = await t.db.query<{
    id: number | string;
    amount_paid_ore: number | string;
    refund_ore: number | string;
  }>(
    'select id, amount_paid_ore, refund_ore from withdrawals where subscription_no = $1 order by id',
    [subscriptionNo],
  );
  const refunds = await t.db.query<{
    kind: string;
    status: string;
    refund_ore: number | string;
    attempts: number;
  }>(
    `select o.kind, r.status, r.refund_ore, r.attempts
       from withdrawal_refunds r join orders o on o.order_id = r.order_id
      where o.subscription_no = $1 order by r.id`,
    [subscriptionNo],
  );
  const charges = await t.db.query<{ kind: string; refunded_ore: number | string }>(
    `select o.kind, b.refunded_ore from billing_effects b join orders o on o.order_id = b.order_id
      where o.subscription_no = $1 order by o.completed_at, o.order_no`,
    [subscriptionNo],
  );
  return {
    events,
    withdrawals: withdrawals.map((w) => ({
      id: String(w.id),
      paid: Number(w.amount_paid_ore),
      refund: Number(w.refund_ore),
    })),
    refunds: refunds.map((r) => ({
      kind: r.kind,
      status: r.status,
      refund: Number(r.refund_ore),
      attempts: Number(r.attempts),
    })),
    chargesRefunded: charges.map((c) => Number(c.refunded_ore)),
  };
}

/** The withdrawal receipts to `recipient` (the purchase had its own receipt before). */
async function receiptMails(recipient: string) {
  return t.db.query<{ body: string }>(
    `select body from outbox where channel = 'email' and recipient = $1
        and body like 'Kvittering: Du har brukt angreretten%' order by id`,
    [recipient],
  );
}

/** The sandbox, with refunds answered by `refund` instead (a provider that fails). */
function providerWith(refund: PaymentPort['refundPayment']): PaymentPort {
  const sandbox = t.app.services.payments;
  return {
    createHostedPayment: (r) => sandbox.createHostedPayment(r),
    getPayment: (id) => sandbox.getPayment(id),
    cancelPayment: (id) => sandbox.cancelPayment(id),
    capturePayment: (id, amount, key) => sandbox.capturePayment(id, amount, key),
    refundPayment: refund,
    chargeRecurring: (r) => sandbox.chargeRecurring(r),
    createAgreement: (r) => sandbox.createAgreement(r),
    getAgreement: (id) => sandbox.getAgreement(id),
    getMandate: (m) => sandbox.getMandate(m),
    stopMandate: (m) => sandbox.stopMandate(m),
  };
}

function logCapture() {
  const errors: { obj: object; msg: string }[] = [];
  const warnings: { obj: object; msg: string }[] = [];
  return {
    errors,
    warnings,
    log: {
      error: (obj: object, msg: string) => errors.push({ obj, msg }),
      warn: (obj: object, msg: string) => warnings.push({ obj, msg }),
    },
  };
}

/** Withdraws through the domain (as the handler does) with the given provider. */
async function withdrawWith(
  payments: PaymentPort,
  reader: { s: TestSession; accountNo: string; subscriptionNo: string },
  log = logCapture().log,
) {
  const right = (await getRight(await again(reader.s), reader.subscriptionNo)).json();
  return withdraw(
    { db: t.db, clock: t.clock, payments, log },
    { ariaAccountNo: reader.accountNo, identity: { email: `${reader.s.spidId}@demo.minside.no` } },
    reader.subscriptionNo,
    right.refund.amount as number,
  );
}

async function refundRow(subscriptionNo: string) {
  const [row] = await t.db.query<{
    status: string;
    attempts: number;
    next_attempt_at: Date | string | null;
    last_error: string | null;
  }>(
    `select r.status, r.attempts, r.next_attempt_at, r.last_error
       from withdrawal_refunds r join orders o on o.order_id = r.order_id
      where o.subscription_no = $1 and o.kind = 'new'`,
    [subscriptionNo],
  );
  return {
    ...row!,
    next_attempt_at: row!.next_attempt_at && new Date(row!.next_attempt_at).toISOString(),
  };
}

const later = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();

describe('the rule: the last day of the right, in Oslo time', () => {
  it('is the 14th day counted from the day after completion, whatever the hour that day', () => {
    expect(lastDayOfRight(new Date('2026-03-10T00:00:00+01:00'))).toBe('2026-03-24');
    expect(lastDayOfRight(new Date('2026-03-10T23:59:59+01:00'))).toBe('2026-03-24');
    // 23:30 UTC on 10 March is 00:30 on 11 March in Oslo: the Oslo day counts, not UTC's.
    expect(lastDayOfRight(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-25');
    // Across the change to summer time (29 March).
    expect(lastDayOfRight(new Date('2026-03-20T12:00:00+01:00'))).toBe('2026-04-03');
  });
});

describe('the refund: the amount paid less the whole days used, rounded down to whole øre', () => {
  it('gives back all of a 1 kr month on the day of purchase, and what is left of it later', () => {
    expect(refundFor(100, '2026-03-10', '2026-04-09', '2026-03-10')).toEqual({
      daysUsed: 0,
      periodDays: 31,
      valueUsedOre: 0,
      refundOre: 100,
    });
    // 14 of 31 days used: 45.16 øre, rounded down to 45 in the reader's favour.
    expect(refundFor(100, '2026-03-10', '2026-04-09', '2026-03-24')).toEqual({
      daysUsed: 14,
      periodDays: 31,
      valueUsedOre: 45,
      refundOre: 55,
    });
  });

  it('prorates a full month and a year by days', () => {
    expect(refundFor(37900, '2026-03-10', '2026-04-09', '2026-03-17')).toMatchObject({
      daysUsed: 7,
      valueUsedOre: 8558, // 8558.06
      refundOre: 29342,
    });
    expect(refundFor(299000, '2026-03-10', '2027-03-09', '2026-03-24')).toMatchObject({
      daysUsed: 14,
      periodDays: 365,
      valueUsedOre: 11468, // 11468.49
      refundOre: 287532,
    });
  });

  it('never gives back more than was paid, nor less than nothing', () => {
    expect(refundFor(100, '2026-03-10', '2026-04-09', '2026-03-01').refundOre).toBe(100);
    expect(refundFor(100, '2026-03-10', '2026-04-09', '2026-05-01').refundOre).toBe(0);
    expect(refundFor(0, '2026-03-10', '2026-04-09', '2026-03-12').refundOre).toBe(0);
  });

  it('waits a minute after the first failed attempt, doubling up to six hours', () => {
    expect([1, 2, 3, 9, 10, 20].map(refundRetryDelaySeconds)).toEqual([
      60, 120, 240, 15360, 21600, 21600,
    ]);
  });
});

describe(`withdrawing through the API on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('the demo reader nykjopt@ bought three days ago: the right applies, 91 øre of 1 kr back', async () => {
    const s = await sessionFor(t, 'nykjopt@demo.minside.no');
    const accountNo = await demoAccountNo(t.db, 'nykjopt@demo.minside.no');
    const [sub] = await t.db.query<{ subscription_no: string }>(
      'select subscription_no from subscriptions where aria_account_no = $1',
      [accountNo],
    );
    const response = await getRight(s, sub!.subscription_no);
    expect(response.statusCode).toBe(200);
    // Bought 7 March (TEST_NOW is 10 March): 3 whole days of 31 used, floor(300 / 31) = 9 øre.
    expect(response.json()).toEqual({
      subscriptionNo: sub!.subscription_no,
      status: 'AVAILABLE',
      applies: true,
      lastDay: '2026-03-21',
      purchasedAt: '2026-03-07T08:00:00.000Z',
      amountPaid: 100,
      refund: {
        amount: 91,
        amountPaid: 100,
        valueUsed: 9,
        parts: [
          {
            orderReference: expect.stringMatching(/^[0-9A-Z]{8}$/),
            kind: 'new',
            paidAt: '2026-03-07T08:00:00.000Z',
            amountPaid: 100,
            periodStart: '2026-03-07',
            periodEnd: '2026-04-06',
            periodDays: 31,
            daysUsed: 3,
            valueUsed: 9,
            amount: 91,
            refundTo: 'SWEDBANK-PPG',
          },
        ],
      },
      refundTo: 'SWEDBANK-PPG',
      receipt: null,
    });
  });

  it('ends the subscription at once, refunds once, records the event and e-mails a receipt', async () => {
    const { s, subscriptionNo, amount } = await buyer();
    expect(amount).toBe(100);
    t.clock.set('2026-03-17T12:00:00+01:00');
    const later = await again(s);
    const response = await postWithdrawal(later, subscriptionNo, 78);
    expect(response.statusCode).toBe(200);
    // 7 of 31 days used: floor(700 / 31) = 22 øre kept, 78 back.
    expect(response.json()).toEqual({
      reference: expect.stringMatching(/^ANGRE-\d+$/),
      subscriptionNo,
      titleCode: 'FVN',
      planName: 'Premium digital',
      endedAt: '2026-03-17T11:00:00.000Z',
      amountPaid: 100,
      refundAmount: 78,
      refundTo: 'SWEDBANK-PPG',
      refundStatus: 'REFUNDED',
      receiptEmail: `${s.spidId}@demo.minside.no`,
      parts: [
        {
          orderReference: expect.stringMatching(/^[0-9A-Z]{8}$/),
          kind: 'new',
          paidAt: '2026-03-10T08:00:00.000Z',
          amountPaid: 100,
          periodDays: 31,
          daysUsed: 7,
          valueUsed: 22,
          refundAmount: 78,
          refundTo: 'SWEDBANK-PPG',
          refundStatus: 'REFUNDED',
        },
      ],
    });

    expect(await subscriptionOf(subscriptionNo)).toEqual({
      status_code: -2,
      renewal_date: null,
      expiry_date: '2026-03-17',
    });
    const accountNo = (await later.request({ method: 'GET', url: '/api/session' })).json().account
      .ariaAccountNo;
    const lookup = await later.request({
      method: 'GET',
      url: `/api/subscription/${accountNo}/FVN`,
    });
    expect(lookup.json()).toMatchObject({ hasSubscription: false });
    // The change history names it (for the outcome screens that read it).
    const changes = await later.request({
      method: 'GET',
      url: `/api/subscription/${accountNo}/FVN/changes`,
    });
    expect(changes.json().changes[0]).toMatchObject({ kind: 'withdrawn', actor: 'user' });

    expect(await moneyOf(subscriptionNo)).toEqual({ paid: 100, refunded: 78, refunds: 1 });
    const records = await recordsOf(subscriptionNo);
    expect(records.events).toEqual([{ kind: 'withdraw', actor: 'user', from_status: 1 }]);
    expect(records.refunds).toEqual([{ kind: 'new', status: 'REFUNDED', refund: 78, attempts: 1 }]);
    expect(records.chargesRefunded).toEqual([78]);

    const mails = await receiptMails(`${s.spidId}@demo.minside.no`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Kvittering: Du har brukt angreretten hos Fædrelandsvennen');
    expect(mails[0]!.body).toContain('Vi har avsluttet Premium digital hos Fædrelandsvennen');
    expect(mails[0]!.body).toContain(
      'Vi betaler tilbake kr 0,78 til betalingskortet du betalte med',
    );
    expect(mails[0]!.body).toContain(response.json().reference);

    // Afterwards: the right is used, the receipt is kept, and a second try is refused.
    const right = (await getRight(later, subscriptionNo)).json();
    expect(right).toMatchObject({
      status: 'WITHDRAWN',
      applies: false,
      refund: null,
      receipt: response.json(),
    });
    expectProblem(await postWithdrawal(later, subscriptionNo, 78), 409, 'ALREADY_WITHDRAWN');
    expect(await moneyOf(subscriptionNo)).toEqual({ paid: 100, refunded: 78, refunds: 1 });
    expect(await receiptMails(`${s.spidId}@demo.minside.no`)).toHaveLength(1);
  });

  it('gives back the whole 1 kr on the day of purchase', async () => {
    const { s, subscriptionNo } = await buyer();
    const response = await postWithdrawal(s, subscriptionNo, 100);
    expect(response.json()).toMatchObject({ amountPaid: 100, refundAmount: 100 });
    expect(await moneyOf(subscriptionNo)).toEqual({ paid: 100, refunded: 100, refunds: 1 });
  });

  it('prorates a full-price month and a yearly subscription', async () => {
    const month = await buyer({ ...digitalMonthly, period: 'Månedlig Premium' });
    const year = await buyer({ ...digitalMonthly, period: 'Årlig' });
    expect([month.amount, year.amount]).toEqual([37900, 299000]);

    t.clock.set('2026-03-17T10:00:00+01:00');
    const monthRight = (await getRight(await again(month.s), month.subscriptionNo)).json();
    expect(monthRight.refund).toMatchObject({ amount: 29342, amountPaid: 37900, valueUsed: 8558 });
    expect(monthRight.refund.parts).toEqual([
      expect.objectContaining({ amount: 29342, daysUsed: 7, periodDays: 31, valueUsed: 8558 }),
    ]);
    const monthReceipt = await postWithdrawal(await again(month.s), month.subscriptionNo, 29342);
    expect(monthReceipt.json()).toMatchObject({ refundAmount: 29342 });

    t.clock.set('2026-03-24T10:00:00+01:00');
    const yearReceipt = await postWithdrawal(await again(year.s), year.subscriptionNo, 287532);
    expect(yearReceipt.json()).toMatchObject({ amountPaid: 299000, refundAmount: 287532 });
    expect(await moneyOf(year.subscriptionNo)).toEqual({
      paid: 299000,
      refunded: 287532,
      refunds: 1,
    });
  });

  it('refunds the upgrade paid since the purchase too: each payment pro rata over its own period, once, with its own key', async () => {
    // Day 0: FVN digital for 1 kr by card (10 March–9 April, 31 days).
    t.clock.set('2026-03-10T12:00:00+01:00');
    const { s, subscriptionNo } = await buyer();
    // Day 2: upgrade to monthly premium with Vipps, paying the prorated difference for the 29
    // days left (12 March–9 April).
    t.clock.set('2026-03-12T12:00:00+01:00');
    const upgrade = await paidOrder(
      await again(s),
      {
        kind: 'upgrade',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig Premium',
        subscriptionNo,
      },
      'VIPPS',
    );
    expect(upgrade.amount).toBe(Math.round((10000 * 29) / 31)); // 9355

    // Day 4: 4 of the purchase's 31 days used, 2 of the upgrade's 29.
    t.clock.set('2026-03-14T12:00:00+01:00');
    const reader = await again(s);
    const right = (await getRight(reader, subscriptionNo)).json();
    // 100 − floor(400 / 31) = 88; 9355 − floor(18710 / 29) = 9355 − 645 = 8710.
    expect(right).toMatchObject({
      status: 'AVAILABLE',
      amountPaid: 9455,
      refund: { amount: 8798, amountPaid: 9455, valueUsed: 657 },
    });
    expect(right.refund.parts).toEqual([
      expect.objectContaining({
        kind: 'new',
        amountPaid: 100,
        periodStart: '2026-03-10',
        periodEnd: '2026-04-09',
        periodDays: 31,
        daysUsed: 4,
        valueUsed: 12,
        amount: 88,
        refundTo: 'SWEDBANK-PPG',
      }),
      expect.objectContaining({
        kind: 'upgrade',
        amountPaid: 9355,
        periodStart: '2026-03-12',
        periodEnd: '2026-04-09',
        periodDays: 29,
        daysUsed: 2,
        valueUsed: 645,
        amount: 8710,
        refundTo: 'VIPPS',
      }),
    ]);

    const response = await postWithdrawal(reader, subscriptionNo, 8798);
    expect(response.statusCode).toBe(200);
    const receipt = response.json();
    expect(receipt).toMatchObject({
      amountPaid: 9455,
      refundAmount: 8798,
      refundTo: 'SWEDBANK-PPG',
      refundStatus: 'REFUNDED',
    });
    expect(receipt.parts).toEqual([
      expect.objectContaining({ kind: 'new', amountPaid: 100, refundAmount: 88 }),
      expect.objectContaining({
        kind: 'upgrade',
        amountPaid: 9355,
        daysUsed: 2,
        periodDays: 29,
        valueUsed: 645,
        refundAmount: 8710,
        refundTo: 'VIPPS',
        refundStatus: 'REFUNDED',
      }),
    ]);

    // Each payment refunded once at the provider, with its own key, and on its own billing record.
    const records = await recordsOf(subscriptionNo);
    const id = records.withdrawals[0]!.id;
    const payments = await paymentsOf(subscriptionNo);
    expect(payments).toEqual([
      {
        kind: 'new',
        paymentId: expect.any(String),
        paid: 100,
        refunded: 88,
        keys: [`withdrawal:${id}:${payments[0]!.paymentId}`],
      },
      {
        kind: 'upgrade',
        paymentId: expect.any(String),
        paid: 9355,
        refunded: 8710,
        keys: [`withdrawal:${id}:${payments[1]!.paymentId}`],
      },
    ]);
    expect(records.withdrawals).toEqual([{ id, paid: 9455, refund: 8798 }]);
    expect(records.chargesRefunded).toEqual([88, 8710]);

    const [mail] = await receiptMails(`${s.spidId}@demo.minside.no`);
    expect(mail!.body).toContain('Vi betaler tilbake kr 87,98 i alt.');
    expect(mail!.body).toContain('Du betalte kr 94,55 i alt, i 2 betalinger:');
    expect(mail!.body).toContain(
      '- Kjøpet 10. mars 2026: du betalte kr 1,00. kr 0,12 går til 4 av 31 dager i perioden. Du får tilbake kr 0,88 til betalingskortet du betalte med.',
    );
    expect(mail!.body).toContain(
      '- Oppgraderingen 12. mars 2026: du betalte kr 93,55. kr 6,45 går til 2 av 29 dager i perioden. Du får tilbake kr 87,10 til Vipps.',
    );
    expect(mail!.body).not.toContain('Du betalte kr 1,00 og');

    // The kept receipt says the same.
    expect((await getRight(reader, subscriptionNo)).json().receipt).toEqual(receipt);
  });

  it('a paid reactivation starts a right of its own: withdrawn, reactivated online and withdrawn again, two requests at once give one', async () => {
    t.clock.set('2026-03-10T12:00:00+01:00');
    const first = await buyer();
    expect((await postWithdrawal(first.s, first.subscriptionNo, 100)).statusCode).toBe(200);

    // The next day the reader reactivates it online (3 months for the price of 1).
    t.clock.set('2026-03-11T12:00:00+01:00');
    const reactivation = await paidOrder(await again(first.s), {
      kind: 'reactivation',
      titleCode: 'FVN',
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      period: 'Månedlig',
      subscriptionNo: first.subscriptionNo,
    });
    expect(reactivation.amount).toBe(27900);
    expect((await subscriptionOf(first.subscriptionNo)).status_code).toBe(1);

    t.clock.set('2026-03-13T12:00:00+01:00');
    const reader = await again(first.s);
    const right = (await getRight(reader, first.subscriptionNo)).json();
    // Only the reactivation: 11 March–10 June (92 days), 2 used: 27900 − floor(55800 / 92).
    expect(right).toMatchObject({
      status: 'AVAILABLE',
      lastDay: '2026-03-25',
      amountPaid: 27900,
      refund: { amount: 27294, valueUsed: 606 },
    });
    expect(right.refund.parts).toEqual([
      expect.objectContaining({ kind: 'reactivation', periodDays: 92, daysUsed: 2 }),
    ]);

    const responses = await Promise.all([
      postWithdrawal(reader, first.subscriptionNo, 27294),
      postWithdrawal(reader, first.subscriptionNo, 27294),
      postWithdrawal(reader, first.subscriptionNo, 27294),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expectProblem(response, 409, 'ALREADY_WITHDRAWN');

    const payments = await paymentsOf(first.subscriptionNo);
    expect(
      payments.map(({ kind, paid, refunded, keys }) => [kind, paid, refunded, keys.length]),
    ).toEqual([
      ['new', 100, 100, 1],
      ['reactivation', 27900, 27294, 1],
    ]);
    const records = await recordsOf(first.subscriptionNo);
    expect(records.events).toHaveLength(2);
    expect(records.withdrawals.map((w) => w.refund)).toEqual([100, 27294]);
    expect(await receiptMails(`${first.s.spidId}@demo.minside.no`)).toHaveLength(2);
    expect((await getRight(reader, first.subscriptionNo)).json()).toMatchObject({
      status: 'WITHDRAWN',
      receipt: { refundAmount: 27294 },
    });
  });

  describe('the amount the reader confirmed', () => {
    it('is refused with 409 WITHDRAWAL_AMOUNT_CHANGED after Oslo midnight, changes nothing, and the new amount goes through', async () => {
      t.clock.set('2026-03-10T12:00:00+01:00');
      const { s, subscriptionNo } = await buyer({ ...digitalMonthly, period: 'Månedlig Premium' });
      // The page is loaded a minute before midnight on day 3…
      t.clock.set('2026-03-13T23:59:00+01:00');
      const shown = (await getRight(await again(s), subscriptionNo)).json().refund.amount;
      expect(shown).toBe(37900 - Math.floor((37900 * 3) / 31));
      // …and confirmed a minute after: day 4 has begun, a day more is used.
      t.clock.set('2026-03-14T00:01:00+01:00');
      const reader = await again(s);
      const refused = await postWithdrawal(reader, subscriptionNo, shown);
      expectProblem(refused, 409, 'WITHDRAWAL_AMOUNT_CHANGED');
      expect((await subscriptionOf(subscriptionNo)).status_code).toBe(1);
      expect(await moneyOf(subscriptionNo)).toEqual({ paid: 37900, refunded: 0, refunds: 0 });
      expect((await recordsOf(subscriptionNo)).withdrawals).toEqual([]);
      expect(await receiptMails(`${s.spidId}@demo.minside.no`)).toHaveLength(0);

      const now = (await getRight(reader, subscriptionNo)).json().refund.amount;
      expect(now).toBe(37900 - Math.floor((37900 * 4) / 31));
      const response = await postWithdrawal(reader, subscriptionNo, now);
      expect(response.json()).toMatchObject({ refundAmount: now });
    });

    it('is required', async () => {
      const { s, subscriptionNo } = await buyer();
      const response = await s.request({ method: 'POST', url: withdrawalUrl(subscriptionNo) });
      expect(response.statusCode).toBe(400);
      const empty = await s.request({
        method: 'POST',
        url: withdrawalUrl(subscriptionNo),
        payload: {},
      });
      expectProblem(empty, 400, 'VALIDATION_FAILED');
      expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'expectedRefund' })]);
      expect((await subscriptionOf(subscriptionNo)).status_code).toBe(1);
    });
  });

  describe('day 14 and day 15, at Oslo midnight', () => {
    it('applies to the last second of day 14 and is over at 00:00 on day 15 (winter time)', async () => {
      t.clock.set('2026-03-10T23:30:00+01:00');
      const { s, subscriptionNo } = await buyer();

      t.clock.set('2026-03-24T23:59:59+01:00');
      const last = (await getRight(await again(s), subscriptionNo)).json();
      expect(last).toMatchObject({ status: 'AVAILABLE', applies: true, lastDay: '2026-03-24' });

      t.clock.set('2026-03-25T00:00:00+01:00');
      const over = await again(s);
      expect((await getRight(over, subscriptionNo)).json()).toMatchObject({
        status: 'PERIOD_OVER',
        applies: false,
        lastDay: '2026-03-24',
        refund: null,
      });
      // The period is over whatever amount the reader saw.
      expectProblem(
        await postWithdrawal(over, subscriptionNo, last.refund.amount),
        409,
        'WITHDRAWAL_PERIOD_OVER',
      );
      expect((await subscriptionOf(subscriptionNo)).status_code).toBe(1);
      expect((await moneyOf(subscriptionNo)).refunded).toBe(0);
    });

    it('counts the Oslo day of completion, not the UTC day, across the change to summer time', async () => {
      // 23:30 UTC on 19 March is 00:30 on 20 March in Oslo: day 14 is 3 April (summer time).
      t.clock.set('2026-03-19T23:30:00Z');
      const { s, subscriptionNo } = await buyer();

      t.clock.set('2026-04-03T21:59:59Z'); // 23:59:59 on 3 April in Oslo (CEST)
      const last = await again(s);
      expect((await getRight(last, subscriptionNo)).json()).toMatchObject({
        status: 'AVAILABLE',
        lastDay: '2026-04-03',
      });

      t.clock.set('2026-04-03T22:00:00Z'); // 00:00 on 4 April in Oslo
      const over = await again(s);
      expect((await getRight(over, subscriptionNo)).json()).toMatchObject({
        status: 'PERIOD_OVER',
      });
      expectProblem(await postWithdrawal(over, subscriptionNo, 0), 409, 'WITHDRAWAL_PERIOD_OVER');

      t.clock.set('2026-04-03T21:59:59Z');
      expect((await withdrawAsShown(await again(s), subscriptionNo)).statusCode).toBe(200);
    });
  });

  it('refunds once when two requests arrive at the same moment', async () => {
    const { s, subscriptionNo } = await buyer();
    const responses = await Promise.all([
      postWithdrawal(s, subscriptionNo, 100),
      postWithdrawal(s, subscriptionNo, 100),
      postWithdrawal(s, subscriptionNo, 100),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expectProblem(response, 409, 'ALREADY_WITHDRAWN');
    expect(await moneyOf(subscriptionNo)).toEqual({ paid: 100, refunded: 100, refunds: 1 });
    const records = await recordsOf(subscriptionNo);
    expect(records.events).toHaveLength(1);
    expect(records.withdrawals).toHaveLength(1);
    expect(records.chargesRefunded).toEqual([100]);
    expect(await receiptMails(`${s.spidId}@demo.minside.no`)).toHaveLength(1);
  });

  it('makes a sandbox refund once per idempotency key', async () => {
    const { subscriptionNo } = await buyer();
    const [order] = await t.db.query<{ payment_id: string }>(
      `select payment_id from orders where subscription_no = $1 and kind = 'new'`,
      [subscriptionNo],
    );
    const sandbox = t.app.services.payments;
    await Promise.all([
      sandbox.refundPayment(order!.payment_id, 40, 'test-refund-key'),
      sandbox.refundPayment(order!.payment_id, 40, 'test-refund-key'),
    ]);
    await sandbox.refundPayment(order!.payment_id, 40, 'test-refund-key');
    expect(await moneyOf(subscriptionNo)).toEqual({ paid: 100, refunded: 40, refunds: 1 });
    await expect(
      sandbox.refundPayment(order!.payment_id, 50, 'test-refund-key'),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  describe('refunds the provider does not take at once', () => {
    it('are retried after a growing wait, the due ones only, and sent once however often retried', async () => {
      const reader = await buyer();
      let calls = 0;
      const down = providerWith(async () => {
        calls += 1;
        throw new Error('provider unavailable');
      });
      const { log, warnings } = logCapture();
      const receipt = await withdrawWith(down, reader, log);
      expect(receipt).toMatchObject({ refundStatus: 'PENDING', refundOre: 100 });
      expect(receipt.parts).toEqual([expect.objectContaining({ refundStatus: 'PENDING' })]);
      expect([calls, warnings.length]).toEqual([1, 1]);
      expect(await refundRow(reader.subscriptionNo)).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        next_attempt_at: later(60),
        last_error: 'provider unavailable',
      });
      // The subscription has ended all the same, and the reader sees the withdrawal.
      expect((await subscriptionOf(reader.subscriptionNo)).status_code).toBe(-2);
      expect((await getRight(reader.s, reader.subscriptionNo)).json().receipt).toMatchObject({
        refundStatus: 'PENDING',
      });
      expect((await moneyOf(reader.subscriptionNo)).refunded).toBe(0);

      // Not due yet: the next tick leaves it alone.
      const downDeps = { db: t.db, clock: t.clock, payments: down, log };
      expect(await retryPendingRefunds(downDeps)).toBe(0);
      expect(calls).toBe(1);
      // A minute later it is tried again (and fails), then waits two minutes.
      t.clock.set(later(60));
      expect(await retryPendingRefunds(downDeps)).toBe(0);
      expect(calls).toBe(2);
      expect(await refundRow(reader.subscriptionNo)).toMatchObject({
        attempts: 2,
        next_attempt_at: later(120),
      });

      // Two background runs at once (two instances) when the provider is back: refunded once.
      t.clock.set(later(120));
      const deps = { db: t.db, clock: t.clock, payments: t.app.services.payments };
      const sent = await Promise.all([retryPendingRefunds(deps), retryPendingRefunds(deps)]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await retryPendingRefunds(deps)).toBe(0);
      expect(await moneyOf(reader.subscriptionNo)).toEqual({
        paid: 100,
        refunded: 100,
        refunds: 1,
      });
      expect(await refundRow(reader.subscriptionNo)).toMatchObject({
        status: 'REFUNDED',
        attempts: 3,
        next_attempt_at: null,
        last_error: null,
      });
    });

    it('one the provider refuses is FAILED at once, logged for customer service and never retried', async () => {
      const reader = await buyer();
      let calls = 0;
      const refusing = providerWith(async () => {
        calls += 1;
        throw new DomainError('conflict', 'PAYMENT_NOT_CAPTURED', 'Only a captured payment');
      });
      const { log, errors } = logCapture();
      const receipt = await withdrawWith(refusing, reader, log);
      expect(receipt).toMatchObject({ refundStatus: 'FAILED', refundOre: 100 });
      expect(receipt.parts).toEqual([expect.objectContaining({ refundStatus: 'FAILED' })]);
      expect(errors).toEqual([
        {
          obj: expect.objectContaining({ customerService: true, refundOre: 100, attempts: 1 }),
          msg: expect.stringContaining('customer service'),
        },
      ]);
      expect(await refundRow(reader.subscriptionNo)).toMatchObject({
        status: 'FAILED',
        attempts: 1,
        next_attempt_at: null,
      });
      t.clock.set(later(24 * 3600));
      await retryPendingRefunds({ db: t.db, clock: t.clock, payments: refusing, log });
      expect(calls).toBe(1);
      expect(
        (await getRight(await again(reader.s), reader.subscriptionNo)).json().receipt,
      ).toMatchObject({ refundStatus: 'FAILED' });
    });

    it(`one that keeps failing is FAILED after ${REFUND_MAX_ATTEMPTS} attempts and logged for customer service`, async () => {
      const reader = await buyer();
      const down = providerWith(async () => {
        throw new Error('provider unavailable');
      });
      const { log, errors } = logCapture();
      await withdrawWith(down, reader, log);
      const deps = { db: t.db, clock: t.clock, payments: down, log };
      for (let attempts = 1; attempts < REFUND_MAX_ATTEMPTS; attempts += 1) {
        expect(await refundRow(reader.subscriptionNo)).toMatchObject({
          status: 'PENDING',
          attempts,
        });
        t.clock.set(later(refundRetryDelaySeconds(attempts)));
        await retryPendingRefunds(deps);
      }
      expect(await refundRow(reader.subscriptionNo)).toMatchObject({
        status: 'FAILED',
        attempts: REFUND_MAX_ATTEMPTS,
        next_attempt_at: null,
      });
      expect(errors).toEqual([
        {
          obj: expect.objectContaining({ customerService: true, attempts: REFUND_MAX_ATTEMPTS }),
          msg: expect.stringContaining('customer service'),
        },
      ]);
    });

    it('refunds that keep failing never hold up later ones: the longest waiting go first', async () => {
      const failing = new Set<string>();
      const sandbox = t.app.services.payments;
      const partly = providerWith(async (paymentId, amount, key) => {
        if (failing.has(paymentId)) throw new Error('provider unavailable for this payment');
        return sandbox.refundPayment(paymentId, amount, key);
      });
      const paymentOf = async (subscriptionNo: string) =>
        (await paymentsOf(subscriptionNo)).find((p) => p.kind === 'new')!.paymentId;
      // Two older withdrawals whose refunds keep failing…
      const stuck = [await buyer(), await buyer()];
      for (const reader of stuck) failing.add(await paymentOf(reader.subscriptionNo));
      for (const reader of stuck) await withdrawWith(partly, reader);
      // …and a later one whose first try failed once.
      t.clock.set(later(30));
      const fresh = await buyer();
      failing.add(await paymentOf(fresh.subscriptionNo));
      await withdrawWith(partly, fresh);
      failing.delete(await paymentOf(fresh.subscriptionNo));

      // Ticks that take two refunds at a time: the older ones are tried and wait longer, the
      // later one is sent as soon as it is due.
      const deps = { db: t.db, clock: t.clock, payments: partly, log: logCapture().log };
      t.clock.set(later(31)); // the two older ones are due, the later one not yet
      expect(await retryPendingRefunds(deps, 2)).toBe(0);
      t.clock.set(later(30)); // the later one is due; the older ones wait two minutes now
      expect(await retryPendingRefunds(deps, 2)).toBe(1);
      expect(await refundRow(fresh.subscriptionNo)).toMatchObject({ status: 'REFUNDED' });
      for (const reader of stuck)
        expect(await refundRow(reader.subscriptionNo)).toMatchObject({
          status: 'PENDING',
          attempts: 2,
        });
    });
  });

  describe('answers only the codes the contract lists', () => {
    const documented = (() => {
      const contract = readFileSync(join(process.cwd(), 'openapi/minside.yaml'), 'utf8');
      const start = contract.indexOf('Known codes:');
      const known = contract.slice(start, contract.indexOf('errors:', start));
      return new Set(known.match(/[A-Z][A-Z0-9_]+/g));
    })();

    it('lists every code withdrawing answers', () => {
      for (const code of [
        'ALREADY_WITHDRAWN',
        'WITHDRAWAL_PERIOD_OVER',
        'NO_WITHDRAWAL_RIGHT',
        'WITHDRAWAL_AMOUNT_CHANGED',
        'SUBSCRIPTION_STATE_CONFLICT',
        'SUBSCRIPTION_NOT_FOUND',
        'INTERNAL_ERROR',
      ])
        expect([code, documented.has(code)]).toEqual([code, true]);
      for (const code of ['REFUND_TOO_LARGE', 'DUPLICATE_EVENT', 'REFUND_AMOUNT_INVALID'])
        expect([code, documented.has(code)]).toEqual([code, false]);
    });

    it('a unique violation on the withdrawal (a race lost at the insert) is 409 ALREADY_WITHDRAWN, with nothing changed', async () => {
      const reader = await buyer();
      // Another instance recorded the same withdrawal in the same instant: the insert fails on
      // the unique purchase, as PostgreSQL reports it.
      const clashing = (tx: Queryable): Queryable => ({
        query: (sql, params) => {
          if (/insert into withdrawals \(/.test(sql))
            return Promise.reject(
              Object.assign(new Error('duplicate key value violates unique constraint'), {
                code: '23505',
                constraint: 'withdrawals_order_id_key',
                table: 'withdrawals',
              }),
            );
          return tx.query(sql, params);
        },
      });
      const db: Db = {
        ...t.db,
        transaction: (work) => t.db.transaction((tx) => work(clashing(tx))),
      };
      const { log, errors } = logCapture();
      await expect(
        withdraw(
          { db, clock: t.clock, payments: t.app.services.payments, log },
          { ariaAccountNo: reader.accountNo, identity: {} },
          reader.subscriptionNo,
          100,
        ),
      ).rejects.toMatchObject({ kind: 'conflict', code: 'ALREADY_WITHDRAWN' });
      expect(errors).toEqual([]);
      expect((await subscriptionOf(reader.subscriptionNo)).status_code).toBe(1);
      expect(await moneyOf(reader.subscriptionNo)).toEqual({ paid: 100, refunded: 0, refunds: 0 });
    });

    it('a billing record that cannot take the refund is a logged 500 INTERNAL_ERROR, never REFUND_TOO_LARGE, with nothing changed', async () => {
      const { s, subscriptionNo } = await buyer();
      // The order's charge was given back by other means already (our records disagree).
      await t.db.query(
        `update billing_effects set refunded_ore = amount_ore
          where order_id = (select order_id from orders where subscription_no = $1)`,
        [subscriptionNo],
      );
      const response = await postWithdrawal(s, subscriptionNo, 100);
      expectProblem(response, 500, 'INTERNAL_ERROR');
      expect((await subscriptionOf(subscriptionNo)).status_code).toBe(1);
      expect(await moneyOf(subscriptionNo)).toEqual({ paid: 100, refunded: 0, refunds: 0 });
      expect((await recordsOf(subscriptionNo)).withdrawals).toEqual([]);
    });
  });

  describe('refusals', () => {
    it('answers 404 for another reader’s subscription and changes nothing', async () => {
      const { subscriptionNo } = await buyer();
      const stranger = await sessionFor(t, 'digital@demo.minside.no');
      expectProblem(await getRight(stranger, subscriptionNo), 404, 'SUBSCRIPTION_NOT_FOUND');
      expectProblem(
        await postWithdrawal(stranger, subscriptionNo, 100),
        404,
        'SUBSCRIPTION_NOT_FOUND',
      );
      expectProblem(await getRight(stranger, '999999999'), 404, 'SUBSCRIPTION_NOT_FOUND');
      expect((await subscriptionOf(subscriptionNo)).status_code).toBe(1);
      expect((await moneyOf(subscriptionNo)).refunded).toBe(0);
    });

    it('says there is no right for a subscription that was not bought online (409 on POST)', async () => {
      const s = await sessionFor(t, 'digital@demo.minside.no');
      const [sub] = await t.db.query<{ subscription_no: string }>(
        `select subscription_no from subscriptions where aria_account_no = $1 and title_code = 'FVN'`,
        [await demoAccountNo(t.db, 'digital@demo.minside.no')],
      );
      expect((await getRight(s, sub!.subscription_no)).json()).toEqual({
        subscriptionNo: sub!.subscription_no,
        status: 'NO_ONLINE_PURCHASE',
        applies: false,
        lastDay: null,
        purchasedAt: null,
        amountPaid: null,
        refund: null,
        refundTo: null,
        receipt: null,
      });
      expectProblem(await postWithdrawal(s, sub!.subscription_no, 0), 409, 'NO_WITHDRAWAL_RIGHT');
      expect((await subscriptionOf(sub!.subscription_no)).status_code).toBe(1);
    });

    it('refuses a state-changing call without the CSRF header or from another origin', async () => {
      const { s, subscriptionNo } = await buyer();
      const { cookie, host } = s.headers as { cookie: string; host: string };
      const withoutHeader = await t.app.inject({
        method: 'POST',
        url: withdrawalUrl(subscriptionNo),
        headers: { cookie, host, origin: `http://${host}` },
        payload: { expectedRefund: 100 },
      });
      expectProblem(withoutHeader, 403, 'CSRF_REJECTED');
      const otherOrigin = await t.app.inject({
        method: 'POST',
        url: withdrawalUrl(subscriptionNo),
        headers: { cookie, host, origin: 'https://evil.example', 'x-minside-request': '1' },
        payload: { expectedRefund: 100 },
      });
      expectProblem(otherOrigin, 403, 'CSRF_REJECTED');
      expect((await subscriptionOf(subscriptionNo)).status_code).toBe(1);
      expect((await moneyOf(subscriptionNo)).refunded).toBe(0);
    });

    it('asks for a login', async () => {
      const response = await t.app.inject({ method: 'GET', url: withdrawalUrl('500000001') });
      expectProblem(response, 401, 'UNAUTHENTICATED');
    });
  });

  // Last: the background work runs every job on the suite's data.
  describe('the background work', () => {
    it('sends due refunds in a try of their own, even when the billing work before them fails', async () => {
      const reader = await buyer();
      const down = providerWith(async () => {
        throw new Error('provider unavailable');
      });
      await withdrawWith(down, reader);
      t.clock.set(later(61));
      // The billing work fails on every run (its open charges cannot be read).
      const broken = (q: Queryable): Queryable => ({
        query: (sql, params) =>
          /where kind = 'charge' and amount_ore > 0/.test(sql)
            ? Promise.reject(new Error('billing_effects unavailable'))
            : q.query(sql, params),
      });
      const db: Db = {
        ...t.db,
        ...broken(t.db),
        transaction: (work) => t.db.transaction((tx) => work(broken(tx))),
      };
      const { log, errors } = logCapture();
      const parts: string[] = [];
      const background = startBackgroundWork(
        {
          db,
          clock: t.clock,
          payments: t.app.services.payments,
          log: { ...log, info: () => {} },
          onPart: (part, outcome) => parts.push(`${part}:${outcome}`),
        },
        100,
      );
      for (let i = 0; i < 100; i += 1) {
        if ((await refundRow(reader.subscriptionNo)).status === 'REFUNDED') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await background.stop();
      expect(await refundRow(reader.subscriptionNo)).toMatchObject({ status: 'REFUNDED' });
      expect(await moneyOf(reader.subscriptionNo)).toEqual({
        paid: 100,
        refunded: 100,
        refunds: 1,
      });
      // The billing failure is still reported, in the log and to the metrics.
      expect(errors.map((e) => e.msg)).toContain('billing and orders could not be settled');
      expect(parts).toEqual(expect.arrayContaining(['billing:failed', 'refunds:ok']));
    });
  });
});
