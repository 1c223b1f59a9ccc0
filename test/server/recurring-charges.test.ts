// Renewals charge what they name: a purchase leaves the mandate renewals are charged
// to (a stored card, a Vipps agreement), the billing job charges that mandate with the day it is
// due, follows a charge the provider has not decided, keeps why one failed and tries again on
// schedule (never a mandate that is gone), a new payment method takes the failed charges at once
// and stops the mandate it replaces, and two runs at once never charge one attempt twice. Against
// the embedded sandbox, which behaves as the two providers do (a card at once; Vipps on its due
// day, tried until its retry days are over). On PGlite, and on PostgreSQL with DATABASE_URL.
import { describe, expect, it } from '@jest/globals';

import { applyCommand } from '../../src/server/domain/subscriptions/lifecycle';
import {
  CHARGE_RETRY_AFTER_DAYS,
  nextAttempt,
  settleOpenCharges,
  VIPPS_RETRY_DAYS,
} from '../../src/server/jobs/billing';
import { runDunning } from '../../src/server/jobs/dunning';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import type { PaymentPort } from '../../src/server/payments/port';
import type { SandboxPaymentProvider } from '../../src/server/payments/sandbox';
import { SubscriptionStatus } from '../../src/shared/subscription/status';
import { addDays } from '../../src/shared/time/oslo';

import { digitalMonthly, newReader, onPaymentPage } from './order-support';
import { newIdentitySession, type TestSession } from './session-support';
import { buildTestApp, usingPostgres } from './support';

// Without the demo readers: the charges of a run are this test's own.
const t = buildTestApp({ perTest: true, demoData: false });

let keys = 0;
const newKey = () => `recurring-${Date.now()}-${(keys += 1)}-abcdef`;

const sandbox = () => t.app.services.payments as SandboxPaymentProvider;

/** Orders FVN's digital plan monthly with `method`, approves it and completes: the subscription. */
async function buyWith(method: 'SWEDBANK-PPG' | 'VIPPS') {
  const { s, accountNo } = await newReader(t);
  const placed = await s.request({
    method: 'POST',
    url: '/api/orders',
    payload: { ...digitalMonthly, paymentProvider: method },
    headers: { 'idempotency-key': newKey() },
  });
  expect(placed.statusCode).toBe(201);
  await onPaymentPage(t, placed.json().redirectUrl, 'approve');
  const done = await s.request({
    method: 'POST',
    url: `/api/orders/${placed.json().orderId}/complete`,
  });
  expect(done.json()).toMatchObject({ status: 'COMPLETED' });
  return { s, accountNo, subscriptionNo: done.json().subscriptionNo as string };
}

async function subscriptionRow(subscriptionNo: string) {
  const [row] = await t.db.query<{
    payment_provider: string;
    payment_agreement_id: string | null;
    renewal_date: string;
  }>(
    `select payment_provider, payment_agreement_id, renewal_date::text as renewal_date
       from subscriptions where subscription_no = $1`,
    [subscriptionNo],
  );
  return row!;
}

interface ChargeRow {
  [column: string]: unknown;
  id: string;
  status: string;
  attempts: number;
  failure: string | null;
  retry_at: Date | string | null;
  payment_id: string | null;
}

async function renewalCharge(subscriptionNo: string): Promise<ChargeRow> {
  const [row] = await t.db.query<ChargeRow>(
    `select id, status, attempts, failure, retry_at, payment_id from billing_effects
      where subscription_no = $1 and kind = 'charge' and reason = 'renewal'
      order by id desc limit 1`,
    [subscriptionNo],
  );
  return row!;
}

