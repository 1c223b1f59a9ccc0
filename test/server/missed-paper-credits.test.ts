// A missed paper credited by itself, with the injected clock: a complaint «Avisen kom ikke»
// (UTEBLITT) about a day inside a billed and paid period credits that day's paper share (Firda and
// Adresseavisen: half the period's price over its delivery days) on the next renewal, once per
// subscription and day (also for two complaints at once), as a line of its own on that invoice;
// what does not fit (a renewal keeps at least 1 kr to pay, never 0 kr) waits for the renewal
// after. A trial day, an unpaid period, another code, a title without a paper share, a digital
// subscription and another account's subscription credit nothing, and then the receipt and the
// e-mail say nothing about money. TEST_NOW is Tuesday 10 March 2026, 09:00 in Oslo; Firda's paper
// comes Tuesday–Saturday.
import { beforeAll, describe, expect, it } from '@jest/globals';

import { eraseComplaints } from '../../src/server/domain/complaints/complaints';
import { readerConfirmationEmail } from '../../src/server/domain/complaints/messages';
import {
  MIN_BILLED_AFTER_CREDIT_ORE,
  planMissedPaperClaim,
  purgeMissedPaperCredits,
} from '../../src/server/domain/complaints/missedPaperCredits';
import { deliveryDaysBetween } from '../../src/server/domain/delivery/calendar';
import { osloMidnight } from '../../src/server/domain/dunning/dunning';
import {
  purgeBilling,
  recordBillingEffect,
  settleCharge,
} from '../../src/server/domain/invoices/settlement';
import {
  importSubscription,
  recordImportedRenewal,
} from '../../src/server/domain/subscriptions/lifecycle';
import { registerIdentity } from '../../src/server/identity/users';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { latestMessages } from '../../src/server/messaging/outbox';
import { formatKroner } from '../../src/shared/money/money';
import { COMBO_PLAN_ID, DEFAULT_PLAN_ID, type Period } from '../../src/shared/subscription/plans';
import { SubscriptionStatus as S, type StatusCode } from '../../src/shared/subscription/status';
import { addDays } from '../../src/shared/time/oslo';

import { sessionFor, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo, TEST_NOW, usingPostgres } from './support';

const t = buildTestApp();

/** `hour` o'clock in Oslo on `date`. */
const at = (date: string, hour = 8) =>
  new Date(osloMidnight(date).getTime() + hour * 3_600_000).toISOString();

const MONTHLY = 59_900; // Papir + digital, monthly

interface Reader {
  readonly accountNo: string;
  readonly email: string;
  readonly subscriptionNo: string;
  readonly titleCode: string;
  readonly planId: number;
}

interface Receipt {
  complaint: { reference: string; dates: string[]; code: string };
  credit: { amountOre: number; appliesTo: string } | null;
}

interface InvoiceBody {
  ariaInvoiceNo: string;
  amount: number;
  periodStart: string;
  periodEnd: string;
  subscriptionNo: string;
  credits: { kind: string; deliveryDate: string; amount: number }[];
}

let readers = 0;

async function planOf(titleCode: string, aria: string, period: Period): Promise<number> {
  const [plan] = await t.db.query<{ id: number }>(
    `select id from plans where title_code = $1 and aria_plan_id = $2 and period = $3`,
    [titleCode, aria, period],
  );
  return Number(plan!.id);
}

