// Plan conversions: the youth plan at the 34th birthday and the student plan when the
// student verification lapses. The job tells the reader (outbox) at least 30 days ahead what the
// subscription becomes and at what price, schedules it as a change the reader cannot simply
// withdraw, lets the reader choose another plan in one tap, puts it back after a cancellation is
// undone, is called off by a new student verification, and applies on its day with the new
// price. Injected clock; on PGlite, and on PostgreSQL with DATABASE_URL.
import { beforeEach, describe, expect, it } from '@jest/globals';

import { importStudentVerification } from '../../src/server/domain/student/student';
import { runConversions } from '../../src/server/domain/subscriptions/conversions';
import { applyCommand } from '../../src/server/domain/subscriptions/lifecycle';
import { runDueJobs } from '../../src/server/jobs/subscriptionJobs';
import {
  PREMIUM_PLAN_ID,
  STUDENT_PLAN_ID,
  YOUTH_PLAN_ID,
  type Period,
} from '../../src/shared/subscription/plans';
import { SubscriptionStatus } from '../../src/shared/subscription/status';

import { messagesTo, newOwner, type Owner } from './family-support';
import { expectProblem } from './order-support';
import type { TestSession } from './session-support';
import { buildTestApp, TEST_NOW } from './support';

const t = buildTestApp();
beforeEach(() => {
  t.clock.set(TEST_NOW); // 2026-03-10 in Oslo
});

const run = () => runConversions({ db: t.db, clock: t.clock });

/** A youth subscriber (FVN, monthly) who turns 34 on `birthday` (1992 + 34 = 2026). */
const youthReader = (birthday: string, renewalDate: string, titleCode = 'FVN') =>
  newOwner(t, {
    titleCode,
    planId: YOUTH_PLAN_ID,
    renewalDate,
    identity: { given_name: 'Ung', birth_date: `1992-${birthday}` },
  });

const conversionOf = (s: TestSession, subscriptionNo: string) =>
  s.request({ url: `/api/subscription/${subscriptionNo}/plan-conversion` });
const choose = (s: TestSession, subscriptionNo: string, ariaPlanID: string, period: Period) =>
  s.request({
    method: 'PUT',
    url: `/api/subscription/${subscriptionNo}/plan-conversion`,
    payload: { ariaPlanID, period },
  });

async function subscriptionRow(subscriptionNo: string) {
  const [row] = await t.db.query<{
    aria_plan_id: string;
    period: string;
    pending_aria_plan_id: string | null;
    pending_period: string | null;
    pending_effective_date: string | null;
    pending_reason: string | null;
    status_code: number;
  }>(
    `select p.aria_plan_id, p.period, pp.aria_plan_id as pending_aria_plan_id,
            pp.period as pending_period, s.pending_effective_date::text as pending_effective_date,
            s.pending_reason, s.status_code
       from subscriptions s join plans p on p.id = s.plan_id
       left join plans pp on pp.id = s.pending_plan_id
      where s.subscription_no = $1`,
    [subscriptionNo],
  );
  return row!;
}

