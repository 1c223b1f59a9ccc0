// The money of the background work: renewals and trial conversions found by the
// subscription jobs are recorded once per audit event and charged through the payment port
// (the sandbox's recurring charge) — card and Vipps are charged, giro is left as an invoice —
// and a multi-period discount is taken off the renewals it covers, then the ordinary price.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { fixedClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/db';
import { startBackgroundWork } from '../../src/server/jobs/background';
import { CHARGE_CLAIM_SECONDS, settleOpenCharges } from '../../src/server/jobs/billing';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import type { PaymentPort } from '../../src/server/payments/port';
import { SandboxPaymentProvider } from '../../src/server/payments/sandbox';
import { addDays, osloDateOf } from '../../src/shared/time/oslo';

import { demoAccountNo, TEST_NOW, usingPostgres } from './support';
import { openSeededTestDb } from './test-db';

let db: Db;
const clock = fixedClock(TEST_NOW);
let payments: SandboxPaymentProvider;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  db = await openSeededTestDb(clock.now());
  payments = new SandboxPaymentProvider({ db, clock });
});
afterAll(async () => {
  await db.close();
});

const settle = () => settleOpenCharges({ db, payments, now: () => clock.now() });

async function effectsOf(subscriptionNo: string) {
  return db.query<{
    kind: string;
    reason: string;
    amount_ore: string;
    status: string;
    provider: string | null;
  }>(
    `select kind, reason, amount_ore, status, provider from billing_effects
      where subscription_no = $1 order by id`,
    [subscriptionNo],
  );
}

async function subscriptionNoOf(email: string, titleCode = 'FVN') {
  const [row] = await db.query<{ subscription_no: string }>(
    'select subscription_no from subscriptions where aria_account_no = $1 and title_code = $2',
    [await demoAccountNo(db, email), titleCode],
  );
  return row!.subscription_no;
}

