// Dunning with the injected clock: an unpaid giro invoice gets one reminder 7 days
// after its due date and suspends its subscription 14 days after (the engine's `suspend`,
// audited), each with an e-mail through the outbox in the title's language; the day before each
// threshold nothing happens; a late reminder still gives the reader a week; the job is idempotent
// and safe when two runs go at once; card charges, paid invoices and subscriptions that are
// cancelled or suspended already are left alone, while one being cancelled is dunned all the
// same (cancelling does not make the unpaid period free) and still ends on its day; paying the invoice resumes the subscription
// (end to end, through the payment sandbox), unless another invoice past its day is unpaid.
import { beforeAll, describe, expect, it } from '@jest/globals';

import {
  osloMidnight,
  suspensionDay,
  suspendedByAnotherInvoice,
} from '../../src/server/domain/dunning/dunning';
import {
  DEFAULT_DUNNING_TERMS,
  dunningTermsOf,
  validateTerms,
} from '../../src/server/domain/dunning/terms';
import { INVOICE_NUMBER_OFFSET } from '../../src/server/domain/invoices/invoices';
import { recordBillingEffect } from '../../src/server/domain/invoices/settlement';
import {
  applyCommand,
  importSubscription,
  recordImportedRenewal,
  subscriptionEvents,
} from '../../src/server/domain/subscriptions/lifecycle';
import { registerIdentity } from '../../src/server/identity/users';
import { runDunning } from '../../src/server/jobs/dunning';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import type { PaymentProvider } from '../../src/server/payments/port';
import { SubscriptionStatus as S, type StatusCode } from '../../src/shared/subscription/status';
import { addDays } from '../../src/shared/time/oslo';

import { expectProblem, onPaymentPage } from './order-support';
import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, usingPostgres } from './support';

const t = buildTestApp();

/** `hour` o'clock in Oslo on `date` (summer time or not). */
const at = (date: string, hour = 8) =>
  new Date(osloMidnight(date).getTime() + hour * 3_600_000).toISOString();

const invoiceNo = (billingEffectId: number | string) =>
  String(INVOICE_NUMBER_OFFSET + Number(billingEffectId));

interface Reader {
  readonly accountNo: string;
  readonly email: string;
  readonly subscriptionNo: string;
  readonly titleCode: string;
}

let readers = 0;

/**
 * A reader with a subscription of their own (quarterly digital plan, renewing on `renewalDate`),
 * paid by `provider`, in `status`. Min Side has no e-mail in their profile: the messages go to
 * their login e-mail at the (embedded) identity provider.
 */
async function reader(options: {
  titleCode?: string;
  provider?: PaymentProvider;
  status?: StatusCode;
  renewalDate: string;
}): Promise<Reader> {
  const titleCode = options.titleCode ?? 'FVN';
  const spidId = `purring-${(readers += 1)}-${Date.now()}`;
  const email = `${spidId}@demo.minside.no`;
  await registerIdentity(t.db, {
    spidId,
    email,
    password: 'not-used-here',
    givenName: 'Pål',
    familyName: 'Purring',
    phoneNumber: '',
    birthDate: '1970-01-01',
    userKind: 'subscriber',
  });
  const s = await sessionFor(t, email, titleCode);
  const created = await s.request({
    method: 'POST',
    url: '/api/account',
    payload: { accountBalance: 0, spidId, firstTitleCode: titleCode },
  });
  expect(created.statusCode).toBe(201);
  const accountNo = created.json().ariaAccountNo as string;
  const [plan] = await t.db.query<{ id: number }>(
    `select id from plans where title_code = $1 and product_type = 'DIGITAL'
        and period = 'Kvartalsvis' and active order by id limit 1`,
    [titleCode],
  );
  const subscriptionNo = await importSubscription(t.db, {
    ariaAccountNo: accountNo,
    titleCode,
    planId: Number(plan!.id),
    status: options.status ?? S.ACTIVE,
    paymentProvider: options.provider ?? 'BANKGIRO',
    card: null,
    eligibleForSharing: true,
    subscriptionInfo1: null,
    renewalDate: options.renewalDate,
    expiryDate: null,
    pendingPlanId: null,
    createdAt: new Date(at('2025-01-02')),
  });
  return { accountNo, email, subscriptionNo, titleCode };
}