/** A paper reader of their own (giro), renewing (or ending a trial) on `renewalDate`. */
async function paperReader(options: {
  renewalDate: string;
  titleCode?: string;
  period?: Period;
  status?: StatusCode;
  pendingPeriod?: Period;
  plan?: string;
}): Promise<Reader> {
  const titleCode = options.titleCode ?? 'FIR';
  const spidId = `uteblitt-${(readers += 1)}-${Date.now()}`;
  const email = `${spidId}@demo.minside.no`;
  await registerIdentity(t.db, {
    spidId,
    email,
    password: 'not-used-here',
    givenName: 'Ulla',
    familyName: 'Uteblitt',
    phoneNumber: '',
    birthDate: '1970-01-01',
    userKind: 'paper-subscriber',
  });
  t.clock.set(TEST_NOW);
  const session = await sessionFor(t, email, titleCode);
  const created = await session.request({
    method: 'POST',
    url: '/api/account',
    payload: { accountBalance: 0, spidId, firstTitleCode: titleCode },
  });
  expect(created.statusCode).toBe(201);
  const accountNo = created.json().ariaAccountNo as string;
  const plan = options.plan ?? COMBO_PLAN_ID;
  const planId = await planOf(titleCode, plan, options.period ?? 'Månedlig');
  const subscriptionNo = await importSubscription(t.db, {
    ariaAccountNo: accountNo,
    titleCode,
    planId,
    status: options.status ?? S.ACTIVE,
    paymentProvider: 'BANKGIRO',
    card: null,
    eligibleForSharing: true,
    subscriptionInfo1: null,
    renewalDate: options.renewalDate,
    expiryDate: null,
    pendingPlanId: options.pendingPeriod
      ? await planOf(titleCode, plan, options.pendingPeriod)
      : null,
    createdAt: new Date(at('2025-01-02')),
  });
  return { accountNo, email, subscriptionNo, titleCode, planId };
}

/** A period billed by giro as the renewal job writes it, paid unless `paid` is false. */
async function billedPeriod(r: Reader, start: string, end: string, amountOre: number, paid = true) {
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
  if (!paid) return;
  const [effect] = await t.db.query<{ id: string }>(
    'select id::text as id from billing_effects where event_id = $1',
    [eventId],
  );
  await settleCharge(t.db, effect!.id, 'paid', null, new Date(at(start, 12)));
}

/** The reader's session at the clock's time (sessions are made anew after the clock moves). */
const sessionOf = (r: Reader) => sessionFor(t, r.email, r.titleCode);
/** The next charge as the home page is told it (GET /api/subscription). */
const forecastOf = async (r: Reader) =>
  (
    await (await sessionOf(r)).request({ url: `/api/subscription/${r.accountNo}/${r.titleCode}` })
  ).json().subscription.nextCharge as { date: string; amount: number; missedPaperCredit: number };

async function file(r: Reader, dates: string[], code = 'UTEBLITT', session?: TestSession) {
  const s = session ?? (await sessionOf(r));
  return s.request({
    method: 'POST',
    url: `/api/subscription/${r.subscriptionNo}/complaints`,
    payload: { dates, code },
  });
}

async function creditsOf(r: Reader) {
  const rows = await t.db.query<{
    delivery_date: string;
    amount_ore: number;
    billing_effect_id: string | null;
  }>(
    `select delivery_date::text as delivery_date, amount_ore, billing_effect_id::text as
            billing_effect_id
       from missed_paper_credits where subscription_no = $1 order by delivery_date`,
    [r.subscriptionNo],
  );
  return rows.map((row) => ({ ...row, amount_ore: Number(row.amount_ore) }));
}

async function renewalsOf(r: Reader) {
  const rows = await t.db.query<{
    id: string;
    amount_ore: number;
    stop_credit_ore: number;
    status: string;
    period_start: string;
  }>(
    `select id::text as id, amount_ore, stop_credit_ore, status, period_start::text as period_start
       from billing_effects b where subscription_no = $1 and reason = 'renewal' order by b.id`,
    [r.subscriptionNo],
  );
  return rows.map((e) => ({
    ...e,
    amount_ore: Number(e.amount_ore),
    stop_credit_ore: Number(e.stop_credit_ore),
  }));
}

