// The subscription jobs and the lifecycle against the database (PGlite, or PostgreSQL when
// DATABASE_URL is set), driven by an injected clock across the demo users' renewal and expiry
// dates. TEST_NOW is 2026-03-10 (Oslo); the demo data is laid out relative to that day.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { fixedClock } from '../../src/server/clock';
import type { Db } from '../../src/server/db/db';
import { applyCommand, subscriptionEvents } from '../../src/server/domain/subscriptions/lifecycle';
import {
  getSubscription,
  listSubscriptions,
} from '../../src/server/domain/subscriptions/subscriptions';
import { DomainError } from '../../src/server/errors';
import { runDueJobs, startScheduler, type JobRun } from '../../src/server/jobs/subscriptionJobs';

import { demoAccountNo, TEST_NOW, usingPostgres } from './support';
import { openSeededTestDb } from './test-db';

let db: Db;
const clock = fixedClock(TEST_NOW);

beforeAll(async () => {
  db = await openSeededTestDb(clock.now());
});
afterAll(async () => {
  await db.close();
});

async function subscriptionOf(email: string, titleCode = 'FVN') {
  const [subscription] = await listSubscriptions(db, await demoAccountNo(db, email), titleCode);
  if (!subscription) throw new Error(`${email} has no ${titleCode} subscription`);
  return subscription;
}

const counts = (run: JobRun) => ({
  planChanges: run.planChanges,
  renewals: run.renewals,
  trialsEnded: run.trialsEnded,
  expiries: run.expiries,
  failed: run.failed,
});
const nothing = { planChanges: 0, renewals: 0, trialsEnded: 0, expiries: 0, failed: 0 };

/** Two runs at once; the counts added up (each change is counted by the run that made it). */
async function runTwiceConcurrently() {
  const runs = await Promise.all([runDueJobs(db, clock), runDueJobs(db, clock)]);
  for (const run of runs) expect(run.errors).toEqual([]);
  const sum = { ...nothing };
  for (const run of runs)
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += run[key];
  return { sum, effects: runs.flatMap((r) => r.effects) };
}

async function allEvents() {
  return db.query<{ subscription_no: string; kind: string; dedupe_key: string | null }>(
    `select subscription_no, kind, dedupe_key from subscription_events
      where not (detail ? 'imported') and not coalesce(detail -> 'context' ? 'seed', false)
      order by id`,
  );
}

