// Invoices (issue 5, first slice): produced by the lifecycle itself — an order, a renewal charged
// to a card, a giro renewal left to pay, a trial conversion, an upgrade's difference — each with
// its number, a KID by the title's OCR agreement (MOD10, MOD11 for ADR), amount in øre, due
// date, period and the payee's account; newest first; overdue when unpaid after the due date;
// nobody reads another user's invoice.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { payeeAccountNumber } from '../../src/server/domain/invoices/invoices';
import { recordBillingEffects, settleOpenCharges } from '../../src/server/jobs/billing';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { isValidKid, mod11CheckDigit } from '../../src/shared/payment/kid';
import { addDays } from '../../src/shared/time/oslo';

import { sessionFor, type TestSession } from './session-support';
import { createTestApp, demoAccountNo, type TestApp } from './support';

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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

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
  await recordBillingEffects(t.db, await runDueJobs(t.db, t.clock), t.clock.now());
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