/** An invoice (or charge) of the reader's subscription issued on `issuedOn`, as the jobs write it. */
async function billed(
  r: Reader,
  issuedOn: string,
  kind: 'invoice' | 'charge' = 'invoice',
): Promise<string> {
  const eventId = await recordImportedRenewal(t.db, {
    subscriptionNo: r.subscriptionNo,
    ariaAccountNo: r.accountNo,
    periodStart: issuedOn,
    occurredAt: new Date(at(issuedOn)),
  });
  const [plan] = await t.db.query<{ plan_id: number }>(
    'select plan_id from subscriptions where subscription_no = $1',
    [r.subscriptionNo],
  );
  await recordBillingEffect(
    t.db,
    eventId,
    r.subscriptionNo,
    {
      kind,
      reason: 'renewal',
      amountOre: 79_900,
      currency: 'NOK',
      periodStart: issuedOn,
      periodEnd: addDays(issuedOn, 89),
      provider: kind === 'charge' ? 'SWEDBANK-PPG' : 'BANKGIRO',
      planId: Number(plan!.plan_id),
    },
    new Date(at(issuedOn)),
  );
  const [effect] = await t.db.query<{ id: number }>(
    'select id from billing_effects where event_id = $1',
    [eventId],
  );
  return invoiceNo(effect!.id);
}

/** Runs the dunning job on `date` (08:00 Oslo unless told). */
async function dunOn(date: string, hour = 8) {
  t.clock.set(at(date, hour));
  return runDunning(t.db, t.clock);
}

const mailsTo = (email: string) =>
  t.db.query<{ body: string }>(
    `select body from outbox where channel = 'email' and recipient = $1 order by id`,
    [email],
  );

const statusOf = async (r: Reader) => {
  const [row] = await t.db.query<{ status_code: number }>(
    'select status_code from subscriptions where subscription_no = $1',
    [r.subscriptionNo],
  );
  return row!.status_code;
};

const noticesOf = (r: Reader) =>
  t.db.query<{ kind: string; suspends_on: string; email: string | null }>(
    `select kind, suspends_on::text as suspends_on, email from dunning_notices
      where subscription_no = $1 order by id`,
    [r.subscriptionNo],
  );

/** A session of the reader as of the clock (a session ends after 12 hours). */
const session = (r: Reader): Promise<TestSession> => sessionFor(t, r.email, r.titleCode);

