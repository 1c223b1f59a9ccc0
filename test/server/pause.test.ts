// Pause instead of leaving (domain/subscriptions/pauses.ts): the reader's own running subscription
// paused for 1–3 months from today, once in 12 months; no access and no charge while paused, the
// renewal date moved by the pause; the paper stopped through the delivery-change rules without a
// stop credit; confirmed by e-mail once; resumed by the job (with the e-mail 7 days before, once, also when two runs
// overlap) or ended early with the renewal date moved back fairly. Injected clock.
import { beforeEach, describe, expect, it } from '@jest/globals';

import { runPauses } from '../../src/server/domain/subscriptions/pauses';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import { COMBO_PLAN_ID, DEFAULT_PLAN_ID } from '../../src/shared/subscription/plans';
import { SubscriptionStatus } from '../../src/shared/subscription/status';

import { messagesTo, newOwner, type Owner } from './family-support';
import { expectProblem } from './order-support';
import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp();
beforeEach(() => {
  t.clock.set(TEST_NOW); // 2026-03-10 in Oslo
});

// A new session for each request: the clock moves by months here, past a session's idle time.
const pause = async (o: Owner, months: unknown, subscriptionNo = o.subscriptionNo) =>
  (await o.signIn()).request({
    method: 'POST',
    url: `/api/subscription/${subscriptionNo}/pause`,
    payload: { months },
  });
const endPause = async (o: Owner) =>
  (await o.signIn()).request({
    method: 'DELETE',
    url: `/api/subscription/${o.subscriptionNo}/pause`,
  });
const home = async (o: Owner, titleCode = 'FVN') =>
  (
    await (await o.signIn()).request({ url: `/api/subscription/${o.ariaAccountNo}/${titleCode}` })
  ).json().subscription;
const at = (date: string) => t.clock.set(`${date}T09:00:00+02:00`);
const runJob = () => runPauses({ db: t.db, clock: t.clock });
/** The e-mails of a pause: the confirmation when it starts, the notice 7 days before it ends. */
const confirmations = async (email: string) =>
  (await messagesTo(t, email)).filter((m) => /er (satt|sett) på pause/.test(m.body));
const reminders = async (email: string) =>
  (await messagesTo(t, email)).filter((m) => /(starter|startar) igjen/.test(m.body));

async function row(subscriptionNo: string) {
  const [r] = await t.db.query<{ status_code: number; renewal_date: string | null }>(
    'select status_code, renewal_date::text as renewal_date from subscriptions where subscription_no = $1',
    [subscriptionNo],
  );
  return r!;
}
const billed = async (subscriptionNo: string) =>
  (
    await t.db.query<{ period_start: string }>(
      `select period_start::text as period_start from billing_effects
        where subscription_no = $1 order by id`,
      [subscriptionNo],
    )
  ).map((r) => r.period_start);