/** The sandbox, keeping the charges asked of it (and their idempotency keys). */
function counting(port: PaymentPort) {
  const keysAsked: string[] = [];
  const requests: Parameters<PaymentPort['chargeRecurring']>[0][] = [];
  const counted = new Proxy(port, {
    get(target, property) {
      if (property === 'chargeRecurring')
        return async (request: Parameters<PaymentPort['chargeRecurring']>[0]) => {
          keysAsked.push(request.idempotencyKey);
          requests.push(request);
          return target.chargeRecurring(request);
        };
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  }) as PaymentPort;
  return { counted, keysAsked, requests };
}

const settle = (payments: PaymentPort = t.app.services.payments) =>
  settleOpenCharges({ db: t.db, payments, now: () => t.clock.now() });

/** Moves to the morning of `date` (Oslo) and runs the subscription jobs. */
async function jobsOn(date: string) {
  t.clock.set(`${date}T08:00:00+01:00`);
  const run = await runDueJobs(t.db, t.clock);
  expect(run.errors).toEqual([]);
}

/** What the tester does on the sandbox agreement's page (stop, expire, fail-funds …). */
const onAgreementPage = (agreementId: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/agreement/${agreementId}`,
    headers: { host: 'fvn.localhost', origin: 'http://fvn.localhost' },
    payload: { action },
  });

describe('a purchase leaves what renewals charge', () => {
  it('a card purchase stores the card at the provider; the renewal charges it, due on its day', async () => {
    const { subscriptionNo } = await buyWith('SWEDBANK-PPG');
    const row = await subscriptionRow(subscriptionNo);
    expect(row.payment_agreement_id).toMatch(/^card_/);
    const mandate = await sandbox().getMandate({
      method: 'SWEDBANK-PPG',
      id: row.payment_agreement_id!,
    });
    expect(mandate).toMatchObject({ status: 'ACTIVE', card: { maskedNumber: '************0004' } });

    const { counted, keysAsked, requests } = counting(t.app.services.payments);
    await jobsOn(row.renewal_date);
    expect(await settle(counted)).toEqual({ paid: 1, failed: 0, pending: 0 });
    expect(requests).toEqual([
      expect.objectContaining({
        mandate: { method: 'SWEDBANK-PPG', id: row.payment_agreement_id },
        due: row.renewal_date,
        retryDays: 0,
      }),
    ]);
    expect(keysAsked).toHaveLength(1);
    expect(await renewalCharge(subscriptionNo)).toMatchObject({ status: 'paid', attempts: 1 });
  });

  it('a Vipps purchase leaves an agreement; its charge waits for the due day, then is taken', async () => {
    const { subscriptionNo } = await buyWith('VIPPS');
    const row = await subscriptionRow(subscriptionNo);
    expect(row.payment_agreement_id).toMatch(/^agr_/);
    expect(
      (await sandbox().getMandate({ method: 'VIPPS', id: row.payment_agreement_id! })).status,
    ).toBe('ACTIVE');
    await jobsOn(row.renewal_date);
    // The run is early in the morning of the due day: Vipps takes it that day.
    expect(await settle()).toEqual({ paid: 1, failed: 0, pending: 0 });
    expect(await renewalCharge(subscriptionNo)).toMatchObject({ status: 'paid' });
  });
});

describe('a charge that fails', () => {
  it('keeps why, and is tried again 3 and 7 days after it was due; a charge that then goes through is paid', async () => {
    const { subscriptionNo } = await buyWith('SWEDBANK-PPG');
    const row = await subscriptionRow(subscriptionNo);
    expect((await onAgreementPage(row.payment_agreement_id!, 'fail-funds')).statusCode).toBe(200);
    const { counted, keysAsked } = counting(t.app.services.payments);

    await jobsOn(row.renewal_date);
    expect(await settle(counted)).toEqual({ paid: 0, failed: 1, pending: 0 });
    const first = await renewalCharge(subscriptionNo);
    expect(first).toMatchObject({ status: 'failed', attempts: 1, failure: 'USER_ACTION_REQUIRED' });
    expect(new Date(first.retry_at!).getTime()).toBe(
      t.clock.now().getTime() + CHARGE_RETRY_AFTER_DAYS[0]! * 86_400_000,
    );

    // Not before its time.
    await jobsOn(addDays(row.renewal_date, 2));
    expect(await settle(counted)).toEqual({ paid: 0, failed: 0, pending: 0 });
    await jobsOn(addDays(row.renewal_date, 3));
    expect(await settle(counted)).toEqual({ paid: 0, failed: 1, pending: 0 });
    expect(await renewalCharge(subscriptionNo)).toMatchObject({ status: 'failed', attempts: 2 });

    // The reader fixed it in the bank; the last try goes through.
    await onAgreementPage(row.payment_agreement_id!, 'charges-ok');
    await jobsOn(addDays(row.renewal_date, 7));
    expect(await settle(counted)).toEqual({ paid: 1, failed: 0, pending: 0 });
    expect(await renewalCharge(subscriptionNo)).toMatchObject({
      status: 'paid',
      attempts: 3,
      failure: null,
      retry_at: null,
    });
    const id = first.id;
    expect(keysAsked).toEqual([`charge-${id}`, `charge-${id}-2`, `charge-${id}-3`]);
  });

  it('after the last try it waits for the reader (no retry by itself)', () => {
    const failedAt = new Date('2026-03-01T07:00:00Z');
    expect(nextAttempt(1, 'USER_ACTION_REQUIRED', failedAt)).toEqual(
      new Date('2026-03-04T07:00:00Z'),
    );
    expect(nextAttempt(2, 'TECHNICAL', failedAt)).toEqual(new Date('2026-03-05T07:00:00Z'));
    expect(nextAttempt(3, 'USER_ACTION_REQUIRED', failedAt)).toBeNull();
    expect(nextAttempt(1, 'MANDATE_INACTIVE', failedAt)).toBeNull();
    expect(nextAttempt(1, 'NO_MANDATE', failedAt)).toBeNull();
  });

  it('an expired card is not tried again by itself', async () => {
    const card = await buyWith('SWEDBANK-PPG');
    const cardRow = await subscriptionRow(card.subscriptionNo);
    await onAgreementPage(cardRow.payment_agreement_id!, 'expire');
    const { counted, keysAsked } = counting(t.app.services.payments);
    await jobsOn(cardRow.renewal_date);
    await settle(counted);
    expect(await renewalCharge(card.subscriptionNo)).toMatchObject({
      status: 'failed',
      failure: 'MANDATE_INACTIVE',
      retry_at: null,
    });
    await jobsOn(addDays(cardRow.renewal_date, 10));
    await settle(counted);
    const { id } = await renewalCharge(card.subscriptionNo);
    expect(keysAsked.filter((k) => k.startsWith(`charge-${id}`))).toEqual([`charge-${id}`]);
  });

  it('a subscription with no mandate is not sent to the provider: failed, NO_MANDATE', async () => {
    const { subscriptionNo } = await buyWith('SWEDBANK-PPG');
    const row = await subscriptionRow(subscriptionNo);
    await t.db.query(
      'update subscriptions set payment_agreement_id = null where subscription_no = $1',
      [subscriptionNo],
    );
    const { counted, keysAsked } = counting(t.app.services.payments);
    await jobsOn(row.renewal_date);
    expect(await settle(counted)).toEqual({ paid: 0, failed: 1, pending: 0 });
    expect(keysAsked).toEqual([]);
    expect(await renewalCharge(subscriptionNo)).toMatchObject({
      status: 'failed',
      failure: 'NO_MANDATE',
      retry_at: null,
    });
  });
});

describe('a Vipps charge the provider has not decided', () => {
  it('stays pending while Vipps keeps trying (retry days), and fails when they are over', async () => {
    const { subscriptionNo } = await buyWith('VIPPS');
    const row = await subscriptionRow(subscriptionNo);
    await onAgreementPage(row.payment_agreement_id!, 'fail-funds');
    await jobsOn(row.renewal_date);
    expect(await settle()).toEqual({ paid: 0, failed: 0, pending: 1 });
    const pending = await renewalCharge(subscriptionNo);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.payment_id).toMatch(/^pay_/);
    // Asked again the next day: still trying.
    await jobsOn(addDays(row.renewal_date, 1));
    expect(await settle()).toEqual({ paid: 0, failed: 0, pending: 1 });
    await jobsOn(addDays(row.renewal_date, VIPPS_RETRY_DAYS));
    expect(await settle()).toEqual({ paid: 0, failed: 1, pending: 0 });
    expect(await renewalCharge(subscriptionNo)).toMatchObject({
      status: 'failed',
      attempts: 1,
      failure: 'USER_ACTION_REQUIRED',
      payment_id: pending.payment_id,
    });
  });

  it('is paid once Vipps takes it (the reader topped up during the retry days)', async () => {
    const { subscriptionNo } = await buyWith('VIPPS');
    const row = await subscriptionRow(subscriptionNo);
    await onAgreementPage(row.payment_agreement_id!, 'fail-funds');
    await jobsOn(row.renewal_date);
    expect(await settle()).toEqual({ paid: 0, failed: 0, pending: 1 });
    await onAgreementPage(row.payment_agreement_id!, 'charges-ok');
    await jobsOn(addDays(row.renewal_date, 1));
    expect(await settle()).toEqual({ paid: 1, failed: 0, pending: 0 });
  });
});

describe('a new payment method', () => {
  it('takes a failed charge at once with the new method (the card had expired: Vipps now)', async () => {
    const { s, subscriptionNo } = await buyWith('SWEDBANK-PPG');
    const row = await subscriptionRow(subscriptionNo);
    await onAgreementPage(row.payment_agreement_id!, 'expire');
    await jobsOn(row.renewal_date);
    await settle();
    expect(await renewalCharge(subscriptionNo)).toMatchObject({
      status: 'failed',
      failure: 'MANDATE_INACTIVE',
      retry_at: null,
    });
    // Signed in again (a month has passed since the purchase).
    const again = await newIdentitySession(t, s.spidId);
    const agreement = await changeMethod(again, subscriptionNo, 'VIPPS');
    expect(agreement).toMatch(/^agr_/);
    expect(await settle()).toEqual({ paid: 1, failed: 0, pending: 0 });
    expect(await renewalCharge(subscriptionNo)).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('a Vipps reader gets a new Vipps agreement only when the one they have cannot be charged', async () => {
    const { s, subscriptionNo } = await buyWith('VIPPS');
    const row = await subscriptionRow(subscriptionNo);
    const again = () =>
      s.request({
        method: 'PUT',
        url: '/api/subscription/paymentMethod',
        payload: { subscriptionNo, provider: 'VIPPS', returnUrl: '/endre-betalingsmetode/verify' },
      });
    const refused = await again();
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PAYMENT_METHOD_UNCHANGED']);
    await onAgreementPage(row.payment_agreement_id!, 'fail-funds');
    for (const day of [0, VIPPS_RETRY_DAYS]) {
      await jobsOn(addDays(row.renewal_date, day));
      await settle();
    }
    expect(await renewalCharge(subscriptionNo)).toMatchObject({ status: 'failed' });
    const signedIn = await newIdentitySession(t, s.spidId);
    const agreement = await changeMethod(signedIn, subscriptionNo, 'VIPPS');
    expect(agreement).not.toBe(row.payment_agreement_id);
    expect(await settle()).toEqual({ paid: 1, failed: 0, pending: 0 });
    expect(
      (await sandbox().getMandate({ method: 'VIPPS', id: row.payment_agreement_id! })).status,
    ).toBe('STOPPED');
  });

  it('stops the card it replaces at the provider', async () => {
    const { s, subscriptionNo } = await buyWith('SWEDBANK-PPG');
    const before = (await subscriptionRow(subscriptionNo)).payment_agreement_id!;
    const after = await changeMethod(s, subscriptionNo);
    expect(after).not.toBe(before);
    expect((await sandbox().getMandate({ method: 'SWEDBANK-PPG', id: before })).status).toBe(
      'STOPPED',
    );
    expect((await sandbox().getMandate({ method: 'SWEDBANK-PPG', id: after })).status).toBe(
      'ACTIVE',
    );
  });
});

/** A new payment method through /endre-betalingsmetode's API, approved: its mandate. */
async function changeMethod(
  s: TestSession,
  subscriptionNo: string,
  provider: 'SWEDBANK-PPG' | 'VIPPS' = 'SWEDBANK-PPG',
): Promise<string> {
  const started = await s.request({
    method: 'PUT',
    url: '/api/subscription/paymentMethod',
    payload: {
      subscriptionNo,
      provider,
      returnUrl: '/endre-betalingsmetode/verify',
    },
  });
  expect(started.statusCode).toBe(200);
  const { redirectUrl, paymentMethodId } = started.json() as {
    redirectUrl: string;
    paymentMethodId: string;
  };
  await t.app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    headers: { host: new URL(redirectUrl).host, origin: new URL(redirectUrl).origin },
    payload: { action: 'approve' },
  });
  const verified = await s.request({
    method: 'POST',
    url: '/api/subscription/paymentMethod/verify',
    payload: { subscriptionNo, paymentMethodId },
  });
  expect(verified.statusCode).toBe(200);
  return (await subscriptionRow(subscriptionNo)).payment_agreement_id!;
}

describe('two runs at once', () => {
  it(`ask the provider once per attempt${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const bought = await Promise.all([buyWith('SWEDBANK-PPG'), buyWith('SWEDBANK-PPG')]);
    const rows = await Promise.all(bought.map((b) => subscriptionRow(b.subscriptionNo)));
    for (const r of rows) await onAgreementPage(r.payment_agreement_id!, 'fail-funds');
    const last = rows
      .map((r) => r.renewal_date)
      .sort()
      .at(-1)!;
    const { counted, keysAsked } = counting(t.app.services.payments);
    await jobsOn(last);
    await Promise.all([settle(counted), settle(counted)]);
    await jobsOn(addDays(last, CHARGE_RETRY_AFTER_DAYS[0]!));
    await Promise.all([settle(counted), settle(counted)]);
    const ours = await Promise.all(bought.map((b) => renewalCharge(b.subscriptionNo)));
    const expected = ours.flatMap((c) => [`charge-${c.id}`, `charge-${c.id}-2`]);
    expect(keysAsked.filter((k) => expected.includes(k)).sort()).toEqual(expected.sort());
    for (const c of ours) expect(c).toMatchObject({ status: 'failed', attempts: 2 });
  });
});

