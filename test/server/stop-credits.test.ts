// The credit of stopped paper issues, with the injected clock: a
// stopped issue is credited on the next renewal with the paper's share (Firda: half) of the
// price of the billed and paid period it fell in, never more than the renewal's amount; what is
// left over is credited on the renewal after, at its own period's price; a renewal brought to
// 0 kr is recorded paid, so no reminder or suspension ever follows it; days of a trial, or of a
// period not paid by the renewal, are never credited; and two billing runs at once credit once.
import { beforeAll, describe, expect, it } from '@jest/globals';

import { deliveryDaysBetween } from '../../src/server/domain/delivery/calendar';
import { recordDeliveryChange } from '../../src/server/domain/delivery/changeStore';
import { osloMidnight } from '../../src/server/domain/dunning/dunning';
import { recordBillingEffect, settleCharge } from '../../src/server/domain/invoices/settlement';
import {
  importSubscription,
  recordImportedRenewal,
} from '../../src/server/domain/subscriptions/lifecycle';
import { registerIdentity } from '../../src/server/identity/users';
import { runDunning } from '../../src/server/jobs/dunning';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import type { Period } from '../../src/shared/subscription/plans';
import { SubscriptionStatus as S, type StatusCode } from '../../src/shared/subscription/status';
import { addDays } from '../../src/shared/time/oslo';

import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, TEST_NOW, usingPostgres } from './support';

const t = buildTestApp();

/** `hour` o'clock in Oslo on `date`. */
const at = (date: string, hour = 8) =>
  new Date(osloMidnight(date).getTime() + hour * 3_600_000).toISOString();

const MONTHLY = 59_900; // Firda's Papir + digital, monthly

interface Reader {
  readonly accountNo: string;
  readonly email: string;
  readonly subscriptionNo: string;
  readonly planId: number;
  readonly session: TestSession;
}

let readers = 0;

async function comboPlan(period: Period): Promise<number> {
  const [plan] = await t.db.query<{ id: number }>(
    `select id from plans where title_code = 'FIR' and product_type = 'COMBO'
        and aria_plan_id = 'C-COMBO-PAPIR' and period = $1`,
    [period],
  );
  return Number(plan!.id);
}

/** A Firda paper reader of their own (giro), renewing (or ending a trial) on `renewalDate`. */
async function paperReader(options: {
  renewalDate: string;
  period?: Period;
  status?: StatusCode;
  pendingPeriod?: Period;
}): Promise<Reader> {
  const spidId = `stopp-${(readers += 1)}-${Date.now()}`;
  const email = `${spidId}@demo.minside.no`;
  await registerIdentity(t.db, {
    spidId,
    email,
    password: 'not-used-here',
    givenName: 'Stine',
    familyName: 'Stopp',
    phoneNumber: '',
    birthDate: '1970-01-01',
    userKind: 'paper-subscriber',
  });
  t.clock.set(TEST_NOW);
  const session = await sessionFor(t, email, 'FIR');
  const created = await session.request({
    method: 'POST',
    url: '/api/account',
    payload: { accountBalance: 0, spidId, firstTitleCode: 'FIR' },
  });
  expect(created.statusCode).toBe(201);
  const accountNo = created.json().ariaAccountNo as string;
  const planId = await comboPlan(options.period ?? 'Månedlig');
  const subscriptionNo = await importSubscription(t.db, {
    ariaAccountNo: accountNo,
    titleCode: 'FIR',
    planId,
    status: options.status ?? S.ACTIVE,
    paymentProvider: 'BANKGIRO',
    card: null,
    eligibleForSharing: true,
    subscriptionInfo1: null,
    renewalDate: options.renewalDate,
    expiryDate: null,
    pendingPlanId: options.pendingPeriod ? await comboPlan(options.pendingPeriod) : null,
    createdAt: new Date(at('2025-01-02')),
  });
  return { accountNo, email, subscriptionNo, planId, session };
}

/** A period of the reader's subscription billed by giro (as the renewal job writes it) and paid. */
async function paidPeriod(r: Reader, start: string, end: string, amountOre: number) {
  const eventId = await recordImportedRenewal(t.db, {
    subscriptionNo: r.subscriptionNo,
    ariaAccountNo: r.accountNo,
    periodStart: start,
    occurredAt: new Date(at(start)),
  });
  await recordBillingEffect(
    t.db,
    eventId,
    r.subscriptionNo,
    {
      kind: 'invoice',
      reason: 'renewal',
      amountOre,
      currency: 'NOK',
      periodStart: start,
      periodEnd: end,
      provider: 'BANKGIRO',
      planId: r.planId,
    },
    new Date(at(start)),
  );
  const [effect] = await t.db.query<{ id: string }>(
    'select id::text as id from billing_effects where event_id = $1',
    [eventId],
  );
  await settleCharge(t.db, effect!.id, 'paid', null, new Date(at(start, 12)));
}