describe('pausing a subscription', () => {
  it('pauses the own subscription from today: no access, the renewal date moved by the pause', async () => {
    const owner = await newOwner(t, { renewalDate: '2026-04-01' });
    expect((await home(owner)).pauseOffer).toEqual({
      available: true,
      reason: null,
      availableFrom: null,
      months: [1, 2, 3],
    });
    const response = await pause(owner, 2);
    expect(response.statusCode).toBe(200);
    // 10 March through 9 May: 61 days, so the renewal of 1 April comes on 1 June.
    expect(response.json()).toEqual({
      subscriptionNo: owner.subscriptionNo,
      status: 'PAUSED',
      months: 2,
      from: '2026-03-10',
      until: '2026-05-09',
      endedOn: null,
      renewalDate: '2026-06-01',
      paperStop: null,
    });
    const sub = await home(owner);
    expect(sub).toMatchObject({
      instStatusCode: SubscriptionStatus.PAUSED,
      status: 'PAUSED',
      hasSubscription: false,
      renewalDate: '2026-06-01',
      pause: { from: '2026-03-10', until: '2026-05-09' },
      pauseOffer: { available: false, reason: 'ALREADY_PAUSED' },
    });
    expect(sub.nextCharge).toMatchObject({ date: '2026-06-01' });
    // The confirmation: the days, access again, the moved payment, the reminder to come.
    const [mail, ...more] = await confirmations(owner.email);
    expect(more).toEqual([]);
    expect(mail!.body).toContain('Abonnementet ditt hos Fædrelandsvennen er satt på pause');
    expect(mail!.body).toContain(
      'Abonnementet ditt er satt på pause fra 10. mars 2026 til og med 9. mai 2026. Du betaler ingenting i pausen.',
    );
    expect(mail!.body).toContain('Fra 10. mai 2026 har du tilgang igjen.');
    expect(mail!.body).toContain('Neste betaling er 1. juni 2026.');
    expect(mail!.body).not.toContain('Papiravisen');
  });

  it('answers 404 for a subscription of another account', async () => {
    const owner = await newOwner(t);
    const other = await newOwner(t);
    expectProblem(await pause(owner, 1, other.subscriptionNo), 404, 'SUBSCRIPTION_NOT_FOUND');
    expect((await row(other.subscriptionNo)).status_code).toBe(SubscriptionStatus.ACTIVE);
  });

  it('takes 1, 2 or 3 months only', async () => {
    const owner = await newOwner(t);
    expectProblem(await pause(owner, 4), 400, 'PAUSE_MONTHS_INVALID');
    expectProblem(await pause(owner, 0), 400, 'PAUSE_MONTHS_INVALID');
  });

  it.each([
    ['a trial', 'TRIAL', { status: SubscriptionStatus.TRIAL }, null],
    [
      'a subscription being cancelled',
      'PENDING_CANCELLATION',
      {
        status: SubscriptionStatus.PENDING_CANCELLATION,
        expiryDate: '2026-03-31',
        renewalDate: null,
      },
      null,
    ],
    [
      "a family member's share",
      'FAMILY_SHARE',
      {},
      'update subscriptions set eligible_for_sharing = false where subscription_no = $1',
    ],
    [
      'a business seat',
      'BUSINESS',
      {},
      "update subscriptions set subscription_info1 = 'employee' where subscription_no = $1",
    ],
  ] as const)('is not for %s (%s)', async (_what, reason, options, sql) => {
    const owner = await newOwner(t, options);
    if (sql) await t.db.query(sql, [owner.subscriptionNo]);
    expect((await home(owner)).pauseOffer).toMatchObject({ available: false, reason });
    expectProblem(await pause(owner, 1), 409, 'PAUSE_NOT_AVAILABLE');
    expect((await row(owner.subscriptionNo)).status_code).not.toBe(SubscriptionStatus.PAUSED);
  });

  it('is started at most once in 12 months, counted from the records', async () => {
    const owner = await newOwner(t, { renewalDate: '2026-04-01' });
    expect((await pause(owner, 1)).statusCode).toBe(200);
    at('2026-03-20');
    expect((await endPause(owner)).statusCode).toBe(200);
    expectProblem(await pause(owner, 1), 409, 'PAUSE_ALREADY_USED');
    expect((await home(owner)).pauseOffer).toMatchObject({
      available: false,
      reason: 'ALREADY_USED',
      availableFrom: '2027-03-10',
    });
    at('2027-03-09');
    expectProblem(await pause(owner, 1), 409, 'PAUSE_ALREADY_USED');
    at('2027-03-10');
    expect((await pause(owner, 1)).statusCode).toBe(200);
  });

  it('makes one pause of two requests at once', async () => {
    const owner = await newOwner(t, { renewalDate: '2026-04-01' });
    const answers = await Promise.all([pause(owner, 1), pause(owner, 3)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expectProblem(
      answers.find((a) => a.statusCode === 409)!,
      409,
      'PAUSE_NOT_AVAILABLE',
    );
    const pauses = await t.db.query(
      'select 1 from subscription_pauses where subscription_no = $1',
      [owner.subscriptionNo],
    );
    expect(pauses).toHaveLength(1);
    expect(await confirmations(owner.email)).toHaveLength(1);
    const moved = answers.find((a) => a.statusCode === 200)!.json().renewalDate;
    expect((await row(owner.subscriptionNo)).renewal_date).toBe(moved);
  });
});

describe('while paused', () => {
  it('charges nothing, and renews on the moved date after it resumes', async () => {
    const owner = await newOwner(t, { renewalDate: '2026-04-01' });
    await pause(owner, 2);
    at('2026-04-01'); // the old renewal date
    await runDueJobs(t.db, t.clock);
    at('2026-05-01');
    await runDueJobs(t.db, t.clock);
    expect(await billed(owner.subscriptionNo)).toEqual([]);
    expect((await row(owner.subscriptionNo)).status_code).toBe(SubscriptionStatus.PAUSED);

    at('2026-05-10');
    await runJob();
    expect((await row(owner.subscriptionNo)).status_code).toBe(SubscriptionStatus.ACTIVE);
    await runDueJobs(t.db, t.clock);
    expect(await billed(owner.subscriptionNo)).toEqual([]);
    at('2026-06-01');
    await runDueJobs(t.db, t.clock);
    expect(await billed(owner.subscriptionNo)).toEqual(['2026-06-01']);
  });

  it('refuses cancelling, plan changes and other commands until the pause ends', async () => {
    const owner = await newOwner(t);
    await pause(owner, 1);
    const cancel = await owner.session.request({
      method: 'DELETE',
      url: '/api/deleteSubscription',
      payload: { subscriptionNo: owner.subscriptionNo, reason: 'price', acceptedWinback: false },
    });
    expectProblem(cancel, 409, 'SUBSCRIPTION_STATE_CONFLICT');
    expect((await row(owner.subscriptionNo)).status_code).toBe(SubscriptionStatus.PAUSED);
  });
});

describe('the end of a pause', () => {
  it('e-mails the reader 7 days before and resumes on the day after, once each, also when two runs overlap', async () => {
    const owner = await newOwner(t, { renewalDate: '2026-04-01', identity: { given_name: 'Pål' } });
    await pause(owner, 2); // through 9 May
    at('2026-05-02');
    await Promise.all([runJob(), runJob()]);
    expect(await reminders(owner.email)).toHaveLength(0);

    at('2026-05-03');
    await Promise.all([runJob(), runJob()]);
    await runJob();
    const mails = await reminders(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(
      'Abonnementet ditt hos Fædrelandsvennen starter igjen 10. mai 2026',
    );
    expect(mails[0]!.body).toContain('Hei Pål,');
    expect(mails[0]!.body).toContain('Neste betaling er 1. juni 2026.');

    at('2026-05-09');
    await runJob();
    expect((await row(owner.subscriptionNo)).status_code).toBe(SubscriptionStatus.PAUSED);
    at('2026-05-10');
    await Promise.all([runJob(), runJob()]);
    await runJob();
    expect(await row(owner.subscriptionNo)).toEqual({
      status_code: SubscriptionStatus.ACTIVE,
      renewal_date: '2026-06-01',
    });
    const events = await t.db.query<{ kind: string }>(
      "select kind from subscription_events where subscription_no = $1 and kind in ('pause', 'endPause') order by id",
      [owner.subscriptionNo],
    );
    expect(events.map((e) => e.kind)).toEqual(['pause', 'endPause']);
    expect((await home(owner)).hasSubscription).toBe(true);
  });

  it('writes the e-mail in the title’s language (nynorsk)', async () => {
    const owner = await newOwner(t, { titleCode: 'FIR', planId: DEFAULT_PLAN_ID });
    await pause(owner, 1); // through 9 April
    at('2026-04-03');
    await runJob();
    const [confirmation] = await confirmations(owner.email);
    expect(confirmation!.body).toContain('er sett på pause frå 10. mars 2026 til og med 9. april');
    expect(confirmation!.body).toContain('Vi sender deg ein e-post ei veke før pausen er over.');
    const [mail] = await reminders(owner.email);
    expect(mail!.body).toContain('startar igjen 10. april 2026');
    expect(mail!.body).toContain('Frå 10. april 2026 har du tilgang igjen');
  });

  it('can be ended early: access today, the renewal date moved back by the days not used', async () => {
    const owner = await newOwner(t, { renewalDate: '2026-04-01' });
    await pause(owner, 2); // renewal moved to 1 June
    at('2026-04-01');
    const response = await endPause(owner);
    expect(response.statusCode).toBe(200);
    // Paused 10–31 March (22 days): the renewal of 1 April comes 22 days later.
    expect(response.json()).toMatchObject({
      status: 'ENDED',
      endedOn: '2026-04-01',
      renewalDate: '2026-04-23',
    });
    expect(await home(owner)).toMatchObject({
      status: 'ACTIVE',
      hasSubscription: true,
      pause: null,
      renewalDate: '2026-04-23',
    });
    expectProblem(await endPause(owner), 409, 'PAUSE_NOT_ACTIVE');
    // The job leaves an ended pause alone: no e-mail, no second end.
    at('2026-05-03');
    await runJob();
    at('2026-05-10');
    await runJob();
    expect(await reminders(owner.email)).toEqual([]);
    expect(await messagesTo(t, owner.email)).toHaveLength(1); // the confirmation only
    expect((await row(owner.subscriptionNo)).renewal_date).toBe('2026-04-23');
  });
});

describe('the paper during a pause', () => {
  it('stops through the delivery-change rules, without a stop credit, and comes back when it ends', async () => {
    const owner = await newOwner(t, { titleCode: 'ADR', planId: COMBO_PLAN_ID, period: 'Årlig' });
    const response = await pause(owner, 1);
    expect(response.statusCode).toBe(200);
    // Before 14:00 on Tuesday 10 March the first day a change can start is Wednesday 11 March.
    const stop = response.json().paperStop;
    expect(stop).toEqual({ from: '2026-03-11', to: '2026-04-09' });
    const [change] = await t.db.query<{
      kind: string;
      from_date: string;
      to_date: string;
      credited_through: string;
      credited_ore: number;
    }>(
      `select kind, from_date::text as from_date, to_date::text as to_date,
              credited_through::text as credited_through, credited_ore
         from delivery_changes where subscription_no = $1 and withdrawn_at is null`,
      [owner.subscriptionNo],
    );
    expect(change).toMatchObject({
      kind: 'STOP',
      from_date: '2026-03-11',
      to_date: '2026-04-09',
      credited_through: '2026-04-09',
    });
    expect(Number(change!.credited_ore)).toBe(0);
    const [confirmation] = await confirmations(owner.email);
    expect(confirmation!.body).toContain('Papiravisen stopper 11. mars 2026–9. april 2026.');

    at('2026-03-20');
    const ended = await endPause(owner);
    // At 09:00 on Friday 20 March the paper can come again from Saturday 21 March.
    expect(ended.json().paperStop).toEqual({ from: '2026-03-11', to: '2026-03-20' });
  });
});