describe('the youth plan at the 34th birthday', () => {
  it('is left alone until the notice is due, then told once, 30 days ahead', async () => {
    const owner = await youthReader('03-25', '2026-04-10');
    // The first renewal from the birthday is 10 April: due on 11 March, not on the 10th.
    await run();
    expect(await messagesTo(t, owner.email)).toEqual([]);
    expect((await subscriptionRow(owner.subscriptionNo)).pending_reason).toBeNull();

    t.clock.set('2026-03-11T09:00:00+01:00');
    await run();
    expect(await subscriptionRow(owner.subscriptionNo)).toMatchObject({
      aria_plan_id: YOUTH_PLAN_ID,
      pending_aria_plan_id: PREMIUM_PLAN_ID, // FVN's ordinary digital plan
      pending_period: 'Månedlig',
      pending_effective_date: '2026-04-10',
      pending_reason: 'youth-age-limit',
    });
    const [notice, ...more] = await messagesTo(t, owner.email);
    expect(more).toEqual([]);
    expect(notice!.body).toContain('Abonnementet ditt hos Fædrelandsvennen endres 10. april 2026');
    expect(notice!.body).toContain('Hei Ung,');
    expect(notice!.body).toContain(
      'Du fyller 34 år 25. mars 2026. UNG digital er for lesere under 34',
    );
    expect(notice!.body).toContain(
      'Fra 10. april 2026 blir abonnementet ditt Premium digital til kr 279,00 per måned.',
    );
    expect(notice!.body).toContain('- Premium digital: kr 2\u00a0990,00 per år');
    expect(notice!.body).toContain('avslutte abonnementet på Min side før 10. april 2026');
    expect(notice!.body).toContain('https://minside.fvn.no/');

    // Told once: the next runs change nothing.
    expect(await run()).toMatchObject({ noticed: 0, rescheduled: 0 });
    expect(await messagesTo(t, owner.email)).toHaveLength(1);
  });

  it('moves to a later renewal when the first one is less than 30 days off', async () => {
    const owner = await youthReader('03-25', '2026-04-01');
    await run();
    expect((await subscriptionRow(owner.subscriptionNo)).pending_effective_date).toBe('2026-05-01');
  });

  it('shows the subscription the change with its reason, and the choices', async () => {
    const owner = await youthReader('03-20', '2026-04-05');
    await run();
    const home = await owner.session.request({
      url: `/api/subscription/${owner.ariaAccountNo}/FVN`,
    });
    expect(home.json().subscription.pendingChange).toEqual({
      ariaPlanID: PREMIUM_PLAN_ID,
      planName: 'Premium digital',
      period: 'Månedlig',
      price: 27900,
      effectiveDate: '2026-05-05',
      reason: 'youth-age-limit',
    });
    const response = await conversionOf(owner.session, owner.subscriptionNo);
    expect(response.statusCode).toBe(200);
    const conversion = response.json();
    expect(conversion).toMatchObject({
      subscriptionNo: owner.subscriptionNo,
      reason: 'youth-age-limit',
      lapseDate: '2026-03-20',
      effectiveDate: '2026-05-05',
      verifyAgainPath: null,
    });
    expect(
      conversion.choices.map((c: { period: string; price: number; chosen: boolean }) => [
        c.period,
        c.price,
        c.chosen,
      ]),
    ).toEqual([
      ['Månedlig', 27900, true],
      ['Månedlig Premium', 37900, false],
      ['Kvartalsvis', 79900, false],
      ['Årlig', 299000, false],
    ]);
  });

  it('takes the reader’s choice in one tap, and refuses a plan that is not offered', async () => {
    const owner = await youthReader('03-21', '2026-04-06');
    await run();
    const chosen = await choose(owner.session, owner.subscriptionNo, PREMIUM_PLAN_ID, 'Årlig');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().choices.find((c: { chosen: boolean }) => c.chosen)).toMatchObject({
      period: 'Årlig',
      default: false,
    });
    expect(await subscriptionRow(owner.subscriptionNo)).toMatchObject({
      pending_period: 'Årlig',
      pending_effective_date: '2026-05-06',
      pending_reason: 'youth-age-limit',
    });
    // The youth plan itself is not among the choices (34 on the day).
    expectProblem(
      await choose(owner.session, owner.subscriptionNo, YOUTH_PLAN_ID, 'Årlig'),
      400,
      'PLAN_NOT_AVAILABLE',
    );
    // Another reader's subscription is not found.
    const other = await youthReader('11-01', '2026-04-06');
    expectProblem(
      await conversionOf(other.session, owner.subscriptionNo),
      404,
      'PLAN_CONVERSION_NOT_FOUND',
    );
    expectProblem(
      await choose(other.session, owner.subscriptionNo, PREMIUM_PLAN_ID, 'Månedlig'),
      404,
      'PLAN_CONVERSION_NOT_FOUND',
    );
    // Without a conversion waiting: 404 for its own subscription too.
    expectProblem(
      await conversionOf(other.session, other.subscriptionNo),
      404,
      'PLAN_CONVERSION_NOT_FOUND',
    );
  });

  it('cannot be withdrawn or replaced by a plan change of the reader', async () => {
    const owner = await youthReader('03-22', '2026-04-07');
    await run();
    expectProblem(
      await owner.session.request({
        method: 'DELETE',
        url: '/api/subscription/planChange',
        payload: { subscriptionNo: owner.subscriptionNo },
      }),
      409,
      'PLAN_CONVERSION_PENDING',
    );
    expectProblem(
      await owner.session.request({
        method: 'PUT',
        url: '/api/subscription/planChange',
        payload: {
          subscriptionNo: owner.subscriptionNo,
          ariaPlanID: YOUTH_PLAN_ID,
          period: 'Årlig',
        },
      }),
      409,
      'PLAN_CONVERSION_PENDING',
    );
  });

  it('is put back as the reader chose it after a cancellation is undone, without a new e-mail', async () => {
    const owner = await youthReader('03-23', '2026-04-08');
    await run();
    await choose(owner.session, owner.subscriptionNo, PREMIUM_PLAN_ID, 'Kvartalsvis');
    const options = { clock: t.clock, actor: 'user' as const, ariaAccountNo: owner.ariaAccountNo };
    await applyCommand(t.db, owner.subscriptionNo, { kind: 'cancel', reason: 'price' }, options);
    await applyCommand(t.db, owner.subscriptionNo, { kind: 'undoCancellation' }, options);
    expect((await subscriptionRow(owner.subscriptionNo)).pending_reason).toBeNull();
    expect(await run()).toMatchObject({ rescheduled: 1, noticed: 0 });
    expect(await subscriptionRow(owner.subscriptionNo)).toMatchObject({
      pending_period: 'Kvartalsvis',
      pending_effective_date: '2026-05-08',
      pending_reason: 'youth-age-limit',
    });
    // The conversion notice once; the cancellation and its undoing have their own receipts.
    const messages = await messagesTo(t, owner.email);
    expect(messages.filter((m) => !m.body.startsWith('Kvittering'))).toHaveLength(1);
    expect(messages.filter((m) => m.body.startsWith('Kvittering'))).toHaveLength(2);
  });

  it('takes effect on its day: the renewal charges the new plan’s price, and it is done', async () => {
    const owner = await youthReader('03-24', '2026-04-09');
    await run();
    t.clock.set('2026-04-09T06:00:00+02:00');
    const jobs = await runDueJobs(t.db, t.clock);
    const ours = jobs.effects.filter((e) => e.subscriptionNo === owner.subscriptionNo);
    expect(ours.flatMap((e) => e.effects.map((f) => [e.job, f.amountOre]))).toEqual([
      ['renew', 27900],
    ]);
    expect(await subscriptionRow(owner.subscriptionNo)).toMatchObject({
      aria_plan_id: PREMIUM_PLAN_ID,
      pending_reason: null,
    });
    expect(await run()).toMatchObject({ done: expect.any(Number) });
    const [row] = await t.db.query<{ done: boolean }>(
      'select done_at is not null as done from plan_conversions where subscription_no = $1',
      [owner.subscriptionNo],
    );
    expect(row!.done).toBe(true);
  });

  it('is told once when two runs go at once', async () => {
    const owner = await youthReader('03-26', '2026-04-09');
    const [a, b] = await Promise.all([run(), run()]);
    expect(await messagesTo(t, owner.email)).toHaveLength(1);
    const rows = await t.db.query('select 1 from plan_conversions where subscription_no = $1', [
      owner.subscriptionNo,
    ]);
    expect(rows).toHaveLength(1);
    expect(a.failed.concat(b.failed)).toEqual([]);
  });

  it('is told in nynorsk on a nynorsk title', async () => {
    const owner = await youthReader('03-27', '2026-04-09', 'FIR');
    await run();
    const [notice] = await messagesTo(t, owner.email);
    expect(notice!.body).toContain('blir endra 9. april 2026');
    expect(notice!.body).toContain('er for lesarar under 34');
    expect(notice!.body).toContain('Helsing');
  });
});