describe('billing of the subscription jobs', () => {
  it('charges a card renewal once through the provider, however often the run is recorded', async () => {
    const subscriptionNo = await subscriptionNoOf('digital@demo.minside.no');
    const [{ renewal_date: renewalDate } = { renewal_date: '' }] = await db.query<{
      renewal_date: string;
    }>('select renewal_date::text as renewal_date from subscriptions where subscription_no = $1', [
      subscriptionNo,
    ]);
    clock.set(`${renewalDate}T08:00:00+01:00`);
    const run = await runDueJobs(db, clock);
    expect(run.errors).toEqual([]);
    expect(run.effects.length).toBeGreaterThanOrEqual(1);
    expect((await runDueJobs(db, clock)).effects).toEqual([]);

    const settled = await settle();
    expect(settled.failed).toBe(0);
    expect(await settle()).toEqual({ paid: 0, failed: 0, pending: 0 });
    const effects = await effectsOf(subscriptionNo);
    expect(effects.map((e) => [e.kind, e.reason, Number(e.amount_ore), e.status])).toEqual([
      ['charge', 'renewal', 27900, 'paid'],
    ]);
    const payments = await db.query<{ amount_ore: string; status: string; kind: string }>(
      `select amount_ore, status, kind from sandbox_payments where reference like 'charge-%'`,
    );
    expect(payments.length).toBe(settled.paid);
    expect(payments.every((p) => p.status === 'CAPTURED' && p.kind === 'recurring')).toBe(true);
  });

  it('records a renewal and its charge in one transaction: a process that dies after the renewal leaves no unbilled period', async () => {
    const subscriptionNo = await subscriptionNoOf('digital@demo.minside.no');
    const [row] = await db.query<{ renewal_date: string; price_ore: string }>(
      `select s.renewal_date::text as renewal_date, p.price_ore from subscriptions s
         join plans p on p.id = s.plan_id where s.subscription_no = $1`,
      [subscriptionNo],
    );
    clock.set(`${row!.renewal_date}T08:00:00+01:00`);
    const before = (await effectsOf(subscriptionNo)).length;
    // Only the jobs' own transactions: nothing that runs after them (as if killed right there).
    await runDueJobs(db, clock);
    const [renewed] = await db.query<{ renewal_date: string }>(
      'select renewal_date::text as renewal_date from subscriptions where subscription_no = $1',
      [subscriptionNo],
    );
    expect(renewed!.renewal_date > row!.renewal_date).toBe(true);
    const effects = await effectsOf(subscriptionNo);
    expect(effects.slice(before).map((e) => [e.kind, e.reason, e.status])).toEqual([
      ['charge', 'renewal', 'open'],
    ]);
  });

  it('leaves a giro renewal open as an invoice', async () => {
    const subscriptionNo = await subscriptionNoOf('papir@demo.minside.no');
    const [{ renewal_date: renewalDate } = { renewal_date: '' }] = await db.query<{
      renewal_date: string;
    }>('select renewal_date::text as renewal_date from subscriptions where subscription_no = $1', [
      subscriptionNo,
    ]);
    clock.set(`${renewalDate}T08:00:00+01:00`);
    await runDueJobs(db, clock);
    await settle();
    const effects = await effectsOf(subscriptionNo);
    expect(effects.at(-1)).toMatchObject({
      kind: 'invoice',
      status: 'open',
      provider: 'AVTALEGIRO',
    });
  });

  it('takes a multi-period discount off the renewals it covers, then charges the ordinary price', async () => {
    const subscriptionNo = await subscriptionNoOf('planendring@demo.minside.no');
    // As if ordered with HALVPRIS (3 periods): one was paid with the order, two renewals remain.
    await db.query(
      `update subscriptions set discount_code = 'HALVPRIS', discount_percent_off = 50,
              discount_periods_left = 2, pending_plan_id = null, pending_effective_date = null
        where subscription_no = $1`,
      [subscriptionNo],
    );
    const [{ renewal_date: first, price_ore: price } = { renewal_date: '', price_ore: '' }] =
      await db.query<{ renewal_date: string; price_ore: string }>(
        `select s.renewal_date::text as renewal_date, p.price_ore from subscriptions s
           join plans p on p.id = s.plan_id where s.subscription_no = $1`,
        [subscriptionNo],
      );
    let date = first;
    for (let i = 0; i < 3; i += 1) {
      clock.set(`${date}T08:00:00+01:00`);
      await runDueJobs(db, clock);
      const [row] = await db.query<{ renewal_date: string }>(
        'select renewal_date::text as renewal_date from subscriptions where subscription_no = $1',
        [subscriptionNo],
      );
      date = row!.renewal_date;
    }
    // The last three renewals (earlier tests may have renewed it before the discount was set).
    const amounts = (await effectsOf(subscriptionNo)).slice(-3).map((e) => Number(e.amount_ore));
    const ordinary = Number(price);
    expect(amounts).toEqual([ordinary / 2, ordinary / 2, ordinary]);
  });
});