describe(`subscription jobs on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('finds nothing due on the day of the seed', async () => {
    expect(counts(await runDueJobs(db, clock))).toEqual(nothing);
    expect(await allEvents()).toEqual([]);
  });

  it('applies planendring@’s pending change on its renewal date, then renews at the new price — once, though run twice at once', async () => {
    const before = await subscriptionOf('planendring@demo.minside.no');
    expect(before.pendingChange).toMatchObject({ period: 'Årlig', effectiveDate: '2026-03-19' });
    const youthBefore = await subscriptionOf('ung@demo.minside.no');
    expect(youthBefore.renewalDate).toBe('2026-03-15');

    clock.set('2026-03-19T08:00:00+01:00');
    const { sum, effects } = await runTwiceConcurrently();
    // planendring@'s change and renewal, and ung@'s renewal that was due on 15 March.
    expect(sum).toEqual({ ...nothing, planChanges: 1, renewals: 2 });

    const after = await subscriptionOf('planendring@demo.minside.no');
    expect(after).toMatchObject({
      period: 'Årlig',
      price: 299000,
      renewalDate: '2027-03-19',
      pendingChange: null,
      status: 'ACTIVE',
    });
    const events = await subscriptionEvents(db, after.subscriptionNo);
    expect(events.map((e) => [e.kind, e.actor, e.dedupeKey])).toEqual([
      ['applyPlanChange', 'job', `planChange:${after.subscriptionNo}:2026-03-19`],
      ['renew', 'job', `renew:${after.subscriptionNo}:2026-03-19`],
    ]);
    expect(effects.find((e) => e.subscriptionNo === after.subscriptionNo)?.effects).toEqual([
      expect.objectContaining({
        kind: 'charge',
        amountOre: 299000,
        reason: 'renewal',
        periodStart: '2026-03-19',
        periodEnd: '2027-03-18',
      }),
    ]);
    expect((await subscriptionOf('ung@demo.minside.no')).renewalDate).toBe('2026-04-15');

    expect(counts(await runDueJobs(db, clock))).toEqual(nothing);
  });

  it('renews digital@ on its renewal date by the Oslo date, exactly once', async () => {
    const before = await subscriptionOf('digital@demo.minside.no');
    expect(before.renewalDate).toBe('2026-03-22');

    clock.set('2026-03-21T22:30:00Z'); // 23:30 on 21 March in Oslo
    expect(counts(await runDueJobs(db, clock))).toEqual(nothing);

    clock.set('2026-03-21T23:30:00Z'); // 00:30 on 22 March in Oslo, still the 21st in UTC
    const { sum, effects } = await runTwiceConcurrently();
    expect(sum).toEqual({ ...nothing, renewals: 1 });
    const after = await subscriptionOf('digital@demo.minside.no');
    expect(after).toMatchObject({ renewalDate: '2026-04-22', status: 'ACTIVE', price: 27900 });
    expect(effects).toEqual([
      {
        subscriptionNo: after.subscriptionNo,
        job: 'renew',
        eventId: expect.any(Number),
        effects: [
          expect.objectContaining({
            kind: 'charge',
            amountOre: 27900,
            provider: 'SWEDBANK-PPG',
            periodStart: '2026-03-22',
            periodEnd: '2026-04-21',
          }),
        ],
      },
    ]);
    const renewals = (await subscriptionEvents(db, after.subscriptionNo)).filter(
      (e) => e.kind === 'renew',
    );
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      fromStatus: 1,
      toStatus: 1,
      actor: 'job',
      dedupeKey: `renew:${after.subscriptionNo}:2026-03-22`,
      detail: { today: '2026-03-22', before: { renewalDate: '2026-03-22' } },
    });

    await runDueJobs(db, clock);
    expect(
      (await subscriptionEvents(db, after.subscriptionNo)).filter((e) => e.kind === 'renew'),
    ).toHaveLength(1);
  });

  it('keeps oppsagt@ until the end of its expiry date and cancels it the day after, across the DST change', async () => {
    const before = await subscriptionOf('oppsagt@demo.minside.no');
    expect(before).toMatchObject({ status: 'PENDING_CANCELLATION', expiryDate: '2026-03-28' });

    clock.set('2026-03-28T23:00:00+01:00'); // the last hour of the expiry date
    expect(counts(await runDueJobs(db, clock))).toEqual(nothing);

    clock.set('2026-03-28T23:30:00Z'); // 00:30 on 29 March in Oslo (DST starts at 02:00)
    const { sum } = await runTwiceConcurrently();
    expect(sum).toEqual({ ...nothing, expiries: 1 });
    const after = await subscriptionOf('oppsagt@demo.minside.no');
    expect(after).toMatchObject({
      status: 'CANCELLED',
      instStatusCode: -2,
      expiryDate: '2026-03-28',
      hasSubscription: false,
    });
    expect(
      (await subscriptionEvents(db, after.subscriptionNo)).map((e) => [
        e.kind,
        e.fromStatus,
        e.toStatus,
        e.dedupeKey,
      ]),
    ).toEqual([['expire', 2, -2, `expire:${after.subscriptionNo}:2026-03-28`]]);
    expect(counts(await runDueJobs(db, clock))).toEqual(nothing);
  });

  it('ends digital@’s ADR trial the day after its last free day with a charge', async () => {
    const before = await subscriptionOf('digital@demo.minside.no', 'ADR');
    expect(before).toMatchObject({ status: 'TRIAL', renewalDate: '2026-03-30', isPaying: false });

    clock.set('2026-03-29T22:30:00Z'); // 00:30 on 30 March in Oslo (CEST)
    const { sum, effects } = await runTwiceConcurrently();
    expect(sum).toEqual({ ...nothing, trialsEnded: 1 });
    const after = await subscriptionOf('digital@demo.minside.no', 'ADR');
    expect(after).toMatchObject({ status: 'ACTIVE', renewalDate: '2026-04-30', isPaying: true });
    expect(effects.flatMap((e) => e.effects)).toEqual([
      expect.objectContaining({
        kind: 'charge',
        amountOre: 27900,
        reason: 'trial-conversion',
        periodStart: '2026-03-30',
        periodEnd: '2026-04-29',
      }),
    ]);
    const [event] = await subscriptionEvents(db, after.subscriptionNo);
    expect(event).toMatchObject({
      kind: 'endTrial',
      fromStatus: 41,
      toStatus: 1,
      dedupeKey: `trialEnd:${after.subscriptionNo}:2026-03-29`,
    });
  });

  it('has written exactly one audit event per change, each with a distinct dedupe key', async () => {
    const events = await allEvents();
    const keys = events.map((e) => e.dedupe_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(events.map((e) => e.kind).sort()).toEqual(
      ['applyPlanChange', 'renew', 'renew', 'renew', 'expire', 'endTrial'].sort(),
    );
  });
});

describe('lifecycle commands of a user', () => {
  it('cancels with a reason and undoes it, writing an audit event for each', async () => {
    clock.set('2026-03-30T10:00:00+02:00');
    const accountNo = await demoAccountNo(db, 'papir@demo.minside.no');
    const before = await subscriptionOf('papir@demo.minside.no');
    expect(before.renewalDate).toBe('2026-04-19');

    const cancelled = await applyCommand(
      db,
      before.subscriptionNo,
      { kind: 'cancel', reason: 'moving', comment: 'Flytter til Bergen' },
      { clock, actor: 'user', ariaAccountNo: accountNo },
    );
    expect(cancelled.subscription).toMatchObject({
      status: 'PENDING_CANCELLATION',
      expiryDate: '2026-04-18',
      renewalDate: null,
    });
    const [row] = await db.query<{ reason: string; comment: string; cancelled_at: Date | string }>(
      `select cancellation_reason as reason, cancellation_comment as comment, cancelled_at
         from subscriptions where subscription_no = $1`,
      [before.subscriptionNo],
    );
    expect(row).toMatchObject({ reason: 'moving', comment: 'Flytter til Bergen' });
    expect(new Date(row!.cancelled_at).toISOString()).toBe('2026-03-30T08:00:00.000Z');

    const undone = await applyCommand(
      db,
      before.subscriptionNo,
      { kind: 'undoCancellation' },
      { clock, actor: 'user', ariaAccountNo: accountNo },
    );
    expect(undone.subscription).toMatchObject({
      status: 'ACTIVE',
      renewalDate: '2026-04-19',
      expiryDate: null,
    });
    const events = (await subscriptionEvents(db, before.subscriptionNo)).filter(
      (e) => !e.detail.imported,
    );
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus, e.actor, e.dedupeKey])).toEqual([
      ['cancel', 1, 2, 'user', null],
      ['undoCancellation', 2, 1, 'user', null],
    ]);
    expect(events[0]!.detail).toMatchObject({
      command: { kind: 'cancel', reason: 'moving' },
      before: { status: 1, renewalDate: '2026-04-19' },
      after: { status: 2, expiryDate: '2026-04-18' },
      effects: [],
    });
    const [cleared] = await db.query<{ reason: string | null; cancelled_at: unknown }>(
      `select cancellation_reason as reason, cancelled_at from subscriptions
        where subscription_no = $1`,
      [before.subscriptionNo],
    );
    expect(cleared).toEqual({ reason: null, cancelled_at: null });
  });

  it('writes nothing when a command is refused, and finds no other account’s subscription', async () => {
    const sub = await subscriptionOf('papir@demo.minside.no');
    const own = await demoAccountNo(db, 'papir@demo.minside.no');
    const other = await demoAccountNo(db, 'digital@demo.minside.no');
    const count = async () => (await subscriptionEvents(db, sub.subscriptionNo)).length;
    const before = await count();

    await expect(
      applyCommand(
        db,
        sub.subscriptionNo,
        { kind: 'cancel' },
        { clock, actor: 'user', ariaAccountNo: own },
      ),
    ).rejects.toMatchObject({ kind: 'invalid', code: 'CANCELLATION_REASON_REQUIRED' });
    await expect(
      applyCommand(
        db,
        sub.subscriptionNo,
        { kind: 'reactivate' },
        { clock, actor: 'user', ariaAccountNo: own },
      ),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'SUBSCRIPTION_STATE_CONFLICT' });
    const foreign = applyCommand(
      db,
      sub.subscriptionNo,
      { kind: 'cancel', reason: 'price' },
      { clock, actor: 'user', ariaAccountNo: other },
    );
    await expect(foreign).rejects.toBeInstanceOf(DomainError);
    await expect(foreign).rejects.toMatchObject({ kind: 'not-found' });

    expect(await count()).toBe(before);
    expect((await getSubscription(db, sub.subscriptionNo))?.status).toBe('ACTIVE');
  });

  it('upgrades now with the prorated difference, and schedules and withdraws a period change', async () => {
    clock.set('2026-03-30T12:00:00+02:00');
    const sub = await subscriptionOf('digital@demo.minside.no');
    expect(sub).toMatchObject({ period: 'Månedlig', price: 27900, renewalDate: '2026-04-22' });
    const options = { clock, actor: 'user' as const, ariaAccountNo: sub.ariaAccountNo };

    const upgraded = await applyCommand(
      db,
      sub.subscriptionNo,
      { kind: 'upgradeNow', plan: { ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Månedlig Premium' } },
      options,
    );
    // Period 22 March – 21 April: 31 days, 23 of them left on 30 March; 10 000 øre × 23 / 31.
    expect(upgraded.effects).toEqual([
      expect.objectContaining({ kind: 'charge', reason: 'upgrade', amountOre: 7419 }),
    ]);
    expect(upgraded.subscription).toMatchObject({
      period: 'Månedlig Premium',
      price: 37900,
      renewalDate: '2026-04-22',
    });

    const scheduled = await applyCommand(
      db,
      sub.subscriptionNo,
      { kind: 'schedulePlanChange', plan: { ariaPlanID: 'C-DIGITAL-PREMIUM', period: 'Årlig' } },
      options,
    );
    expect(scheduled.subscription.pendingChange).toMatchObject({
      period: 'Årlig',
      price: 299000,
      effectiveDate: '2026-04-22',
    });
    expect(scheduled.effects).toEqual([]);
    const withdrawn = await applyCommand(
      db,
      sub.subscriptionNo,
      { kind: 'withdrawPlanChange' },
      options,
    );
    expect(withdrawn.subscription.pendingChange).toBeNull();

    await expect(
      applyCommand(
        db,
        sub.subscriptionNo,
        { kind: 'schedulePlanChange', plan: { ariaPlanID: 'C-NOPE', period: 'Årlig' } },
        options,
      ),
    ).rejects.toMatchObject({ kind: 'invalid', code: 'PLAN_NOT_AVAILABLE' });
    expect((await subscriptionEvents(db, sub.subscriptionNo)).slice(-3).map((e) => e.kind)).toEqual(
      ['upgradeNow', 'schedulePlanChange', 'withdrawPlanChange'],
    );
  });

  it('reactivates avsluttet@ with the offer: 3 months for the price of 1', async () => {
    const sub = await subscriptionOf('avsluttet@demo.minside.no');
    expect(sub.status).toBe('CANCELLED');
    const result = await applyCommand(
      db,
      sub.subscriptionNo,
      { kind: 'reactivate' },
      { clock, actor: 'user', ariaAccountNo: sub.ariaAccountNo },
    );
    expect(result.subscription).toMatchObject({
      status: 'ACTIVE',
      renewalDate: '2026-06-30',
      expiryDate: null,
    });
    expect(result.effects).toEqual([
      expect.objectContaining({
        kind: 'charge',
        reason: 'reactivation-offer',
        amountOre: 27900,
        basis: { months: 3, ordinaryAmountOre: 83700 },
      }),
    ]);
    const events = await subscriptionEvents(db, sub.subscriptionNo);
    expect(events.map((e) => [e.kind, e.fromStatus, e.toStatus])).toEqual([['reactivate', -2, 1]]);
  });
});

describe('late jobs', () => {
  it('catches up a renewal several periods late one period (and one event) at a time', async () => {
    clock.set('2026-06-20T12:00:00+02:00');
    const first = await runTwiceConcurrently();
    expect(first.sum.failed).toBe(0);
    const youth = await subscriptionOf('ung@demo.minside.no');
    expect(youth.renewalDate).toBe('2026-07-15');
    const keys = (await subscriptionEvents(db, youth.subscriptionNo)).map((e) => e.dedupeKey);
    expect(keys).toEqual(
      ['2026-03-15', '2026-04-15', '2026-05-15', '2026-06-15'].map(
        (d) => `renew:${youth.subscriptionNo}:${d}`,
      ),
    );
    expect(counts(await runDueJobs(db, clock))).toEqual(nothing);
  });
  it('rolls a change back when its dedupe key was written already (a second run is a no-op)', async () => {
    const youth = await subscriptionOf('ung@demo.minside.no');
    // As if a stale reader saw the renewal of 15 March as still due.
    await db.query(
      `update subscriptions set renewal_date = '2026-03-15' where subscription_no = $1`,
      [youth.subscriptionNo],
    );
    const run = await runDueJobs(db, clock);
    expect(run).toMatchObject({ ...nothing, duplicates: 1, errors: [] });
    expect((await subscriptionOf('ung@demo.minside.no')).renewalDate).toBe('2026-03-15');
    expect(
      (await subscriptionEvents(db, youth.subscriptionNo)).filter((e) => e.kind === 'renew'),
    ).toHaveLength(4);
  });
});

describe('the scheduler', () => {
  it('runs the jobs on its timer and stops cleanly', async () => {
    const runs: JobRun[] = [];
    let ran!: () => void;
    const first = new Promise<void>((resolve) => (ran = resolve));
    const scheduler = startScheduler(
      {
        db,
        clock,
        onRun: (run) => {
          runs.push(run);
          ran();
        },
      },
      10,
    );
    await first;
    await scheduler.stop();
    const seen = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs.length).toBe(seen);
    expect(runs[0]?.errors).toEqual([]);
  });
});