describe('the student plan when the verification lapses', () => {
  /** A student subscriber (FVN, monthly) verified until `validUntil` (none: never verified). */
  async function studentReader(
    validUntil: string | null,
    birthDate: string,
    renewalDate = '2026-04-09',
  ): Promise<Owner> {
    const owner = await newOwner(t, {
      planId: STUDENT_PLAN_ID,
      renewalDate,
      identity: { given_name: 'Student', birth_date: birthDate },
    });
    if (validUntil)
      await importStudentVerification(t.db, {
        spidId: owner.session.spidId,
        ariaAccountNo: owner.ariaAccountNo,
        titleCode: 'FVN',
        kind: 'student',
        email: `${owner.session.spidId}@stud.ntnu.no`,
        institution: 'Norges teknisk-naturvitenskapelige universitet (NTNU)',
        sentAt: new Date('2025-04-01T10:00:00Z'),
        verified: { at: new Date('2025-04-01T10:04:00Z'), validUntil },
      });
    return owner;
  }

  it('becomes the youth plan for a reader under 34, with the way to verify again', async () => {
    const owner = await studentReader('2026-04-01', '2003-01-15');
    await run();
    expect(await subscriptionRow(owner.subscriptionNo)).toMatchObject({
      pending_aria_plan_id: YOUTH_PLAN_ID,
      pending_period: 'Månedlig',
      pending_effective_date: '2026-04-09',
      pending_reason: 'student-verification-ends',
    });
    const [notice] = await messagesTo(t, owner.email);
    expect(notice!.body).toContain('Studentbekreftelsen din gjelder til og med 1. april 2026.');
    expect(notice!.body).toContain('blir abonnementet ditt UNG digital til kr 99,00 per måned');
    expect(notice!.body).toContain('https://minside.fvn.no/student-verifisering');
    const conversion = (await conversionOf(owner.session, owner.subscriptionNo)).json();
    expect(conversion.verifyAgainPath).toBe('/student-verifisering');
    expect(new Set(conversion.choices.map((c: { ariaPlanID: string }) => c.ariaPlanID))).toEqual(
      new Set([YOUTH_PLAN_ID, PREMIUM_PLAN_ID]),
    );
  });

  it('becomes the ordinary plan for a reader who is 34 by then', async () => {
    const owner = await studentReader('2026-04-01', '1990-01-15');
    await run();
    expect((await subscriptionRow(owner.subscriptionNo)).pending_aria_plan_id).toBe(
      PREMIUM_PLAN_ID,
    );
    const conversion = (await conversionOf(owner.session, owner.subscriptionNo)).json();
    expect(
      conversion.choices.every((c: { ariaPlanID: string }) => c.ariaPlanID === PREMIUM_PLAN_ID),
    ).toBe(true);
  });

  it('lapses at once without any verification, still 30 days ahead', async () => {
    const owner = await studentReader(null, '2003-01-15', '2026-03-20');
    await run();
    expect(await subscriptionRow(owner.subscriptionNo)).toMatchObject({
      pending_effective_date: '2026-04-20',
      pending_reason: 'student-verification-ends',
    });
  });

  it('is called off when the reader verifies again', async () => {
    const owner = await studentReader('2026-04-01', '2003-01-15');
    await run();
    const email = `${owner.session.spidId}-ny@student.uia.no`;
    const registered = await owner.session.request({
      method: 'POST',
      url: '/api/student-email/',
      payload: { email, titleCode: 'FVN' },
    });
    expect(registered.json().result).toBe('ok');
    const [mail] = await messagesTo(t, email);
    const code = /Koden din er (\d{6})\./.exec(mail!.body)![1]!;
    const activated = await owner.session.request({
      method: 'POST',
      url: '/api/activate-student-subscription/',
      payload: { email, code, titleCode: 'FVN' },
    });
    expect(activated.json().result).toBe('ok');
    expect(await subscriptionRow(owner.subscriptionNo)).toMatchObject({
      aria_plan_id: STUDENT_PLAN_ID,
      pending_aria_plan_id: null,
      pending_reason: null,
    });
    expectProblem(
      await conversionOf(owner.session, owner.subscriptionNo),
      404,
      'PLAN_CONVERSION_NOT_FOUND',
    );
    // The new verification lasts a year: nothing is due again now.
    expect(await run()).toMatchObject({ noticed: 0 });
    expect((await subscriptionRow(owner.subscriptionNo)).pending_reason).toBeNull();
  });

  it('leaves the ordinary plans and shares alone', async () => {
    const owner = await newOwner(t);
    const cancelled = await studentReader('2026-04-01', '2003-01-15');
    await applyCommand(
      t.db,
      cancelled.subscriptionNo,
      { kind: 'cancel', reason: 'price' },
      { clock: t.clock, actor: 'user' },
    );
    await run();
    expect((await subscriptionRow(owner.subscriptionNo)).pending_reason).toBeNull();
    expect(await subscriptionRow(cancelled.subscriptionNo)).toMatchObject({
      status_code: SubscriptionStatus.PENDING_CANCELLATION,
      pending_reason: null,
    });
  });
});
