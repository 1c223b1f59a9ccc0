// The money of the background work (issue 4): renewals and trial conversions found by the
// subscription jobs are recorded once per audit event and charged through the payment port
// (the sandbox's recurring charge) — card and Vipps are charged, giro is left as an invoice —
// and a multi-period discount is taken off the renewals it covers, then the ordinary price.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { fixedClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/db';
import { startBackgroundWork } from '../../src/server/jobs/background';
import { settleOpenCharges } from '../../src/server/jobs/billing';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { SandboxPaymentProvider } from '../../src/server/payments/sandbox';
import { addDays } from '../../src/shared/time/oslo';

import { demoAccountNo, TEST_NOW } from './support';
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
    expect(await settle()).toEqual({ paid: 0, failed: 0 });
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