async function invoicesOf(r: Reader): Promise<InvoiceBody[]> {
  const session = await sessionOf(r);
  const response = await session.request({ url: `/api/invoices/${r.accountNo}/${r.titleCode}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { invoices: InvoiceBody[] }).invoices;
}

/** The jobs of `date` (08:00 Oslo) and the billing of what they asked for. */
async function renewOn(date: string) {
  t.clock.set(at(date));
  const run = await runDueJobs(t.db, t.clock);
  expect(run.errors).toEqual([]);
  return run;
}

async function emailsTo(recipient: string) {
  return (await latestMessages(t.db, 500)).filter(
    (m) => m.channel === 'email' && m.recipient === recipient,
  );
}

/** Half the period's price over its delivery days, as a missed (or stopped) issue of it is credited. */
const rateOf = (titleCode: string, priceOre: number, start: string, end: string) =>
  Math.floor((0.5 * priceOre) / deliveryDaysBetween(titleCode, start, end).length);

describe('the demo reader avis-kom-ikke (Adresseavisen, yearly by card)', () => {
  const EMAIL = 'avis-kom-ikke@demo.minside.no';
  const YEARLY = 649_000;

  it('has last year’s missed paper as a line of this year’s paid invoice, and gets a new one credited', async () => {
    t.clock.set(TEST_NOW);
    const session = await sessionFor(t, EMAIL, 'ADR');
    const accountNo = await demoAccountNo(t.db, EMAIL);
    const listed = await session.request({ url: `/api/invoices/${accountNo}/ADR` });
    const [current, previous] = (listed.json() as { invoices: InvoiceBody[] }).invoices;
    const renewal = addDays(current!.periodEnd, 1);
    const rate = rateOf('ADR', YEARLY, previous!.periodStart, addDays(current!.periodStart, -1));
    expect(previous).toMatchObject({ amount: YEARLY, status: 'PAID', credits: [] });
    expect(current).toMatchObject({ amount: YEARLY - rate, status: 'PAID' });
    expect(current!.credits).toEqual([
      { kind: 'MISSED_PAPER', deliveryDate: expect.any(String), amount: rate },
    ]);
    // The day credited lies in the paid year before, and its complaint is listed.
    const [line] = current!.credits;
    expect(line!.deliveryDate < current!.periodStart).toBe(true);
    expect(line!.deliveryDate >= previous!.periodStart).toBe(true);
    const subscriptionNo = current!.subscriptionNo;
    const page = await session.request({ url: `/api/subscription/${subscriptionNo}/complaints` });
    expect(page.json().complaints).toEqual([
      expect.objectContaining({ dates: [line!.deliveryDate], code: 'UTEBLITT' }),
    ]);

    const filed = await session.request({
      method: 'POST',
      url: `/api/subscription/${subscriptionNo}/complaints`,
      payload: { dates: ['2026-03-10'], code: 'UTEBLITT' },
    });
    expect(filed.statusCode).toBe(201);
    expect((filed.json() as Receipt).credit).toEqual({
      amountOre: rateOf('ADR', YEARLY, current!.periodStart, current!.periodEnd),
      appliesTo: renewal,
    });
  });
});

describe('a paper that did not come on a paid day (Firda, nynorsk)', () => {
  let r: Reader;
  const paid = { start: '2026-02-11', end: '2026-03-10' };
  const next = { start: '2026-03-11', end: '2026-04-10' };
  let rate: number;

  beforeAll(async () => {
    r = await paperReader({ renewalDate: next.start });
    await billedPeriod(r, paid.start, paid.end, MONTHLY);
    rate = rateOf('FIR', MONTHLY, paid.start, paid.end);
  });

  it('credits each day’s paper share on the next invoice, and says so in the receipt and the e-mails', async () => {
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-06', '2026-03-05']);
    expect(response.statusCode).toBe(201);
    const receipt = response.json() as Receipt;
    expect(rate).toBeGreaterThan(1000);
    expect(receipt.credit).toEqual({ amountOre: 2 * rate, appliesTo: next.start });
    expect(await creditsOf(r)).toEqual([
      { delivery_date: '2026-03-05', amount_ore: rate, billing_effect_id: null },
      { delivery_date: '2026-03-06', amount_ore: rate, billing_effect_id: null },
    ]);
    // Home's next charge already takes them off, as the renewal will.
    expect(await forecastOf(r)).toMatchObject({
      date: next.start,
      amount: MONTHLY - 2 * rate,
      missedPaperCredit: 2 * rate,
    });

    const [toReader] = await emailsTo(r.email);
    expect(toReader?.body).toContain(`Vi trekkjer ${formatKroner(2 * rate)} frå neste faktura.`);
    expect(toReader?.body).not.toContain('trekker');
    const [toCentre] = (await emailsTo('kundesenter@firda.no')).filter((m) =>
      m.body.includes(receipt.complaint.reference),
    );
    expect(toCentre?.body).toContain(
      `Trekk for avis som ikke kom: ${formatKroner(2 * rate)} trekkes automatisk fra neste faktura (11. mars 2026).`,
    );
  });

  it('credits a day once: a second complaint for it is refused, whatever its code', async () => {
    for (const code of ['UTEBLITT', 'SEN']) {
      const again = await file(r, ['2026-03-05'], code);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'COMPLAINT_ALREADY_FILED',
        errors: [{ field: 'dates.0' }],
      });
    }
    expect(await creditsOf(r)).toHaveLength(2);
  });

  it('takes the credit off the renewal, shown as a line of its own on that invoice', async () => {
    await renewOn(next.start);
    const [, renewal] = await renewalsOf(r);
    expect(renewal).toMatchObject({
      amount_ore: MONTHLY - 2 * rate,
      stop_credit_ore: 0,
      status: 'open',
      period_start: next.start,
    });
    expect((await creditsOf(r)).map((c) => c.billing_effect_id)).toEqual([
      renewal!.id,
      renewal!.id,
    ]);
    const [newest, older] = await invoicesOf(r);
    expect(newest).toMatchObject({ amount: MONTHLY - 2 * rate, periodStart: next.start });
    expect(newest!.credits).toEqual([
      { kind: 'MISSED_PAPER', deliveryDate: '2026-03-05', amount: rate },
      { kind: 'MISSED_PAPER', deliveryDate: '2026-03-06', amount: rate },
    ]);
    expect(older!.credits).toEqual([]);
    // Taken: the renewal after has nothing to take off.
    expect(await forecastOf(r)).toMatchObject({ amount: MONTHLY, missedPaperCredit: 0 });
    const one = await (
      await sessionOf(r)
    ).request({ url: `/api/invoice/${newest!.ariaInvoiceNo}` });
    expect(one.json().credits).toEqual(newest!.credits);
  });

  it('credits nothing for a day of a period not paid yet, and says nothing about money', async () => {
    t.clock.set(at('2026-03-20', 10));
    const response = await file(r, ['2026-03-19']);
    expect(response.statusCode).toBe(201);
    expect((response.json() as Receipt).credit).toBeNull();
    expect(await creditsOf(r)).toHaveLength(2);
    const [toReader] = await emailsTo(r.email);
    expect(toReader?.body).toContain('Avisa kom ikkje');
    expect(toReader?.body).not.toMatch(/faktura|kr \d/);
  });

  it('once that period is paid, credits its day at the period’s whole price (the credit it took off counts)', async () => {
    const [, renewal] = await renewalsOf(r);
    await settleCharge(t.db, renewal!.id, 'paid', null, new Date(at('2026-03-20', 9)));
    const response = await file(r, ['2026-03-20']);
    expect(response.statusCode).toBe(201);
    const rate2 = rateOf('FIR', MONTHLY, next.start, next.end);
    expect((response.json() as Receipt).credit).toEqual({
      amountOre: rate2,
      appliesTo: '2026-04-11',
    });
    // The next renewal takes it off; the earlier days are not taken again.
    await renewOn('2026-04-11');
    expect((await renewalsOf(r)).at(-1)).toMatchObject({
      amount_ore: MONTHLY - rate2,
      period_start: '2026-04-11',
    });
    expect((await invoicesOf(r))[0]!.credits).toEqual([
      { kind: 'MISSED_PAPER', deliveryDate: '2026-03-20', amount: rate2 },
    ]);
  });
});

describe('what is not credited', () => {
  it('the day of a trial: only the paid days of the complaint are credited', async () => {
    // The trial ended on 5 March; the first paid month began on 6 March.
    const r = await paperReader({ renewalDate: '2026-04-06' });
    await billedPeriod(r, '2026-03-06', '2026-04-05', MONTHLY);
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-05', '2026-03-06']);
    expect(response.statusCode).toBe(201);
    const rate = rateOf('FIR', MONTHLY, '2026-03-06', '2026-04-05');
    expect((response.json() as Receipt).credit).toEqual({
      amountOre: rate,
      appliesTo: '2026-04-06',
    });
    expect((await creditsOf(r)).map((c) => c.delivery_date)).toEqual(['2026-03-06']);
  });

  it('a subscription on trial now: nothing, and no word about money', async () => {
    const r = await paperReader({ renewalDate: '2026-03-25', status: S.TRIAL });
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-10']);
    expect(response.statusCode).toBe(201);
    expect((response.json() as Receipt).credit).toBeNull();
    expect(await creditsOf(r)).toEqual([]);
    const [toReader] = await emailsTo(r.email);
    expect(toReader?.body).not.toMatch(/faktura|kr \d/);
  });

  it('an unpaid period (the giro invoice still open)', async () => {
    const r = await paperReader({ renewalDate: '2026-03-11' });
    await billedPeriod(r, '2026-02-11', '2026-03-10', MONTHLY, false);
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-07']);
    expect((response.json() as Receipt).credit).toBeNull();
    expect(await creditsOf(r)).toEqual([]);
  });

  it('a free period (0 kr): the paper share of nothing is nothing', async () => {
    const r = await paperReader({ renewalDate: '2026-03-11' });
    await billedPeriod(r, '2026-02-11', '2026-03-10', 0);
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-07']);
    expect((response.json() as Receipt).credit).toBeNull();
    expect(await creditsOf(r)).toEqual([]);
  });

  it('another code than «Avisen kom ikke»', async () => {
    const r = await paperReader({ renewalDate: '2026-03-11' });
    await billedPeriod(r, '2026-02-11', '2026-03-10', MONTHLY);
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-07'], 'SKADET');
    expect(response.statusCode).toBe(201);
    expect((response.json() as Receipt).credit).toBeNull();
    expect(await creditsOf(r)).toEqual([]);
  });

  it('a subscription being cancelled (no next invoice to take it off)', async () => {
    const r = await paperReader({ renewalDate: '2026-03-11', status: S.PENDING_CANCELLATION });
    await billedPeriod(r, '2026-02-11', '2026-03-10', MONTHLY);
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-07']);
    expect(response.statusCode).toBe(201);
    expect((response.json() as Receipt).credit).toBeNull();
  });

  it('a title that credits no paper share (Fædrelandsvennen)', async () => {
    const r = await paperReader({ titleCode: 'FVN', renewalDate: '2026-03-11' });
    await billedPeriod(r, '2026-02-11', '2026-03-10', MONTHLY);
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-09']);
    expect(response.statusCode).toBe(201);
    expect((response.json() as Receipt).credit).toBeNull();
    expect(await creditsOf(r)).toEqual([]);
  });

  it('a digital subscription: refused, nothing credited', async () => {
    const r = await paperReader({ renewalDate: '2026-03-11', plan: DEFAULT_PLAN_ID });
    await billedPeriod(r, '2026-02-11', '2026-03-10', 27_900);
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-07']);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PAPER_SUBSCRIPTION_REQUIRED' });
    expect(await creditsOf(r)).toEqual([]);
  });

  it('another account’s subscription is not found (404), and nothing is credited', async () => {
    const owner = await paperReader({ renewalDate: '2026-03-11' });
    await billedPeriod(owner, '2026-02-11', '2026-03-10', MONTHLY);
    const stranger = await paperReader({ renewalDate: '2026-03-11' });
    t.clock.set(TEST_NOW);
    const response = await file(owner, ['2026-03-07'], 'UTEBLITT', await sessionOf(stranger));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
    expect(await creditsOf(owner)).toEqual([]);
  });
});

describe('Adresseavisen (bokmål)', () => {
  it('says «Vi trekker kr … fra neste faktura» in the receipt e-mail', async () => {
    const r = await paperReader({ titleCode: 'ADR', renewalDate: '2026-03-11' });
    await billedPeriod(r, '2026-02-11', '2026-03-10', MONTHLY);
    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-08']); // a Sunday: ADR has a Sunday paper
    expect(response.statusCode).toBe(201);
    const rate = rateOf('ADR', MONTHLY, '2026-02-11', '2026-03-10');
    expect((response.json() as Receipt).credit).toEqual({
      amountOre: rate,
      appliesTo: '2026-03-11',
    });
    const [toReader] = await emailsTo(r.email);
    expect(toReader?.body).toContain(`Vi trekker ${formatKroner(rate)} fra neste faktura.`);
  });
});

describe('a credit that does not fit the next renewal (a paid year, then monthly)', () => {
  it('takes off whole issues while at least 1 kr is left, never 0 kr, and carries the rest', async () => {
    // A paid year whose price makes a missed issue worth exactly half the monthly price: two of
    // them would bring the first monthly renewal to 0 kr.
    const r = await paperReader({
      renewalDate: '2026-04-11',
      period: 'Årlig',
      pendingPeriod: 'Månedlig',
    });
    const year = { start: '2025-04-11', end: '2026-04-10' };
    const issues = deliveryDaysBetween('FIR', year.start, year.end).length;
    const half = MONTHLY / 2;
    await billedPeriod(r, year.start, year.end, 2 * half * issues);
    expect(rateOf('FIR', 2 * half * issues, year.start, year.end)).toBe(half);

    t.clock.set(TEST_NOW);
    const response = await file(r, ['2026-03-05', '2026-03-06', '2026-03-07']);
    expect((response.json() as Receipt).credit).toEqual({
      amountOre: 3 * half,
      appliesTo: '2026-04-11',
    });

    // Each monthly renewal takes one: two would leave 0 kr.
    for (const [renewal, day] of [
      ['2026-04-11', '2026-03-05'],
      ['2026-05-11', '2026-03-06'],
      ['2026-06-11', '2026-03-07'],
    ] as const) {
      // Told beforehand what the renewal takes off: one issue, 1 kr or more left.
      expect(await forecastOf(r)).toMatchObject({
        date: renewal,
        amount: MONTHLY - half,
        missedPaperCredit: half,
      });
      await renewOn(renewal);
      const last = (await renewalsOf(r)).at(-1)!;
      expect(last).toMatchObject({
        amount_ore: MONTHLY - half,
        status: 'open',
        period_start: renewal,
      });
      expect((await invoicesOf(r))[0]!.credits).toEqual([
        { kind: 'MISSED_PAPER', deliveryDate: day, amount: half },
      ]);
    }
    // Every day once, none lost; the next renewal has nothing left to take off.
    expect((await creditsOf(r)).every((c) => c.billing_effect_id !== null)).toBe(true);
    await renewOn('2026-07-11');
    expect((await renewalsOf(r)).at(-1)).toMatchObject({ amount_ore: MONTHLY });
  });

  it('plans the claim: whole issues, oldest first, at least 1 kr left', () => {
    const waiting = [
      { date: '2026-03-06', amountOre: 1151 },
      { date: '2026-03-05', amountOre: 1151 },
    ];
    expect(planMissedPaperClaim(waiting, 1151 + MIN_BILLED_AFTER_CREDIT_ORE)).toEqual({
      totalOre: 1151,
      dates: ['2026-03-05'],
    });
    expect(planMissedPaperClaim(waiting, 1151 + MIN_BILLED_AFTER_CREDIT_ORE - 1)).toEqual({
      totalOre: 0,
      dates: [],
    });
    expect(planMissedPaperClaim(waiting, 2302)).toEqual({ totalOre: 1151, dates: ['2026-03-05'] });
    expect(planMissedPaperClaim(waiting, 59_900)).toEqual({
      totalOre: 2302,
      dates: ['2026-03-05', '2026-03-06'],
    });
    expect(planMissedPaperClaim(waiting, 0)).toEqual({ totalOre: 0, dates: [] });
  });
});

describe('at once', () => {
  it(`two complaints for the same day credit it once${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const r = await paperReader({ renewalDate: '2026-03-11' });
    await billedPeriod(r, '2026-02-11', '2026-03-10', MONTHLY);
    t.clock.set(TEST_NOW);
    const session = await sessionOf(r);
    const answers = await Promise.all([
      file(r, ['2026-03-07'], 'UTEBLITT', session),
      file(r, ['2026-03-07'], 'UTEBLITT', session),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const filed = answers.find((a) => a.statusCode === 201)!;
    const rate = rateOf('FIR', MONTHLY, '2026-02-11', '2026-03-10');
    expect((filed.json() as Receipt).credit).toEqual({ amountOre: rate, appliesTo: '2026-03-11' });
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({
      code: 'COMPLAINT_ALREADY_FILED',
    });
    expect(await creditsOf(r)).toEqual([
      { delivery_date: '2026-03-07', amount_ore: rate, billing_effect_id: null },
    ]);
  });

  it(`two billing runs take a credit off once${usingPostgres ? ' (PostgreSQL)' : ''}`, async () => {
    const r = await paperReader({ renewalDate: '2026-08-14' });
    await billedPeriod(r, '2026-07-14', '2026-08-13', MONTHLY);
    t.clock.set(at('2026-08-13', 9));
    expect((await file(r, ['2026-08-13'])).statusCode).toBe(201);
    t.clock.set(at('2026-08-14'));
    const runs = await Promise.all([runDueJobs(t.db, t.clock), runDueJobs(t.db, t.clock)]);
    expect(runs.flatMap((run) => run.errors)).toEqual([]);
    const rate = rateOf('FIR', MONTHLY, '2026-07-14', '2026-08-13');
    const renewals = await renewalsOf(r);
    expect(renewals.slice(1)).toEqual([
      expect.objectContaining({ amount_ore: MONTHLY - rate, period_start: '2026-08-14' }),
    ]);
    expect((await creditsOf(r)).map((c) => c.billing_effect_id)).toEqual([renewals[1]!.id]);
  });
});

describe('erasing a reader’s data', () => {
  it('keeps a credit with the invoice’s bookkeeping when the complaint goes, and purges it with it', async () => {
    const r = await paperReader({ renewalDate: '2026-09-14' });
    await billedPeriod(r, '2026-08-14', '2026-09-13', MONTHLY);
    t.clock.set(at('2026-09-12', 9));
    expect((await file(r, ['2026-09-12'])).statusCode).toBe(201);
    await renewOn('2026-09-14');
    const [credited] = await creditsOf(r);
    expect(credited!.billing_effect_id).not.toBeNull();

    await eraseComplaints(t.db, r.accountNo);
    const kept = await t.db.query<{ complaint_id: string | null }>(
      'select complaint_id from missed_paper_credits where subscription_no = $1',
      [r.subscriptionNo],
    );
    expect(kept).toEqual([{ complaint_id: null }]);
    expect((await invoicesOf(r))[0]!.credits).toHaveLength(1);

    await purgeMissedPaperCredits(t.db, r.accountNo);
    await purgeBilling(t.db, r.accountNo);
    expect(await creditsOf(r)).toEqual([]);
    expect(await renewalsOf(r)).toEqual([]);
  });
});

describe('the receipt e-mail', () => {
  const message = {
    reference: 'KLAGE-M3T8W6PB',
    subscriptionNo: '500000007',
    planName: 'Papir + digital',
    customerNumber: '7000001',
    reader: { firstName: 'Ulla', lastName: 'Uteblitt', email: 'u@example.no', phoneNumber: null },
    address: 'Storgata 1, 6800 Førde',
    dates: ['2026-03-05'],
    code: 'UTEBLITT',
    description: 'Avisen kom ikke',
    comment: null,
    addressCount: 1,
    repeatDays: 30,
    repeated: false,
    epaperUrl: 'https://www.firda.no/eavis',
  };
  const credit = { amountOre: 123_456, appliesTo: '2026-04-11' };

  it('names the amount in the title’s language when a credit was made', () => {
    expect(readerConfirmationEmail({ ...message, titleCode: 'ADR', credit }).body).toContain(
      'Vi trekker kr 1\u00a0234,56 fra neste faktura.',
    );
    expect(readerConfirmationEmail({ ...message, titleCode: 'FIR', credit }).body).toContain(
      'Vi trekkjer kr 1\u00a0234,56 frå neste faktura.',
    );
  });

  it('says nothing about money without one', () => {
    for (const titleCode of ['ADR', 'FIR'])
      expect(readerConfirmationEmail({ ...message, titleCode, credit: null }).body).not.toMatch(
        /faktura|trekk|kr \d/,
      );
  });
});