interface Effect {
  id: string;
  reason: string;
  amount_ore: number;
  stop_credit_ore: number;
  status: string;
  period_start: string;
  period_end: string;
  [column: string]: unknown;
}

async function effectsOf(r: Reader): Promise<Effect[]> {
  const rows = await t.db.query<Effect>(
    `select b.id::text as id, reason, amount_ore, stop_credit_ore, status,
            period_start::text as period_start, period_end::text as period_end
       from billing_effects b where subscription_no = $1 order by b.id`,
    [r.subscriptionNo],
  );
  return rows.map((e) => ({
    ...e,
    amount_ore: Number(e.amount_ore),
    stop_credit_ore: Number(e.stop_credit_ore),
  }));
}

/** The jobs of `date` (08:00 Oslo) and the billing of what they asked for. */
async function renewOn(date: string) {
  t.clock.set(at(date));
  const run = await runDueJobs(t.db, t.clock);
  expect(run.errors).toEqual([]);
  return run;
}

async function stopsOf(r: Reader) {
  const rows = await t.db.query<{ credited_through: string | null; credited_ore: number }>(
    `select credited_through::text as credited_through, credited_ore from delivery_changes
      where subscription_no = $1 and kind = 'STOP' order by from_date`,
    [r.subscriptionNo],
  );
  return rows.map((row) => ({ ...row, credited_ore: Number(row.credited_ore) }));
}

interface Forecast {
  readonly date: string;
  readonly amount: number;
  readonly stopCredit: number;
  readonly kind: string;
}

/** The next charge the home page tells the reader on `day` (07:00 Oslo). */
async function forecastOn(r: Reader, day: string): Promise<Forecast> {
  t.clock.set(at(day, 7));
  const session = await sessionFor(t, r.email, 'FIR');
  const response = await session.request({ url: `/api/subscription/${r.accountNo}/FIR` });
  expect(response.statusCode).toBe(200);
  return response.json().subscription.nextCharge as Forecast;
}

/** The next charge home tells on the morning of `date` is what that day's renewal bills. */
async function expectForecastBilled(r: Reader, date: string) {
  const forecast = await forecastOn(r, date);
  await renewOn(date);
  const billed = (await effectsOf(r)).at(-1)!;
  expect(billed.period_start).toBe(date);
  expect(forecast).toMatchObject({
    date,
    amount: billed.amount_ore,
    stopCredit: billed.stop_credit_ore,
  });
  return forecast;
}

/** Half the period's price over its Firda issues, as a stopped issue of it is credited. */
const rateOf = (priceOre: number, start: string, end: string) =>
  Math.floor((0.5 * priceOre) / deliveryDaysBetween('FIR', start, end).length);