/** The e-mails in the outbox to `recipient`, oldest first (the subject is the first line). */
async function mailsTo(recipient: string) {
  const rows = await t.db.query<{ body: string }>(
    `select body from outbox where channel = 'email' and recipient = $1 order by id`,
    [recipient],
  );
  return rows.map(({ body }) => ({ subject: body.split('\n')[0], body }));
}

async function statusOf(subscriptionNo: string): Promise<number> {
  const [row] = await t.db.query<{ status_code: number }>(
    'select status_code from subscriptions where subscription_no = $1',
    [subscriptionNo],
  );
  return Number(row!.status_code);
}

describe('the reader is told, and the subscription waits its grace', () => {
  it('an e-mail at the first failure (why, the retry, the day of suspension), none for the retries; home says the same', async () => {
    const { s, accountNo, subscriptionNo } = await buyWith('SWEDBANK-PPG');
    const row = await subscriptionRow(subscriptionNo);
    const email = `${s.spidId}@demo.minside.no`;
    const before = (await mailsTo(email)).length;
    await onAgreementPage(row.payment_agreement_id!, 'fail-funds');
    await jobsOn(row.renewal_date);
    await settle();
    const due = row.renewal_date;
    const [mail] = (await mailsTo(email)).slice(before);
    expect(mail!.subject).toBe('Betalingen for abonnementet ditt hos Fædrelandsvennen feilet');
    expect(mail!.body).toContain('fra kortet ditt');
    expect(mail!.body).toContain('Banken avviste trekket');
    expect(mail!.body).toMatch(/Vi prøver å trekke beløpet igjen \d+\. \p{L}+ \d{4}\./u);
    expect(mail!.body).toMatch(/stanset fra \d+\. \p{L}+ \d{4} til beløpet er betalt/u);
    expect(mail!.body).toMatch(/Oppdater betalingsmåten: https:\/\/\S+\/endre-betalingsmetode\n/);
    expect(mail!.body).toMatch(/Betal nå: https:\/\/\S+\/betal-faktura\/\d+\n/);

    const again = await newIdentitySession(t, s.spidId);
    const home = (
      await again.request({ method: 'GET', url: `/api/subscription/${accountNo}/FVN` })
    ).json().subscription;
    expect(home.unpaidInvoices).toEqual([
      expect.objectContaining({
        paymentFailure: {
          method: 'SWEDBANK-PPG',
          reason: 'USER_ACTION_REQUIRED',
          retryOn: addDays(due, CHARGE_RETRY_AFTER_DAYS[0]!),
        },
        suspendsOn: addDays(due, 14),
      }),
    ]);

    // The retry fails too: no second e-mail.
    await jobsOn(addDays(due, CHARGE_RETRY_AFTER_DAYS[0]!));
    expect(await settle()).toMatchObject({ failed: 1 });
    expect((await mailsTo(email)).slice(before)).toHaveLength(1);
  });

  it('is suspended on the day the e-mail named; a new card takes the charge and brings it back', async () => {
    const { s, accountNo, subscriptionNo } = await buyWith('SWEDBANK-PPG');
    const row = await subscriptionRow(subscriptionNo);
    const email = `${s.spidId}@demo.minside.no`;
    await onAgreementPage(row.payment_agreement_id!, 'fail-funds');
    const due = row.renewal_date;
    for (const day of [0, 3, 7]) {
      await jobsOn(addDays(due, day));
      await settle();
    }
    await jobsOn(addDays(due, 13));
    await runDunning(t.db, t.clock);
    expect(await statusOf(subscriptionNo)).toBe(SubscriptionStatus.ACTIVE);
    await jobsOn(addDays(due, 14));
    const dunned = await runDunning(t.db, t.clock);
    expect(dunned).toMatchObject({ suspensions: 1, errors: [] });
    expect(await statusOf(subscriptionNo)).toBe(SubscriptionStatus.SUSPENDED);
    const last = (await mailsTo(email)).at(-1)!;
    expect(last.subject).toBe('Abonnementet ditt hos Fædrelandsvennen er stanset');
    expect(last.body).toContain('fordi vi ikke fikk trukket');

    const again = await newIdentitySession(t, s.spidId);
    const home = (
      await again.request({ method: 'GET', url: `/api/subscription/${accountNo}/FVN` })
    ).json().subscription;
    expect(home.suspension).toMatchObject({ cause: 'PAYMENT_FAILED', dueDate: due });

    await changeMethod(again, subscriptionNo);
    expect(await settle()).toEqual({ paid: 1, failed: 0, pending: 0 });
    expect(await statusOf(subscriptionNo)).toBe(SubscriptionStatus.ACTIVE);
  });

  it('a cancellation does not escape it: the unpaid period is still suspended on its day', async () => {
    const { accountNo, subscriptionNo } = await buyWith('SWEDBANK-PPG');
    const row = await subscriptionRow(subscriptionNo);
    await onAgreementPage(row.payment_agreement_id!, 'expire');
    const due = row.renewal_date;
    await jobsOn(due);
    await settle();
    await applyCommand(
      t.db,
      subscriptionNo,
      { kind: 'cancel', reason: 'price' },
      { clock: t.clock, actor: 'user', ariaAccountNo: accountNo },
    );
    expect(await statusOf(subscriptionNo)).toBe(SubscriptionStatus.PENDING_CANCELLATION);
    await jobsOn(addDays(due, 14));
    await runDunning(t.db, t.clock);
    expect(await statusOf(subscriptionNo)).toBe(SubscriptionStatus.SUSPENDED);
  });
});

