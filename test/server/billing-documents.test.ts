// The invoice and receipt PDFs (GET /api/invoice/{no}/pdf, GET /api/orders/{id}/receipt/pdf),
// downloaded as the reader's browser does and read back with pdf.js: the title and its
// organisation number, the reader (or the company of a business subscription) and address, the
// amount in kroner, «Mva 0 %», the period, how it was paid or the KID and account to pay it
// with, in the title's language; only for the owner (another's is 404, signed out 401), and a
// receipt only for a completed order.
import { describe, expect, it } from '@jest/globals';

import { accountNumber, documentDate } from '../../src/server/documents/billingPdf';
import { recordBillingEffect } from '../../src/server/domain/invoices/settlement';
import { recordImportedRenewal } from '../../src/server/domain/subscriptions/lifecycle';
import { formatKroner } from '../../src/shared/money/money';
import { getPublication } from '../../src/shared/publications/registry';

import { digitalMonthly, expectProblem, newReader, onPaymentPage } from './order-support';
import { readPdf } from './pdf-text';
import { sessionFor, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo, type TestApp } from './support';

interface Invoice {
  ariaInvoiceNo: string;
  kid: string;
  amount: number;
  status: 'PAID' | 'UNPAID';
  overdue: boolean;
  dueDate: string;
  periodStart: string;
  periodEnd: string;
  description: string;
  payeeAccountNumber: string;
}

/** "999 002 005", as the documents write a title's organisation number. */
const orgNo = (titleCode: string) =>
  getPublication(titleCode).organizationNumber.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/** Kroner as the PDF's text reads back (the non-breaking space is a space). */
const kroner = (ore: number) => formatKroner(ore).replace(/\s/gu, ' ');

const period = (invoice: Invoice) =>
  `${documentDate(invoice.periodStart)} – ${documentDate(invoice.periodEnd)}`;