const homeOf = async (r: Reader) => {
  const response = await (
    await session(r)
  ).request({
    method: 'GET',
    url: `/api/subscription/${r.accountNo}/${r.titleCode}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('the rule as plain functions', () => {
  const due = '2026-03-26';

  it('suspends 14 days after the due date, or the day a reminder named', () => {
    expect(suspensionDay(due, DEFAULT_DUNNING_TERMS, '2026-03-27', null)).toBe('2026-04-09');
    expect(suspensionDay(due, DEFAULT_DUNNING_TERMS, '2026-04-02', null)).toBe('2026-04-09');
    expect(suspensionDay(due, DEFAULT_DUNNING_TERMS, '2026-05-01', '2026-04-20')).toBe(
      '2026-04-20',
    );
  });

  it('gives a reminder sent late (no reminder yet after its day) a week before suspending', () => {
    expect(suspensionDay(due, DEFAULT_DUNNING_TERMS, '2026-04-03', null)).toBe('2026-04-10');
    expect(suspensionDay(due, DEFAULT_DUNNING_TERMS, '2026-06-01', null)).toBe('2026-06-08');
  });

  it('finds Oslo midnight in winter and summer time', () => {
    expect(osloMidnight('2026-03-28').toISOString()).toBe('2026-03-27T23:00:00.000Z');
    expect(osloMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(osloMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('has defaults for every title and refuses terms that cannot work', () => {
    expect(dunningTermsOf('FVN')).toEqual({ reminderDays: 7, suspensionDays: 14 });
    expect(dunningTermsOf('fir')).toEqual(DEFAULT_DUNNING_TERMS);
    expect(() => validateTerms('X', { reminderDays: 0, suspensionDays: 14 })).toThrow(
      /reminderDays/,
    );
    expect(() => validateTerms('X', { reminderDays: 7, suspensionDays: 7 })).toThrow(
      /suspensionDays/,
    );
    expect(() => validateTerms('X', { reminderDays: 7.5, suspensionDays: 14 })).toThrow();
  });
});

describe('an unpaid giro invoice, day by day', () => {
  // Renews on 12 March: the renewal job issues the giro invoice, due 26 March. Reminder on
  // 2 April, suspension on 9 April (summer time from 29 March).
  let r: Reader;
  let no: string;

  beforeAll(async () => {
    r = await reader({ renewalDate: '2026-03-12' });
    t.clock.set(at('2026-03-12'));
    await runDueJobs(t.db, t.clock);
    const [effect] = await t.db.query<{ id: number; kind: string }>(
      `select id, kind from billing_effects where subscription_no = $1`,
      [r.subscriptionNo],
    );
    expect(effect!.kind).toBe('invoice');
    no = invoiceNo(effect!.id);
  });

  it('does nothing while it is not due, and shows the suspension day on the home page', async () => {
    await dunOn('2026-03-26', 23);
    const home = await homeOf(r);
    expect(home.subscription.unpaidInvoices).toEqual([
      {
        ariaInvoiceNo: no,
        amount: expect.any(Number),
        dueDate: '2026-03-26',
        overdue: false,
        suspendsOn: '2026-04-09',
        paymentFailure: null,
      },
    ]);
    expect(await noticesOf(r)).toEqual([]);
  });

  it('sends no reminder the day before the reminder day (6 days overdue)', async () => {
    await dunOn('2026-04-01', 23);
    expect(await noticesOf(r)).toEqual([]);
    expect(await mailsTo(r.email)).toEqual([]);
  });

  it('sends one reminder on the reminder day, in bokmål, naming the suspension day', async () => {
    const run = await dunOn('2026-04-02', 0);
    expect(run.reminders).toBeGreaterThanOrEqual(1);
    expect(await noticesOf(r)).toEqual([
      { kind: 'reminder', suspends_on: '2026-04-09', email: r.email },
    ]);
    const [mail] = await mailsTo(r.email);
    expect(mail!.body).toMatch(/^Påminnelse: Fakturaen fra Fædrelandsvennen er ikke betalt\n\n/);
    expect(mail!.body).toContain('Hei Pål,');
    expect(mail!.body).toContain(`faktura ${no} på kr 799,00, som forfalt 26. mars 2026`);
    expect(mail!.body).toContain('Betal fakturaen innen 8. april 2026.');
    expect(mail!.body).toContain('stanset fra 9. april 2026 til fakturaen er betalt');
    expect(mail!.body).toContain(`https://minside.fvn.no/betal-faktura/${no}`);
    expect(mail!.body).toMatch(/konto \d{4}\.\d{2}\.\d{5} med KID \d+/);
  });

  it('never sends it twice, however often the job runs', async () => {
    await dunOn('2026-04-02', 12);
    await dunOn('2026-04-05');
    expect(await mailsTo(r.email)).toHaveLength(1);
    expect(await noticesOf(r)).toHaveLength(1);
  });

  it('does not suspend the day before the suspension day', async () => {
    await dunOn('2026-04-08', 23);
    expect(await statusOf(r)).toBe(S.ACTIVE);
    expect((await homeOf(r)).subscription.suspension).toBeNull();
  });

  it('suspends on the day, through the engine (audited), and e-mails why and how to pay', async () => {
    const run = await dunOn('2026-04-09', 0);
    expect(run.suspensions).toBeGreaterThanOrEqual(1);
    expect(await statusOf(r)).toBe(S.SUSPENDED);
    const events = await subscriptionEvents(t.db, r.subscriptionNo);
    const suspend = events.filter((e) => e.kind === 'suspend');
    expect(suspend).toHaveLength(1);
    expect(suspend[0]).toMatchObject({
      fromStatus: S.ACTIVE,
      toStatus: S.SUSPENDED,
      actor: 'job',
      dedupeKey: `suspend:${no}`,
    });
    expect(suspend[0]!.detail).toMatchObject({
      command: { kind: 'suspend', ariaInvoiceNo: no, suspendsOn: '2026-04-09' },
      context: { ariaInvoiceNo: no, dueDate: '2026-03-26' },
    });
    const mails = await mailsTo(r.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body).toMatch(/^Abonnementet ditt hos Fædrelandsvennen er stanset\n\n/);
    expect(mails[1]!.body).toContain(
      `er stanset fordi faktura ${no} på kr 799,00 forfalt 26. mars 2026 og fortsatt ikke er betalt`,
    );
    expect(mails[1]!.body).toContain('får du tilgangen tilbake med en gang');
    expect(mails[1]!.body).toContain(`https://minside.fvn.no/betal-faktura/${no}`);
  });

  it('tells the home page why, and the reader still reaches the invoice', async () => {
    const home = await homeOf(r);
    expect(home.hasSubscription).toBe(false);
    expect(home.subscription).toMatchObject({
      status: 'SUSPENDED',
      hasSubscription: false,
      suspension: { ariaInvoiceNo: no, amount: 79_900, dueDate: '2026-03-26', since: '2026-04-09' },
    });
    // Nothing more to come from the job for a suspended subscription.
    expect(home.subscription.unpaidInvoices).toEqual([
      expect.objectContaining({ ariaInvoiceNo: no, overdue: true, suspendsOn: null }),
    ]);
    const s = await session(r);
    const invoice = await s.request({ method: 'GET', url: `/api/invoice/${no}` });
    expect(invoice.json()).toMatchObject({ status: 'UNPAID', overdue: true });
    const changes = await s.request({
      method: 'GET',
      url: `/api/subscription/${r.accountNo}/${r.titleCode}/changes`,
    });
    expect(changes.json().changes[0]).toMatchObject({
      kind: 'suspended',
      actor: 'job',
      fromStatus: 'ACTIVE',
      toStatus: 'SUSPENDED',
    });
  });

  it('does not let the suspended reader buy the title again instead of paying', async () => {
    const quote = await (
      await session(r)
    ).request({
      method: 'POST',
      url: '/api/orders/quote',
      payload: {
        kind: 'new',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig',
      },
    });
    expectProblem(quote, 409, 'ALREADY_SUBSCRIBER');
  });

  it('does nothing more on later runs', async () => {
    await dunOn('2026-04-09', 12);
    await dunOn('2026-04-10');
    expect(await mailsTo(r.email)).toHaveLength(2);
    expect((await subscriptionEvents(t.db, r.subscriptionNo)).map((e) => e.kind)).toEqual([
      'renew',
      'suspend',
    ]);
  });

  it('resumes when the reader pays the invoice (sandbox, card), and is not suspended again', async () => {
    t.clock.set(at('2026-04-10', 10));
    await payByCard(r, no);
    expect(await statusOf(r)).toBe(S.ACTIVE);
    const home = await homeOf(r);
    expect(home.subscription).toMatchObject({
      status: 'ACTIVE',
      hasSubscription: true,
      suspension: null,
      unpaidInvoices: [],
    });
    const events = await subscriptionEvents(t.db, r.subscriptionNo);
    expect(events.map((e) => e.kind)).toEqual(['renew', 'suspend', 'resume']);
    // The job leaves a paid invoice alone.
    await dunOn('2026-04-11');
    await dunOn('2026-05-01');
    expect(await statusOf(r)).toBe(S.ACTIVE);
    // The reminder, the suspension, and the receipt for the payment: nothing more.
    const mails = await mailsTo(r.email);
    expect(mails.map((m) => m.body.split('\n')[0])).toEqual([
      'Påminnelse: Fakturaen fra Fædrelandsvennen er ikke betalt',
      'Abonnementet ditt hos Fædrelandsvennen er stanset',
      'Kvittering for betalingen til Fædrelandsvennen',
    ]);
    expect(mails[2]!.body).toContain(`Faktura: ${no}`);
  });
});