describe('an order of 0 kr', () => {
  const youthWithCode = (method: 'SWEDBANK-PPG' | 'VIPPS') => ({
    kind: 'new',
    titleCode: 'FVN',
    ariaPlanID: 'C-DIGITAL-UNG',
    period: 'Månedlig',
    discountCode: 'VELKOMMEN100',
    paymentProvider: method,
  });

  it('registers the card renewals will charge (a card verification), then starts the subscription', async () => {
    const { s } = await newReader(t, '2004-01-15');
    const placed = await s.request({
      method: 'POST',
      url: '/api/orders',
      payload: youthWithCode('SWEDBANK-PPG'),
      headers: { 'idempotency-key': newKey() },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ amount: 0, status: 'PENDING' });
    expect(placed.json().redirectUrl).toMatch(/\/sandbox\/agreement\/card_/);
    // Not before the provider says the card is registered.
    const early = await s.request({
      method: 'POST',
      url: `/api/orders/${placed.json().orderId}/complete`,
    });
    expect(early.json()).toMatchObject({ status: 'PENDING' });
    await onPaymentPage(t, placed.json().redirectUrl, 'approve');
    const done = await s.request({
      method: 'POST',
      url: `/api/orders/${placed.json().orderId}/complete`,
    });
    expect(done.json()).toMatchObject({ status: 'COMPLETED' });
    const row = await subscriptionRow(done.json().subscriptionNo);
    expect(row.payment_agreement_id).toMatch(/^card_/);
    // Its first renewal charges the registered card.
    await jobsOn(row.renewal_date);
    expect(await settle()).toEqual({ paid: 1, failed: 0, pending: 0 });
  });

  it('a declined Vipps agreement ends the order; no subscription is made', async () => {
    const { s, accountNo } = await newReader(t, '2004-01-15');
    const placed = await s.request({
      method: 'POST',
      url: '/api/orders',
      payload: youthWithCode('VIPPS'),
      headers: { 'idempotency-key': newKey() },
    });
    expect(placed.json().redirectUrl).toMatch(/\/sandbox\/agreement\/agr_/);
    await onPaymentPage(t, placed.json().redirectUrl, 'decline');
    const done = await s.request({
      method: 'POST',
      url: `/api/orders/${placed.json().orderId}/complete`,
    });
    expect(done.json()).toMatchObject({ status: 'DECLINED', subscriptionNo: null });
    const subscriptions = await t.db.query(
      'select 1 from subscriptions where aria_account_no = $1',
      [accountNo],
    );
    expect(subscriptions).toEqual([]);
  });
});