describe('an open-ended stop (the reproduction: monthly, stopped from 2026-03-11)', () => {
  let r: Reader;
  const period1 = { start: '2026-03-11', end: '2026-04-10' };
  const period2 = { start: '2026-04-11', end: '2026-05-10' };

  beforeAll(async () => {
    r = await paperReader({ renewalDate: '2026-04-11' });
    await paidPeriod(r, period1.start, period1.end, MONTHLY);
    const stop = await r.session.request({
      method: 'POST',
      url: `/api/subscription/${r.subscriptionNo}/delivery-changes`,
      payload: { type: 'STOP', fromDate: '2026-03-11', openEnd: true },
    });
    expect(stop.statusCode).toBe(201);
  });

  it('states the paper’s share on the screen’s price effect', async () => {
    t.clock.set(TEST_NOW);
    const session = await sessionFor(t, r.email, 'FIR');
    const overview = await session.request({
      url: `/api/subscription/${r.subscriptionNo}/delivery-changes`,
    });
    expect(overview.json().price).toEqual({
      stopCredit: 'PER_ISSUE',
      creditPerIssueOre: rateOf(MONTHLY, period1.start, period1.end),
      paperSharePercent: 50,
    });
  });

  it('credits half the paid month on the renewal: the invoice is never 0 kr', async () => {
    // Home told it the same morning: the credit and what is left to pay.
    const forecast = await expectForecastBilled(r, '2026-04-11');
    expect(forecast.stopCredit).toBeGreaterThan(0);
    const issues = deliveryDaysBetween('FIR', period1.start, period1.end).length;
    const credit = issues * rateOf(MONTHLY, period1.start, period1.end);
    expect(credit).toBeGreaterThan(MONTHLY * 0.49);
    expect(credit).toBeLessThanOrEqual(MONTHLY / 2);
    expect((await effectsOf(r)).at(-1)).toMatchObject({
      reason: 'renewal',
      amount_ore: MONTHLY - credit,
      stop_credit_ore: credit,
      status: 'open',
      period_start: period2.start,
    });
    expect(await stopsOf(r)).toEqual([{ credited_through: period1.end, credited_ore: credit }]);
  });

  it('dunns the renewal for what is owed, never for 0 kr', async () => {
    // 14 days to pay, a reminder 7 days after.
    t.clock.set(at(addDays(period2.start, 21)));
    const run = await runDunning(t.db, t.clock);
    expect(run.errors).toEqual([]);
    const [invoice] = await t.db.query<{ amount_ore: number }>(
      `select b.amount_ore from dunning_notices n join billing_effects b on b.id = n.billing_effect_id
        where n.subscription_no = $1 and n.kind = 'reminder'`,
      [r.subscriptionNo],
    );
    expect(Number(invoice!.amount_ore)).toBeGreaterThan(0);
  });

  it('credits the second month from its own price once paid; the stop never makes it free', async () => {
    const [open] = (await effectsOf(r)).slice(-1);
    await settleCharge(t.db, open!.id, 'paid', null, new Date(at('2026-05-05')));
    await expectForecastBilled(r, '2026-05-11');
    const first = deliveryDaysBetween('FIR', period1.start, period1.end).length;
    const second = deliveryDaysBetween('FIR', period2.start, period2.end).length;
    // The second month's price is what it billed plus the credit it took off: the whole price.
    const credit2 = second * rateOf(MONTHLY, period2.start, period2.end);
    expect((await effectsOf(r)).at(-1)).toMatchObject({
      amount_ore: MONTHLY - credit2,
      stop_credit_ore: credit2,
      period_start: '2026-05-11',
    });
    expect(MONTHLY - credit2).toBeGreaterThanOrEqual(MONTHLY / 2);
    expect(await stopsOf(r)).toEqual([
      {
        credited_through: period2.end,
        credited_ore: first * rateOf(MONTHLY, period1.start, period1.end) + credit2,
      },
    ]);
  });

  it('credits nothing for a month that was not paid by the next renewal', async () => {
    expect((await expectForecastBilled(r, '2026-06-11')).stopCredit).toBe(0);
    expect((await effectsOf(r)).at(-1)).toMatchObject({
      amount_ore: MONTHLY,
      stop_credit_ore: 0,
      period_start: '2026-06-11',
    });
    // Dealt with (no credit), so a later renewal does not credit it either.
    expect((await stopsOf(r))[0]!.credited_through).toBe('2026-06-10');
  });
});

describe('a stop that began in a trial', () => {
  it('credits only the stopped days of the paid period, none of the trial', async () => {
    // Trial to 24 March; the first paid month from 25 March.
    const r = await paperReader({ renewalDate: '2026-03-25', status: S.TRIAL });
    const stop = await r.session.request({
      method: 'POST',
      url: `/api/subscription/${r.subscriptionNo}/delivery-changes`,
      payload: { type: 'STOP', fromDate: '2026-03-11', toDate: '2026-04-04' },
    });
    expect(stop.statusCode).toBe(201);
    // The end of the trial takes no credit, and home does not promise one.
    expect((await expectForecastBilled(r, '2026-03-25')).stopCredit).toBe(0);
    const [conversion] = await effectsOf(r);
    expect(conversion).toMatchObject({
      reason: 'trial-conversion',
      amount_ore: MONTHLY,
      stop_credit_ore: 0,
      period_start: '2026-03-25',
      period_end: '2026-04-24',
    });
    await settleCharge(t.db, conversion!.id, 'paid', null, new Date(at('2026-03-30')));
    await expectForecastBilled(r, '2026-04-25');
    const paidDays = deliveryDaysBetween('FIR', '2026-03-25', '2026-04-04').length;
    const credit = paidDays * rateOf(MONTHLY, '2026-03-25', '2026-04-24');
    expect(paidDays).toBeLessThan(deliveryDaysBetween('FIR', '2026-03-11', '2026-04-04').length);
    expect((await effectsOf(r)).at(-1)).toMatchObject({
      reason: 'renewal',
      amount_ore: MONTHLY - credit,
      stop_credit_ore: credit,
    });
    expect(await stopsOf(r)).toEqual([{ credited_through: '2026-04-04', credited_ore: credit }]);
  });
});