describe('the background work', () => {
  it('runs the jobs, the charges and the reconciler on its timer and stops cleanly', async () => {
    const subscriptionNo = await subscriptionNoOf('digital@demo.minside.no', 'FIR');
    const [{ renewal_date: renewalDate } = { renewal_date: '' }] = await db.query<{
      renewal_date: string;
    }>('select renewal_date::text as renewal_date from subscriptions where subscription_no = $1', [
      subscriptionNo,
    ]);
    clock.set(`${addDays(renewalDate, 0)}T08:00:00+01:00`);
    const background = startBackgroundWork({ db, clock, payments, log: silent }, 100);
    // The first run starts at once; wait for the Vipps renewal to be charged.
    for (let i = 0; i < 100; i += 1) {
      const effects = await effectsOf(subscriptionNo);
      if (effects.length > 0 && effects.every((e) => e.status === 'paid')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await background.stop();
    const effects = await effectsOf(subscriptionNo);
    expect(effects.length).toBeGreaterThan(0);
    for (const e of effects)
      expect([e.kind, e.provider, e.status]).toEqual(['charge', 'VIPPS', 'paid']);
  });
});

describe('open charges', () => {
  /** The sandbox, counting what the billing asks of it; `afterCharge` runs after each charge. */
  function countingPort(afterCharge: (reference: string) => Promise<void> = async () => {}) {
    const charged: string[] = [];
    const port = new Proxy(payments, {
      get(target, property) {
        if (property === 'chargeRecurring')
          return async (request: Parameters<PaymentPort['chargeRecurring']>[0]) => {
            charged.push(request.idempotencyKey);
            const payment = await target.chargeRecurring(request);
            await afterCharge(request.reference);
            return payment;
          };
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    }) as PaymentPort;
    return { port, charged };
  }

  /** Renews the card subscriptions due by the latest of their renewal dates; their open charges. */
  async function openCardCharges(): Promise<number[]> {
    const [{ last } = { last: '' }] = await db.query<{ last: string }>(
      `select max(renewal_date)::text as last from (
         select renewal_date from subscriptions
          where payment_provider in ('SWEDBANK-PPG', 'VIPPS') and status_code = 1
          order by renewal_date limit 3) due`,
    );
    // Never back in time: a Vipps charge is taken on its due day, not before.
    const today = osloDateOf(clock.now());
    clock.set(`${last > today ? last : today}T08:00:00+01:00`);
    await runDueJobs(db, clock);
    const rows = await db.query<{ id: number }>(
      `select id from billing_effects
        where status = 'open' and kind = 'charge' and amount_ore > 0 order by id`,
    );
    return rows.map((r) => Number(r.id));
  }

  it(`asks the provider once per charge when two billing runs start together${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const open = await openCardCharges();
    expect(open.length).toBeGreaterThanOrEqual(2);
    const { port, charged } = countingPort();
    const deps = { db, payments: port, now: () => clock.now() };
    const runs = await Promise.all([settleOpenCharges(deps), settleOpenCharges(deps)]);
    expect(runs.reduce((sum, run) => sum + run.paid, 0)).toBe(open.length);
    expect(charged.sort()).toEqual(open.map((id) => `charge-${id}`).sort());
    const left = await db.query(
      `select 1 from billing_effects where id = any($1::bigint[]) and status <> 'paid'`,
      [open],
    );
    expect(left).toEqual([]);
  });

  it('takes again a charge whose run died mid-charge, once its claim is out, with the same key', async () => {
    const [id] = await openCardCharges();
    expect(id).toBeDefined();
    const { port, charged } = countingPort();
    const deps = { db, payments: port, now: () => clock.now() };
    // A run claimed it and died before it asked the provider.
    await db.query(`update billing_effects set claimed_until = $2 where id = $1`, [
      id,
      new Date(clock.now().getTime() + CHARGE_CLAIM_SECONDS * 1000).toISOString(),
    ]);
    await settleOpenCharges(deps);
    expect(charged).not.toContain(`charge-${id}`);
    clock.set(new Date(clock.now().getTime() + CHARGE_CLAIM_SECONDS * 1000).toISOString());
    await settleOpenCharges(deps);
    expect(charged).toContain(`charge-${id}`);
    const [row] = await db.query<{ status: string }>(
      'select status from billing_effects where id = $1',
      [id],
    );
    expect(row!.status).toBe('paid');
  });

  it('gives back at once a capture for a charge that was settled otherwise meanwhile', async () => {
    const [id] = await openCardCharges();
    // While the provider is charging the card, the charge is settled by another way.
    const { port } = countingPort(async (reference) => {
      await db.query(`update billing_effects set status = 'paid', settled_at = $2 where id = $1`, [
        Number(reference.replace('charge-', '')),
        clock.now().toISOString(),
      ]);
    });
    await settleOpenCharges({ db, payments: port, now: () => clock.now() });
    const captures = await db.query<{ amount_ore: number; refunded_ore: number; status: string }>(
      `select amount_ore, refunded_ore, status from sandbox_payments where reference = $1`,
      [`charge-${id}`],
    );
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ status: 'CAPTURED' });
    expect(Number(captures[0]!.refunded_ore)).toBe(Number(captures[0]!.amount_ore));
  });
});
