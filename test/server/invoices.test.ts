// Invoices: produced by the lifecycle itself — an order, a renewal charged
// to a card, a giro renewal left to pay, a trial conversion, an upgrade's difference — each with
// its number, a KID by the title's OCR agreement (MOD10, MOD11 for ADR), amount in øre, due
// date, period and the payee's account; newest first; overdue when unpaid after the due date;
// nobody reads another user's invoice.
import { describe, expect, it } from '@jest/globals';

import {
  INVOICE_NUMBER_OFFSET,
  invoiceKid,
  payeeAccountNumber,
} from '../../src/server/domain/invoices/invoices';
import { recordBillingEffect } from '../../src/server/domain/invoices/settlement';
import { settleOpenCharges } from '../../src/server/jobs/billing';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { isValidKid, mod11CheckDigit } from '../../src/shared/payment/kid';
import { addDays } from '../../src/shared/time/oslo';

import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo, TEST_NOW } from './support';

interface Invoice {
  ariaInvoiceNo: string;
  kid: string;
  amount: number;
  status: string;
  overdue: boolean;
  issuedOn: string;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  description: string;
  payeeAccountNumber: string;
  paymentProvider: string | null;
  paidAt: string | null;
}

const t = buildTestApp();

async function invoicesOf(s: TestSession, accountNo: string, titleCode = 'FVN') {
  const response = await s.request({
    method: 'GET',
    url: `/api/invoices/${accountNo}/${titleCode}`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { invoices: Invoice[] }).invoices;
}

/** Moves the clock to a date and runs the background work's billing once. */
async function runJobsOn(date: string) {
  t.clock.set(`${date}T08:00:00+01:00`);
  await runDueJobs(t.db, t.clock);
  await settleOpenCharges({
    db: t.db,
    payments: t.app.services.payments,
    now: () => t.clock.now(),
  });
}

async function renewalDateOf(email: string, titleCode = 'FVN') {
  const [row] = await t.db.query<{ renewal_date: string }>(
    `select renewal_date::text as renewal_date from subscriptions
      where aria_account_no = $1 and title_code = $2`,
    [await demoAccountNo(t.db, email), titleCode],
  );
  return row!.renewal_date;
}

describe('invoices', () => {
  it('has none before anything was billed', async () => {
    const s = await sessionFor(t, 'digital@demo.minside.no');
    expect(await invoicesOf(s, await demoAccountNo(t.db, 'digital@demo.minside.no'))).toEqual([]);
  });

  it('gives a card renewal a paid invoice with a MOD10 KID and the payee account', async () => {
    const accountNo = await demoAccountNo(t.db, 'digital@demo.minside.no');
    const renewal = await renewalDateOf('digital@demo.minside.no');
    await runJobsOn(renewal);
    const s = await sessionFor(t, 'digital@demo.minside.no');
    const [invoice, ...rest] = await invoicesOf(s, accountNo);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({
      amount: 27900,
      status: 'PAID',
      overdue: false,
      issuedOn: renewal,
      dueDate: renewal,
      periodStart: renewal,
      paymentProvider: 'SWEDBANK-PPG',
      description: 'Premium digital (månedlig), fornyelse',
    });
    expect(isValidKid(invoice!.kid, 'MOD10')).toBe(true);
    expect(invoice!.kid).toHaveLength(17);
    expect(invoice!.kid.endsWith(`${invoice!.ariaInvoiceNo}${invoice!.kid.slice(-1)}`)).toBe(true);
    expect(invoice!.payeeAccountNumber).toMatch(/^1506[0-9]{7}$/);
    expect(mod11CheckDigit(invoice!.payeeAccountNumber.slice(0, 10))).toBe(
      invoice!.payeeAccountNumber.slice(10),
    );
    const one = await s.request({ method: 'GET', url: `/api/invoice/${invoice!.ariaInvoiceNo}` });
    expect(one.json()).toEqual(invoice);
  });

  it('uses the title’s MOD11 agreement (ADR) for the trial conversion', async () => {
    const accountNo = await demoAccountNo(t.db, 'digital@demo.minside.no');
    const renewal = await renewalDateOf('digital@demo.minside.no', 'ADR');
    await runJobsOn(renewal);
    const s = await sessionFor(t, 'digital@demo.minside.no', 'ADR');
    const [invoice] = await invoicesOf(s, accountNo, 'ADR');
    expect(invoice!.description).toContain('første periode etter prøvetiden');
    expect(isValidKid(invoice!.kid, 'MOD11')).toBe(true);
    expect(invoice!.payeeAccountNumber).toBe(payeeAccountNumber('ADR'));
  });

  it('leaves a giro renewal unpaid with 14 days to pay, then overdue', async () => {
    const email = 'papir@demo.minside.no';
    const accountNo = await demoAccountNo(t.db, email);
    const renewal = await renewalDateOf(email);
    await runJobsOn(renewal);
    let s = await sessionFor(t, email);
    const [invoice] = await invoicesOf(s, accountNo);
    expect(invoice).toMatchObject({
      status: 'UNPAID',
      overdue: false,
      issuedOn: renewal,
      dueDate: addDays(renewal, 14),
      paymentProvider: 'AVTALEGIRO',
    });
    t.clock.set(`${addDays(renewal, 15)}T08:00:00+01:00`);
    s = await sessionFor(t, email);
    const [later] = await invoicesOf(s, accountNo);
    expect(later).toMatchObject({ ariaInvoiceNo: invoice!.ariaInvoiceNo, overdue: true });
  });

  it('never shows another user’s invoices', async () => {
    const owner = await sessionFor(t, 'digital@demo.minside.no');
    const [invoice] = await invoicesOf(owner, await demoAccountNo(t.db, 'digital@demo.minside.no'));
    const other = await sessionFor(t, 'papir@demo.minside.no');
    const one = await other.request({
      method: 'GET',
      url: `/api/invoice/${invoice!.ariaInvoiceNo}`,
    });
    expect({ status: one.statusCode, code: one.json().code }).toEqual({
      status: 404,
      code: 'INVOICE_NOT_FOUND',
    });
    const list = await other.request({
      method: 'GET',
      url: `/api/invoices/${await demoAccountNo(t.db, 'digital@demo.minside.no')}/FVN`,
    });
    expect(list.statusCode).toBe(403);
    const unknown = await owner.request({ method: 'GET', url: '/api/invoice/899999999' });
    expect(unknown.statusCode).toBe(404);
    const noAccount = await sessionFor(t, 'ingen@demo.minside.no');
    const none = await noAccount.request({
      method: 'GET',
      url: `/api/invoice/${invoice!.ariaInvoiceNo}`,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('what the home page gets with the subscription', () => {
  const subscriptionOf = async (email: string) => {
    const s = await sessionFor(t, email);
    const accountNo = await demoAccountNo(t.db, email);
    const response = await s.request({ method: 'GET', url: `/api/subscription/${accountNo}/FVN` });
    expect(response.statusCode).toBe(200);
    return { s, accountNo, subscription: response.json().subscription };
  };

  it('lists the unpaid invoices, overdue first, as the invoice overview has them', async () => {
    const { s, accountNo, subscription } = await subscriptionOf('papir@demo.minside.no');
    const unpaid = (await invoicesOf(s, accountNo))
      .filter((i) => i.status === 'UNPAID')
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    expect(unpaid.length).toBeGreaterThan(0);
    expect(subscription.unpaidInvoices).toEqual(
      unpaid.map(({ ariaInvoiceNo, amount, dueDate, overdue }) => ({
        ariaInvoiceNo,
        amount,
        dueDate,
        overdue,
        // The day it suspends the subscription (dunning; test/server/dunning.test.ts).
        suspendsOn: expect.any(String),
        // Giro: no card or Vipps charge failed (recurring-charges.test.ts).
        paymentFailure: null,
      })),
    );
    expect(subscription.unpaidInvoices[0].overdue).toBe(true);
  });

  it('gives the session (the first request after sign-in) the same subscription', async () => {
    const { s, subscription } = await subscriptionOf('papir@demo.minside.no');
    const session = (await s.request({ method: 'GET', url: '/api/session' })).json();
    expect(session.subscription).toEqual(subscription);
    expect(session.subscription.unpaidInvoices.length).toBeGreaterThan(0);
    expect(session.subscription.nextCharge).not.toBeNull();
  });

  it('leaves out a card charge the job is about to take, but lists one that failed', async () => {
    const email = 'digital@demo.minside.no';
    const accountNo = await demoAccountNo(t.db, email);
    const [sub] = await t.db.query<{ subscription_no: string; plan_id: number }>(
      `select subscription_no, plan_id from subscriptions
        where aria_account_no = $1 and title_code = 'FVN'`,
      [accountNo],
    );
    // A renewal the job has recorded but not charged yet (its own audit event).
    const [event] = await t.db.query<{ id: number }>(
      `insert into subscription_events (subscription_no, aria_account_no, kind, from_status,
         to_status, detail, actor, occurred_at, dedupe_key)
       values ($1, $2, 'renew', 1, 1, '{}'::jsonb, 'job', now(), $3) returning id`,
      [sub!.subscription_no, accountNo, `test:open-charge:${sub!.subscription_no}`],
    );
    await recordBillingEffect(
      t.db,
      event!.id,
      sub!.subscription_no,
      {
        kind: 'charge',
        reason: 'renewal',
        amountOre: 27_900,
        currency: 'NOK',
        periodStart: '2026-04-01',
        periodEnd: '2026-04-30',
        provider: 'SWEDBANK-PPG',
        planId: Number(sub!.plan_id),
      },
      t.clock.now(),
    );
    expect((await subscriptionOf(email)).subscription.unpaidInvoices).toEqual([]);
    await t.db.query(
      `update billing_effects set status = 'failed' where event_id = $1 and kind = 'charge'`,
      [event!.id],
    );
    expect((await subscriptionOf(email)).subscription.unpaidInvoices).toEqual([
      expect.objectContaining({ amount: 27_900 }),
    ]);
    await t.db.query(`delete from billing_effects where event_id = $1`, [event!.id]);
    await t.db.query(`delete from subscription_events where id = $1`, [event!.id]);
  });

  it('forecasts the next charge as the renewal job will make it: card charge or giro invoice', async () => {
    const digital = (await subscriptionOf('digital@demo.minside.no')).subscription;
    expect(digital.nextCharge).toEqual({
      date: digital.renewalDate,
      amount: digital.price,
      stopCredit: 0,
      missedPaperCredit: 0,
      ordinaryAmount: digital.price,
      kind: 'charge',
      provider: 'SWEDBANK-PPG',
      reason: 'renewal',
    });
    const papir = (await subscriptionOf('papir@demo.minside.no')).subscription;
    expect(papir.nextCharge).toMatchObject({ kind: 'invoice', date: papir.renewalDate });
    expect(papir.unpaidInvoices.length).toBeGreaterThan(0);
  });

  it('says while the right of withdrawal applies, as /angrerett computes it', async () => {
    const then = t.clock.now().toISOString();
    t.clock.set(TEST_NOW); // the seed's day: nykjopt@ bought three days before
    try {
      const { s, subscription } = await subscriptionOf('nykjopt@demo.minside.no');
      const right = (
        await s.request({
          method: 'GET',
          url: `/api/subscription/${subscription.subscriptionNo}/withdrawal`,
        })
      ).json();
      expect(right.applies).toBe(true);
      expect(subscription.withdrawal).toEqual({
        lastDay: right.lastDay,
        refund: right.refund.amount,
      });
      expect((await subscriptionOf('digital@demo.minside.no')).subscription.withdrawal).toBeNull();
    } finally {
      t.clock.set(then);
    }
  });

  it('forecasts nothing for a subscription that does not renew or that someone else pays', async () => {
    expect((await subscriptionOf('oppsagt@demo.minside.no')).subscription.nextCharge).toBeNull();
    expect((await subscriptionOf('familie@demo.minside.no')).subscription.nextCharge).toBeNull();
  });
});

describe('paying an invoice', () => {
  const pay = (s: TestSession, no: string, paymentProvider: string, key: string) =>
    s.request({
      method: 'POST',
      url: `/api/invoice/${no}/pay`,
      headers: { 'idempotency-key': key },
      payload: { paymentProvider },
    });
  const approve = (redirectUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: new URL(redirectUrl).pathname,
      headers: { host: new URL(redirectUrl).host, origin: new URL(redirectUrl).origin },
      payload: { action: 'approve' },
    });

  it('pays an overdue giro invoice once, after the provider confirms, and restores a suspension', async () => {
    const email = 'papir@demo.minside.no';
    const accountNo = await demoAccountNo(t.db, email);
    const s = await sessionFor(t, email);
    const unpaid = (await invoicesOf(s, accountNo)).find((i) => i.status === 'UNPAID')!;
    expect(unpaid.overdue).toBe(true);
    // Suspended for not paying (the billing system's dunning did it).
    await t.db.query(
      `update subscriptions set status_code = -1 where aria_account_no = $1 and title_code = 'FVN'`,
      [accountNo],
    );

    const key = `pay-invoice-${Date.now()}-abcdef`;
    const first = await pay(s, unpaid.ariaInvoiceNo, 'SWEDBANK-PPG', key);
    expect(first.statusCode).toBe(201);
    const order = first.json();
    expect(order).toMatchObject({
      kind: 'invoice',
      status: 'PENDING',
      amount: unpaid.amount,
      ariaInvoiceNo: unpaid.ariaInvoiceNo,
    });
    const again = await pay(s, unpaid.ariaInvoiceNo, 'SWEDBANK-PPG', key);
    expect([again.statusCode, again.json().orderId]).toEqual([200, order.orderId]);
    const reused = await pay(s, unpaid.ariaInvoiceNo, 'VIPPS', key);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

    // Not paid until the provider says so.
    const early = await s.request({ method: 'POST', url: `/api/orders/${order.orderId}/complete` });
    expect(early.json().status).toBe('PENDING');
    expect(
      (await invoicesOf(s, accountNo)).find((i) => i.ariaInvoiceNo === unpaid.ariaInvoiceNo)!
        .status,
    ).toBe('UNPAID');

    const back = await approve(order.redirectUrl);
    expect(back.headers.location).toBe(
      `http://fvn.localhost/completepurchase?ordre=${order.orderId}`,
    );
    const done = await s.request({ method: 'POST', url: `/api/orders/${order.orderId}/complete` });
    expect(done.json()).toMatchObject({ status: 'COMPLETED', kind: 'invoice' });
    const paid = (await invoicesOf(s, accountNo)).find(
      (i) => i.ariaInvoiceNo === unpaid.ariaInvoiceNo,
    )!;
    expect(paid).toMatchObject({ status: 'PAID', overdue: false });
    expect(paid.paidAt).not.toBeNull();
    const subscription = (
      await s.request({ method: 'GET', url: `/api/subscription/${accountNo}/FVN` })
    ).json().subscription;
    expect(subscription.status).toBe('ACTIVE');

    // A paid invoice cannot be paid again.
    const twice = await pay(s, unpaid.ariaInvoiceNo, 'VIPPS', `${key}-2`);
    expect({ status: twice.statusCode, code: twice.json().code }).toEqual({
      status: 409,
      code: 'INVOICE_PAID',
    });
  });

  it('refuses to take an open card charge by hand (the billing job takes it), and takes a failed one', async () => {
    const email = 'nykjopt@demo.minside.no';
    const accountNo = await demoAccountNo(t.db, email);
    const then = t.clock.now().toISOString();
    try {
      // Its renewal comes due: the job records the charge, and the billing has not run yet.
      t.clock.set(`${await renewalDateOf(email)}T08:00:00+01:00`);
      await runDueJobs(t.db, t.clock);
      const s = await sessionFor(t, email);
      const [charge] = await t.db.query<{ id: number }>(
        `select b.id from billing_effects b join subscriptions s using (subscription_no)
          where s.aria_account_no = $1 and b.kind = 'charge' and b.status = 'open'`,
        [accountNo],
      );
      const no = String(BigInt(charge!.id) + BigInt(INVOICE_NUMBER_OFFSET));
      const refused = await pay(s, no, 'VIPPS', `open-charge-${Date.now()}-abcdef`);
      expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
        status: 409,
        code: 'CHARGE_IN_PROGRESS',
      });
      expect(
        await t.db.query('select 1 from orders where billing_effect_id = $1', [charge!.id]),
      ).toEqual([]);
      // The card was refused: now it is the reader's to pay.
      await t.db.query(`update billing_effects set status = 'failed' where id = $1`, [charge!.id]);
      const paying = await pay(s, no, 'VIPPS', `failed-charge-${Date.now()}-abcdef`);
      expect(paying.statusCode).toBe(201);
    } finally {
      t.clock.set(then);
    }
  });

  it('does not let another user pay (or see) someone’s invoice', async () => {
    const owner = await sessionFor(t, 'digital@demo.minside.no');
    const [invoice] = await invoicesOf(owner, await demoAccountNo(t.db, 'digital@demo.minside.no'));
    const other = await sessionFor(t, 'papir@demo.minside.no');
    const response = await pay(
      other,
      invoice!.ariaInvoiceNo,
      'VIPPS',
      `idor-${Date.now()}-abcdefgh`,
    );
    expect({ status: response.statusCode, code: response.json().code }).toEqual({
      status: 404,
      code: 'INVOICE_NOT_FOUND',
    });
  });
});

describe('the KID of an invoice', () => {
  it('exists under MOD11 for every customer and invoice number, also where the first fallback has no check digit', () => {
    // Seen on PostgreSQL: customer 7000036, invoice 800000043 — the base has no MOD11 check
    // digit, and neither has the base with a 1 after it.
    const kid = invoiceKid('7000036', '800000043', 'MOD11');
    expect(kid.startsWith('7000036800000043')).toBe(true);
    expect(isValidKid(kid, 'MOD11')).toBe(true);
    for (let customer = 7_000_000; customer < 7_000_040; customer += 1)
      for (let invoice = 0; invoice < 250; invoice += 1) {
        const no = String(INVOICE_NUMBER_OFFSET + invoice);
        for (const algorithm of ['MOD10', 'MOD11'] as const) {
          const made = invoiceKid(String(customer), no, algorithm);
          expect(made.slice(0, 16)).toBe(`${customer}${no}`);
          expect(isValidKid(made, algorithm)).toBe(true);
        }
      }
  });
});