async function invoicesOf(t: TestApp, s: TestSession, email: string, titleCode = 'FVN') {
  const accountNo = await demoAccountNo(t.db, email);
  const response = await s.request({ url: `/api/invoices/${accountNo}/${titleCode}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { invoices: Invoice[] }).invoices;
}

/** Downloads a PDF as the reader's browser does, and checks it is saved and never cached. */
async function download(s: TestSession, url: string, fileName: string) {
  const response = await s.request({ url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await readPdf(response.rawPayload);
  expect(pdf.pages).toBe(1);
  return pdf;
}

describe('the invoice PDF', () => {
  const t = buildTestApp();

  it('shows an unpaid giro invoice with the title, the reader, the amount, KID and account', async () => {
    const email = 'papir@demo.minside.no';
    const s = await sessionFor(t, email);
    const invoice = (await invoicesOf(t, s, email)).find((i) => i.status === 'UNPAID')!;
    const { text, info } = await download(
      s,
      `/api/invoice/${invoice.ariaInvoiceNo}/pdf`,
      `faktura-${invoice.ariaInvoiceNo}.pdf`,
    );
    for (const expected of [
      'Fædrelandsvennen',
      `Org.nr. ${orgNo('FVN')}`,
      'Faktura',
      `Fakturanummer ${invoice.ariaInvoiceNo}`,
      'Per Papir',
      'Dronningens gate 15',
      '4610 Kristiansand S',
      invoice.description,
      period(invoice),
      `Sum uten mva. ${kroner(invoice.amount)}`,
      `Mva 0 % ${kroner(0)}`,
      `Å betale ${kroner(invoice.amount)}`,
      `Status ${invoice.overdue ? 'Forfalt, ikke betalt' : 'Ikke betalt'}`,
      `KID ${invoice.kid}`,
      `Kontonummer ${accountNumber(invoice.payeeAccountNumber)}`,
      invoice.overdue
        ? `Fakturaen er forfalt. Betal ${kroner(invoice.amount)} til konto ${accountNumber(invoice.payeeAccountNumber)} med KID ${invoice.kid} så snart som mulig.`
        : `Betal ${kroner(invoice.amount)} til konto`,
      'Det er ikke merverdiavgift på aviser',
    ])
      expect(text).toContain(expected);
    expect(info).toMatchObject({ Author: 'Fædrelandsvennen', Language: 'nb-NO' });
  });

  it('is in nynorsk for a nynorsk title (Setesdølen)', async () => {
    const email = 'purring@demo.minside.no';
    const s = await sessionFor(t, email, 'SET');
    const invoice = (await invoicesOf(t, s, email, 'SET')).find((i) => i.status === 'UNPAID')!;
    const { text } = await download(
      s,
      `/api/invoice/${invoice.ariaInvoiceNo}/pdf`,
      `faktura-${invoice.ariaInvoiceNo}.pdf`,
    );
    for (const expected of [
      'Setesdølen',
      `Org.nr. ${orgNo('SET')}`,
      'Pål Purring',
      'Skildring',
      `Mva 0 % ${kroner(0)}`,
      `Sum utan mva. ${kroner(invoice.amount)}`,
      `Status ${invoice.overdue ? 'Forfallen, ikkje betalt' : 'Ikkje betalt'}`,
      `KID ${invoice.kid}`,
      'Det er ikkje meirverdiavgift',
      period(invoice),
    ])
      expect(text).toContain(expected);
  });

  it('says how a paid invoice was paid (the masked card), with no KID to pay', async () => {
    const email = 'nykjopt@demo.minside.no';
    const s = await sessionFor(t, email);
    const [invoice] = await invoicesOf(t, s, email);
    expect(invoice!.status).toBe('PAID');
    const { text } = await download(
      s,
      `/api/invoice/${invoice!.ariaInvoiceNo}/pdf`,
      `faktura-${invoice!.ariaInvoiceNo}.pdf`,
    );
    expect(text).toContain('Nina Nykjøpt');
    expect(text).toContain(`Totalt ${kroner(invoice!.amount)}`);
    expect(text).toContain('Status Betalt');
    expect(text).toContain('Betalt med Betalingskort **** 0004');
    expect(text).toContain(period(invoice!));
    expect(text).not.toContain('KID');
  });

  it('is not found for another reader’s invoice or a number that is none (404)', async () => {
    const owner = await sessionFor(t, 'papir@demo.minside.no');
    const [invoice] = await invoicesOf(t, owner, 'papir@demo.minside.no');
    const other = await sessionFor(t, 'nykjopt@demo.minside.no');
    for (const no of [invoice!.ariaInvoiceNo, '899999999'])
      expectProblem(
        await other.request({ url: `/api/invoice/${no}/pdf` }),
        404,
        'INVOICE_NOT_FOUND',
      );
  });

  it('needs a session (401)', async () => {
    const s = await sessionFor(t, 'papir@demo.minside.no');
    const [invoice] = await invoicesOf(t, s, 'papir@demo.minside.no');
    const response = await t.app.inject({
      url: `/api/invoice/${invoice!.ariaInvoiceNo}/pdf`,
      headers: spaHeaders(),
    });
    expectProblem(response, 401, 'UNAUTHENTICATED');
  });

  it('shows a paper that did not come as a line of its own, taken off what was paid', async () => {
    const email = 'avis-kom-ikke@demo.minside.no';
    const s = await sessionFor(t, email, 'ADR');
    const accountNo = await demoAccountNo(t.db, email);
    const listed = await s.request({ url: `/api/invoices/${accountNo}/ADR` });
    const invoice = (
      listed.json() as {
        invoices: (Invoice & { credits: { deliveryDate: string; amount: number }[] })[];
      }
    ).invoices.find((i) => i.credits.length > 0)!;
    const [credit] = invoice.credits;
    const { text } = await download(
      s,
      `/api/invoice/${invoice.ariaInvoiceNo}/pdf`,
      `faktura-${invoice.ariaInvoiceNo}.pdf`,
    );
    for (const expected of [
      `${invoice.description} ${period(invoice)} ${kroner(invoice.amount + credit!.amount)}`,
      `Trekk for avis som ikke kom ${documentDate(credit!.deliveryDate)} -${kroner(credit!.amount)}`,
      `Sum uten mva. ${kroner(invoice.amount)}`,
      `Totalt ${kroner(invoice.amount)}`,
    ])
      expect(text).toContain(expected);
  });
});

describe('the receipt PDF', () => {
  const t = buildTestApp();

  async function orderIdOf(email: string): Promise<string> {
    const [row] = await t.db.query<{ order_id: string }>(
      'select order_id from orders where aria_account_no = $1 order by created_at desc limit 1',
      [await demoAccountNo(t.db, email)],
    );
    return row!.order_id;
  }

  it('shows a purchase: the title, the reader, the reference, the card and «Mva 0 %»', async () => {
    const email = 'nykjopt@demo.minside.no';
    const s = await sessionFor(t, email);
    const orderId = await orderIdOf(email);
    const order = (await s.request({ url: `/api/orders/${orderId}` })).json() as {
      reference: string;
      amount: number;
    };
    const [invoice] = await invoicesOf(t, s, email);
    const { text } = await download(
      s,
      `/api/orders/${orderId}/receipt/pdf`,
      `kvittering-${order.reference}.pdf`,
    );
    for (const expected of [
      'Kvittering',
      'Fædrelandsvennen',
      `Org.nr. ${orgNo('FVN')}`,
      `Ordrereferanse ${order.reference}`,
      `Fakturanummer ${invoice!.ariaInvoiceNo}`,
      'Nina Nykjøpt',
      `Totalt ${kroner(order.amount)}`,
      `Mva 0 % ${kroner(0)}`,
      'Betalt med Betalingskort **** 0004',
      period(invoice!),
    ])
      expect(text).toContain(expected);
  });

  it('exists once an order is completed (409 before), for the order just bought', async () => {
    const { s } = await newReader(t);
    const placed = await s.request({
      method: 'POST',
      url: '/api/orders',
      payload: { ...digitalMonthly, paymentProvider: 'SWEDBANK-PPG' },
      headers: { 'idempotency-key': `receipt-${Date.now()}` },
    });
    expect(placed.statusCode).toBe(201);
    const { orderId, redirectUrl } = placed.json() as { orderId: string; redirectUrl: string };
    const url = `/api/orders/${orderId}/receipt/pdf`;
    expectProblem(await s.request({ url }), 409, 'ORDER_NOT_COMPLETED');

    await onPaymentPage(t, redirectUrl, 'approve');
    const done = (
      await s.request({ method: 'POST', url: `/api/orders/${orderId}/complete` })
    ).json();
    expect(done.status).toBe('COMPLETED');
    const { text } = await download(s, url, `kvittering-${done.reference as string}.pdf`);
    expect(text).toContain('Ny Bruker');
    expect(text).toContain(`Totalt ${kroner(100)}`);
    expect(text).toContain(`Mva 0 % ${kroner(0)}`);
    expect(text).toContain('Betalingskort **** 0004');
  });

  it('is not found for another reader’s order or an id that is none (404)', async () => {
    const orderId = await orderIdOf('nykjopt@demo.minside.no');
    const other = await sessionFor(t, 'papir@demo.minside.no');
    for (const id of [orderId, 'ord_0000000000000000'])
      expectProblem(
        await other.request({ url: `/api/orders/${id}/receipt/pdf` }),
        404,
        'ORDER_NOT_FOUND',
      );
  });

  it('needs a session (401)', async () => {
    const orderId = await orderIdOf('nykjopt@demo.minside.no');
    const response = await t.app.inject({
      url: `/api/orders/${orderId}/receipt/pdf`,
      headers: spaHeaders(),
    });
    expectProblem(response, 401, 'UNAUTHENTICATED');
  });
});

describe('a business subscription’s invoice', () => {
  const t = buildTestApp();

  it('is made out to the company: its name, organisation number and address', async () => {
    const email = 'bedrift-admin@demo.minside.no';
    const accountNo = await demoAccountNo(t.db, email);
    const [sub] = await t.db.query<{ subscription_no: string; plan_id: number }>(
      `select subscription_no, plan_id from subscriptions
        where aria_account_no = $1 and title_code = 'FVN'`,
      [accountNo],
    );
    // The lifecycle bills no business subscription itself (the company's agreement is billed):
    // the company's yearly giro invoice, as the billing system brings it over.
    const eventId = await recordImportedRenewal(t.db, {
      subscriptionNo: sub!.subscription_no,
      ariaAccountNo: accountNo,
      periodStart: '2026-03-01',
      occurredAt: t.clock.now(),
    });
    await recordBillingEffect(
      t.db,
      eventId,
      sub!.subscription_no,
      {
        kind: 'invoice',
        reason: 'renewal',
        amountOre: 1_190_000,
        currency: 'NOK',
        periodStart: '2026-03-01',
        periodEnd: '2027-02-28',
        provider: 'BANKGIRO',
        planId: Number(sub!.plan_id),
      },
      t.clock.now(),
    );
    const s = await sessionFor(t, email);
    const invoice = (await invoicesOf(t, s, email)).find((i) => i.status === 'UNPAID')!;
    const { text } = await download(
      s,
      `/api/invoice/${invoice.ariaInvoiceNo}/pdf`,
      `faktura-${invoice.ariaInvoiceNo}.pdf`,
    );
    for (const expected of [
      'KUNDE Kystbyen Regnskap AS Org.nr. 999 111 009 Markens gate 12 4611 Kristiansand S',
      'Kontaktperson: Berit Bedrift',
      `Org.nr. ${orgNo('FVN')}`,
      `Å betale ${kroner(1_190_000)}`,
      `Mva 0 % ${kroner(0)}`,
      `KID ${invoice.kid}`,
      `Betal innen ${documentDate(invoice.dueDate)}`,
      `Betal ${kroner(1_190_000)} til konto ${accountNumber(invoice.payeeAccountNumber)} med KID ${invoice.kid} innen ${documentDate(invoice.dueDate)}.`,
      '01.03.2026 – 28.02.2027',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('KUNDE Berit Bedrift');
  });
});