describe('what the job leaves alone', () => {
  it('dunns only the giro invoice of a running subscription', async () => {
    const giro = await reader({ renewalDate: '2026-06-01' });
    const card = await reader({ renewalDate: '2026-06-01', provider: 'SWEDBANK-PPG' });
    const paid = await reader({ renewalDate: '2026-06-01' });
    const cancelled = await reader({ renewalDate: '2026-06-01', status: S.CANCELLED });
    const suspended = await reader({ renewalDate: '2026-06-01', status: S.SUSPENDED });
    await billed(giro, '2026-03-01');
    await billed(card, '2026-03-01', 'charge');
    await t.db.query(`update billing_effects set status = 'failed' where subscription_no = $1`, [
      card.subscriptionNo,
    ]);
    await billed(paid, '2026-03-01');
    await t.db.query(
      `update billing_effects set status = 'paid', settled_at = now() where subscription_no = $1`,
      [paid.subscriptionNo],
    );
    await billed(cancelled, '2026-03-01');
    await billed(suspended, '2026-03-01');

    // Due 15 March: reminder 22 March, suspension 29 March.
    await dunOn('2026-03-22');
    await dunOn('2026-03-29');
    expect(await statusOf(giro)).toBe(S.SUSPENDED);
    for (const left of [card, paid, cancelled, suspended]) {
      expect(await noticesOf(left)).toEqual([]);
      expect(await mailsTo(left.email)).toEqual([]);
    }
    expect(await statusOf(card)).toBe(S.ACTIVE);
    expect(await statusOf(paid)).toBe(S.ACTIVE);
    expect(await statusOf(cancelled)).toBe(S.CANCELLED);
    // The home page promises no suspension for the card charge: a failed charge is dunned from
    // the day its failure e-mail names (the billing job's, recurring-charges.test.ts), and this
    // one was never told about.
    const home = await homeOf(card);
    expect(home.subscription.unpaidInvoices).toEqual([
      expect.objectContaining({ overdue: true, suspendsOn: null }),
    ]);
  });

  it('goes on after a cancellation: the unpaid period is reminded and suspended, paying gives back the cancelled subscription, and it ends on its day', async () => {
    // Renewed 1 March by giro (the quarter to 31 May unpaid), then cancelled on 5 March.
    const r = await reader({ renewalDate: '2026-06-01' });
    const no = await billed(r, '2026-03-01');
    t.clock.set(at('2026-03-05'));
    const options = { clock: t.clock, actor: 'user' as const, ariaAccountNo: r.accountNo };
    await applyCommand(t.db, r.subscriptionNo, { kind: 'cancel', reason: 'price' }, options);
    expect(await statusOf(r)).toBe(S.PENDING_CANCELLATION);
    expect((await homeOf(r)).subscription.unpaidInvoices).toEqual([
      expect.objectContaining({ ariaInvoiceNo: no, suspendsOn: '2026-03-29' }),
    ]);

    await dunOn('2026-03-22');
    expect((await noticesOf(r)).map((n) => n.kind)).toEqual(['reminder']);
    await dunOn('2026-03-29');
    expect(await statusOf(r)).toBe(S.SUSPENDED);
    expect((await noticesOf(r)).map((n) => n.kind)).toEqual(['reminder', 'suspension']);

    // Paid: access comes back until the day it ends, as cancelled.
    t.clock.set(at('2026-04-02', 10));
    await payByCard(r, no);
    expect(await statusOf(r)).toBe(S.PENDING_CANCELLATION);
    t.clock.set(at('2026-06-01'));
    await runDueJobs(t.db, t.clock);
    expect(await statusOf(r)).toBe(S.CANCELLED);
  });

  it('lets a suspended reader cancel: it renews no more, the unpaid amount is still owed, and it ends on its day', async () => {
    const r = await reader({ renewalDate: '2026-06-01' });
    const no = await billed(r, '2026-03-01');
    await dunOn('2026-03-22');
    await dunOn('2026-03-29');
    expect(await statusOf(r)).toBe(S.SUSPENDED);
    t.clock.set(at('2026-04-02', 10));
    const cancelled = await (
      await session(r)
    ).request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload: { subscriptionNo: r.subscriptionNo, reason: 'price', acceptedWinback: false },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({
      subscriptionNo: r.subscriptionNo,
      instStatusCode: S.SUSPENDED,
      expiryDate: '2026-05-31',
    });
    const home = (await homeOf(r)).subscription;
    expect(home).toMatchObject({
      renewalDate: null,
      expiryDate: '2026-05-31',
      hasSubscription: false,
    });
    expect(home.unpaidInvoices).toEqual([expect.objectContaining({ ariaInvoiceNo: no })]);
    // Paid after all: access until the day it ends, as a cancellation in waiting.
    await payByCard(r, no);
    expect(await statusOf(r)).toBe(S.PENDING_CANCELLATION);
    t.clock.set(at('2026-06-01'));
    await runDueJobs(t.db, t.clock);
    expect(await statusOf(r)).toBe(S.CANCELLED);
  });

  it('ends a cancelled subscription on its day even while it is suspended for an unpaid invoice', async () => {
    const r = await reader({ renewalDate: '2026-06-01' });
    await billed(r, '2026-03-01');
    t.clock.set(at('2026-03-05'));
    const options = { clock: t.clock, actor: 'user' as const, ariaAccountNo: r.accountNo };
    await applyCommand(t.db, r.subscriptionNo, { kind: 'cancel', reason: 'price' }, options);
    await dunOn('2026-03-22');
    await dunOn('2026-03-29');
    expect(await statusOf(r)).toBe(S.SUSPENDED);
    t.clock.set(at('2026-05-31'));
    await runDueJobs(t.db, t.clock);
    expect(await statusOf(r)).toBe(S.SUSPENDED);
    t.clock.set(at('2026-06-01'));
    await runDueJobs(t.db, t.clock);
    expect(await statusOf(r)).toBe(S.CANCELLED);
    // Nothing is dunned after the end.
    await dunOn('2026-06-10');
    expect((await noticesOf(r)).map((n) => n.kind)).toEqual(['reminder', 'suspension']);
  });

  it('gives an invoice found long after its reminder day a week’s notice, in nynorsk for Firda', async () => {
    const r = await reader({ titleCode: 'FIR', renewalDate: '2026-06-01' });
    const no = await billed(r, '2026-01-05'); // due 19 January
    await dunOn('2026-03-10');
    expect(await noticesOf(r)).toEqual([
      { kind: 'reminder', suspends_on: '2026-03-17', email: r.email },
    ]);
    const [reminder] = await mailsTo(r.email);
    expect(reminder!.body).toMatch(/^Påminning: Fakturaen frå Firda er ikkje betalt\n\n/);
    expect(reminder!.body).toContain(`faktura ${no} på kr 799,00, som forfall 19. januar 2026`);
    expect(reminder!.body).toContain('Betal fakturaen innan 16. mars 2026.');
    expect(reminder!.body).toContain('https://minside.firda.no/betal-faktura/');
    await dunOn('2026-03-16', 23);
    expect(await statusOf(r)).toBe(S.ACTIVE);
    await dunOn('2026-03-17');
    expect(await statusOf(r)).toBe(S.SUSPENDED);
    const mails = await mailsTo(r.email);
    expect(mails[1]!.body).toMatch(/^Abonnementet ditt hos Firda er stansa\n\n/);
    expect(mails[1]!.body).toContain(
      `er stansa fordi faktura ${no} på kr 799,00 forfall 19. januar 2026 og framleis ikkje er betalt`,
    );
    expect(mails[1]!.body).toContain('Helsing\nFirda');
  });

  it('keeps a subscription suspended while another invoice past its day is unpaid', async () => {
    const r = await reader({ renewalDate: '2026-09-01' });
    const first = await billed(r, '2026-02-01'); // due 15 February
    const second = await billed(r, '2026-02-03'); // due 17 February
    await dunOn('2026-03-10'); // both reminded late: suspension 17 March
    await dunOn('2026-03-17');
    expect(await statusOf(r)).toBe(S.SUSPENDED);
    // One suspension, for the invoice claimed first; the other is part of the reason.
    expect((await noticesOf(r)).map((n) => n.kind)).toEqual(['reminder', 'reminder', 'suspension']);
    const firstId = Number(first) - INVOICE_NUMBER_OFFSET;
    const secondId = Number(second) - INVOICE_NUMBER_OFFSET;
    expect(await suspendedByAnotherInvoice(t.db, r.subscriptionNo, firstId, '2026-03-17')).toBe(
      true,
    );
    // The first is paid (settled as the payment order does): the second keeps it suspended.
    t.clock.set(at('2026-03-18'));
    await payByCard(r, first);
    expect(await statusOf(r)).toBe(S.SUSPENDED);
    expect((await homeOf(r)).subscription.suspension).toMatchObject({ ariaInvoiceNo: second });
    await payByCard(r, second);
    expect(await statusOf(r)).toBe(S.ACTIVE);
    expect(await suspendedByAnotherInvoice(t.db, r.subscriptionNo, secondId, '2026-03-18')).toBe(
      false,
    );
  });

  it('pays an invoice at most once (a second payment is refused, nothing changes)', async () => {
    const r = await reader({ renewalDate: '2026-09-01' });
    const no = await billed(r, '2026-02-01');
    t.clock.set(at('2026-03-10'));
    await payByCard(r, no);
    const again = await (
      await session(r)
    ).request({
      method: 'POST',
      url: `/api/invoice/${no}/pay`,
      headers: { 'idempotency-key': `dunning-again-${Date.now()}-abcdef` },
      payload: { paymentProvider: 'VIPPS' },
    });
    expectProblem(again, 409, 'INVOICE_PAID');
    await dunOn('2026-03-20');
    expect(await noticesOf(r)).toEqual([]);
  });
});