describe('a credit larger than the renewal (a year stopped, then monthly)', () => {
  it('records the renewal it covers as paid with 0 kr, and credits the rest on the next one', async () => {
    // A paid year whose price makes a stopped issue worth exactly 599 øre: 100 of them are the
    // monthly price. Then the plan changes to monthly at the renewal.
    const r = await paperReader({
      renewalDate: '2026-04-11',
      period: 'Årlig',
      pendingPeriod: 'Månedlig',
    });
    const year = { start: '2025-04-11', end: '2026-04-10' };
    const yearIssues = deliveryDaysBetween('FIR', year.start, year.end).length;
    await paidPeriod(r, year.start, year.end, 2 * 599 * yearIssues);
    expect(rateOf(2 * 599 * yearIssues, year.start, year.end)).toBe(599);
    // Stopped from September to the end of February (registered then).
    await recordDeliveryChange(t.db, {
      subscriptionNo: r.subscriptionNo,
      ariaAccountNo: r.accountNo,
      titleCode: 'FIR',
      type: 'STOP',
      from: '2025-09-02',
      to: '2026-02-28',
      address: null,
      at: new Date(at('2025-08-20')),
    });
    const stopped = deliveryDaysBetween('FIR', '2025-09-02', '2026-02-28');
    expect(stopped.length).toBeGreaterThan(100);

    // Home told it that morning: the plan change's monthly price, all of it credited.
    expect(await expectForecastBilled(r, '2026-04-11')).toMatchObject({
      amount: 0,
      stopCredit: MONTHLY,
    });
    const [renewal] = (await effectsOf(r)).slice(-1);
    expect(renewal).toMatchObject({
      reason: 'renewal',
      amount_ore: 0,
      stop_credit_ore: MONTHLY,
      status: 'paid',
    });
    // The hundredth stopped issue is the last one credited; the rest waits.
    expect(await stopsOf(r)).toEqual([{ credited_through: stopped[99], credited_ore: MONTHLY }]);

    // No reminder and no suspension for 0 kr, however late.
    t.clock.set(at('2026-05-20'));
    const dunning = await runDunning(t.db, t.clock);
    const notices = await t.db.query('select 1 from dunning_notices where billing_effect_id = $1', [
      renewal!.id,
    ]);
    expect(notices).toEqual([]);
    expect(dunning.errors).toEqual([]);
    const [status] = await t.db.query<{ status_code: number }>(
      'select status_code from subscriptions where subscription_no = $1',
      [r.subscriptionNo],
    );
    expect(status!.status_code).toBe(S.ACTIVE);

    // The next renewal credits the rest at the year's price (the chain goes back through the
    // 0 kr month to the paid year): every stopped issue once, none lost.
    await expectForecastBilled(r, '2026-05-11');
    const rest = (stopped.length - 100) * 599;
    expect((await effectsOf(r)).at(-1)).toMatchObject({
      amount_ore: MONTHLY - rest,
      stop_credit_ore: rest,
      status: 'open',
    });
    expect(await stopsOf(r)).toEqual([
      { credited_through: '2026-02-28', credited_ore: stopped.length * 599 },
    ]);
  });
});

describe('two billing runs at once', () => {
  it(`credit the stopped issues once${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const r = await paperReader({ renewalDate: '2026-07-14' });
    await paidPeriod(r, '2026-06-14', '2026-07-13', MONTHLY);
    await recordDeliveryChange(t.db, {
      subscriptionNo: r.subscriptionNo,
      ariaAccountNo: r.accountNo,
      titleCode: 'FIR',
      type: 'STOP',
      from: '2026-06-23',
      to: '2026-07-04',
      address: null,
      at: new Date(at('2026-06-01')),
    });
    t.clock.set(at('2026-07-14'));
    // Two job runs at once (two instances): one renews and bills, with the credit, once.
    const runs = await Promise.all([runDueJobs(t.db, t.clock), runDueJobs(t.db, t.clock)]);
    const mine = runs.flatMap((run) =>
      run.effects.filter((e) => e.subscriptionNo === r.subscriptionNo),
    );
    expect(mine).toHaveLength(1);
    const credit =
      deliveryDaysBetween('FIR', '2026-06-23', '2026-07-04').length *
      rateOf(MONTHLY, '2026-06-14', '2026-07-13');
    const effects = (await effectsOf(r)).filter((e) => e.reason === 'renewal');
    expect(effects.slice(1)).toEqual([
      expect.objectContaining({ amount_ore: MONTHLY - credit, stop_credit_ore: credit }),
    ]);
    expect(await stopsOf(r)).toEqual([{ credited_through: '2026-07-04', credited_ore: credit }]);
  });
});