async function payByCard(r: Reader, no: string) {
  const s = await session(r);
  const order = await s.request({
    method: 'POST',
    url: `/api/invoice/${no}/pay`,
    headers: { 'idempotency-key': `dunning-${no}-${Date.now()}-abcdef` },
    payload: { paymentProvider: 'SWEDBANK-PPG' },
  });
  expect(order.statusCode).toBe(201);
  await onPaymentPage(t, order.json().redirectUrl, 'approve');
  const done = await s.request({
    method: 'POST',
    url: `/api/orders/${order.json().orderId}/complete`,
  });
  expect(done.json()).toMatchObject({ status: 'COMPLETED' });
}

describe('two runs at once (two instances)', () => {
  it(`send each reminder and make each suspension once${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const many = await Promise.all(
      ['FVN', 'ADR', 'FIR', 'SET', 'FVN', 'ADR'].map((titleCode) =>
        reader({ titleCode, renewalDate: '2026-12-01' }),
      ),
    );
    for (const r of many) await billed(r, '2026-05-04'); // due 18 May
    const before = await t.db.query<{ n: number }>(
      `select count(*)::int as n from dunning_notices`,
    );

    t.clock.set(at('2026-05-25'));
    const reminders = await Promise.all([
      runDunning(t.db, t.clock),
      runDunning(t.db, t.clock),
      runDunning(t.db, t.clock),
    ]);
    for (const r of many) {
      expect(await noticesOf(r)).toEqual([
        { kind: 'reminder', suspends_on: '2026-06-01', email: r.email },
      ]);
      expect(await mailsTo(r.email)).toHaveLength(1);
    }
    const after = await t.db.query<{ n: number }>(`select count(*)::int as n from dunning_notices`);
    expect(reminders.reduce((sum, run) => sum + run.reminders, 0)).toBe(after[0]!.n - before[0]!.n);
    expect(reminders.flatMap((run) => run.errors)).toEqual([]);

    t.clock.set(at('2026-06-01'));
    const suspensions = await Promise.all([
      runDunning(t.db, t.clock),
      runDunning(t.db, t.clock),
      runDunning(t.db, t.clock),
    ]);
    expect(suspensions.flatMap((run) => run.errors)).toEqual([]);
    for (const r of many) {
      expect(await statusOf(r)).toBe(S.SUSPENDED);
      const events = await subscriptionEvents(t.db, r.subscriptionNo);
      expect(events.filter((e) => e.kind === 'suspend')).toHaveLength(1);
      expect(await mailsTo(r.email)).toHaveLength(2);
    }
    expect(suspensions.reduce((sum, run) => sum + run.suspensions, 0)).toBeGreaterThanOrEqual(
      many.length,
    );
  });
});

describe('an invoice whose claim fails', () => {
  it('is logged with its number and counted as failed, and the next invoice still gets its reminder', async () => {
    const broken = await reader({ renewalDate: '2026-12-01' });
    const next = await reader({ renewalDate: '2026-12-01' });
    const brokenNo = await billed(broken, '2026-09-01'); // due 15 September, reminder 22nd
    const nextNo = await billed(next, '2026-09-01');
    expect(Number(brokenNo)).toBeLessThan(Number(nextNo)); // claimed first
    // The outbox refuses the broken reader's e-mail (a fault in that row, not in the job).
    await t.db.exec(`
      create function refuse_broken_mail() returns trigger language plpgsql as $$
      begin
        if new.recipient = '${broken.email}' then
          raise exception 'outbox refused %', new.recipient;
        end if;
        return new;
      end $$;
      create trigger refuse_broken_mail before insert on outbox
        for each row execute function refuse_broken_mail();`);
    const logged: { obj: object; msg: string }[] = [];
    try {
      for (let run = 0; run < 2; run += 1) {
        t.clock.set(at('2026-09-22'));
        const result = await runDunning(t.db, t.clock, {
          error: (obj, msg) => logged.push({ obj, msg }),
        });
        const mine = result.errors.filter((e) => e.ariaInvoiceNo === brokenNo);
        expect(mine).toEqual([
          {
            billingEffectId: String(Number(brokenNo) - INVOICE_NUMBER_OFFSET),
            ariaInvoiceNo: brokenNo,
            message: expect.stringContaining('outbox refused'),
          },
        ]);
        expect(result.failed).toBeGreaterThanOrEqual(1);
      }
      // Each run reported it at error level, with the invoice number; nothing of it was kept.
      expect(
        logged.filter((l) => (l.obj as { ariaInvoiceNo?: string }).ariaInvoiceNo === brokenNo),
      ).toEqual([
        {
          obj: expect.objectContaining({ ariaInvoiceNo: brokenNo, step: 'reminders' }),
          msg: 'dunning failed for an invoice',
        },
        {
          obj: expect.objectContaining({ ariaInvoiceNo: brokenNo, step: 'reminders' }),
          msg: 'dunning failed for an invoice',
        },
      ]);
      expect(await noticesOf(broken)).toEqual([]);
      // The invoice after it got its reminder on the first run, once.
      expect(await noticesOf(next)).toEqual([
        { kind: 'reminder', suspends_on: '2026-09-29', email: next.email },
      ]);
      expect(await mailsTo(next.email)).toHaveLength(1);
    } finally {
      await t.db.exec(`drop trigger refuse_broken_mail on outbox;
        drop function refuse_broken_mail();`);
    }
    // Once the fault is gone, the next run sends the broken one's reminder too.
    t.clock.set(at('2026-09-23'));
    const healed = await runDunning(t.db, t.clock);
    expect(healed.errors).toEqual([]);
    expect(await noticesOf(broken)).toEqual([
      { kind: 'reminder', suspends_on: '2026-09-30', email: broken.email },
    ]);
  });
});

describe('an invoice of 0 kr', () => {
  it('is never dunned (it cannot be paid)', async () => {
    const r = await reader({ renewalDate: '2026-12-01' });
    const no = await billed(r, '2026-10-01');
    // As no writer leaves one any more (billing records 0 kr paid): an open invoice of 0 kr.
    await t.db.query('update billing_effects set amount_ore = 0 where id = $1', [
      String(Number(no) - INVOICE_NUMBER_OFFSET),
    ]);
    await dunOn('2026-10-22');
    await dunOn('2026-11-20');
    expect(await noticesOf(r)).toEqual([]);
    expect(await statusOf(r)).toBe(S.ACTIVE);
    expect((await homeOf(r)).subscription.unpaidInvoices).toEqual([]);
  });
});
