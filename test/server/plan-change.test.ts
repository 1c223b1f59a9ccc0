// Scheduling and withdrawing a plan change through the API (PUT/DELETE /api/subscription/planChange):
// a downgrade or period change waits for the renewal date as `pendingChange`, an
// upgrade is refused here (it is paid now through an order), self-service stays within the
// digital plans a reader may buy, another user's subscription is not found, and every change
// leaves an audit event.
import { describe, expect, it } from '@jest/globals';

import { subscriptionEvents } from '../../src/server/domain/subscriptions/lifecycle';
import {
  COMBO_PLAN_ID,
  PREMIUM_PLAN_ID,
  STUDENT_PLAN_ID,
  WEEKEND_COMBO_PLAN_ID,
  YOUTH_PLAN_ID,
} from '../../src/shared/subscription/plans';

import { sessionFor, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();

const URL = '/api/subscription/planChange';

async function subscriptionNoOf(email: string, titleCode = 'FVN'): Promise<string> {
  const accountNo = await demoAccountNo(t.db, email);
  const [row] = await t.db.query<{ subscription_no: string }>(
    `select subscription_no from subscriptions where aria_account_no = $1 and title_code = $2`,
    [accountNo, titleCode],
  );
  return row!.subscription_no;
}

/** The stored plan and pending change of a subscription. */
async function stored(subscriptionNo: string) {
  const [row] = await t.db.query<{
    aria_plan_id: string;
    period: string;
    pending_aria_plan_id: string | null;
    pending_period: string | null;
    pending_effective_date: string | null;
  }>(
    `select p.aria_plan_id, p.period, pp.aria_plan_id as pending_aria_plan_id,
            pp.period as pending_period, s.pending_effective_date
       from subscriptions s join plans p on p.id = s.plan_id
       left join plans pp on pp.id = s.pending_plan_id
      where s.subscription_no = $1`,
    [subscriptionNo],
  );
  return row!;
}

const schedule = (
  session: TestSession,
  subscriptionNo: string,
  ariaPlanID: string,
  period: string,
) => session.request({ method: 'PUT', url: URL, payload: { subscriptionNo, ariaPlanID, period } });

const withdraw = (session: TestSession, subscriptionNo: string) =>
  session.request({ method: 'DELETE', url: URL, payload: { subscriptionNo } });

describe('PUT /api/subscription/planChange', () => {
  it('schedules a period change for the renewal date, keeping the plan until then', async () => {
    const session = await sessionFor(t, 'digital@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('digital@demo.minside.no');
    const response = await schedule(session, subscriptionNo, PREMIUM_PLAN_ID, 'Årlig');
    expect(response.statusCode).toBe(200);
    // TEST_NOW is 2026-03-10; digital's FVN subscription renews in 12 days.
    expect(response.json()).toMatchObject({
      subscriptionNo,
      ariaPlanID: PREMIUM_PLAN_ID,
      period: 'Månedlig',
      price: 27900,
      renewalDate: '2026-03-22',
      pendingChange: {
        ariaPlanID: PREMIUM_PLAN_ID,
        planName: 'Premium digital',
        period: 'Årlig',
        price: 299000,
        effectiveDate: '2026-03-22',
      },
    });
    expect(await stored(subscriptionNo)).toEqual({
      aria_plan_id: PREMIUM_PLAN_ID,
      period: 'Månedlig',
      pending_aria_plan_id: PREMIUM_PLAN_ID,
      pending_period: 'Årlig',
      pending_effective_date: '2026-03-22',
    });
  });

  it('writes an audit event of the user with the plan before and after', async () => {
    const subscriptionNo = await subscriptionNoOf('digital@demo.minside.no');
    const events = await subscriptionEvents(t.db, subscriptionNo);
    expect(events.at(-1)).toMatchObject({
      kind: 'schedulePlanChange',
      actor: 'user',
      fromStatus: 1,
      toStatus: 1,
      detail: {
        command: {
          kind: 'schedulePlanChange',
          plan: { ariaPlanID: PREMIUM_PLAN_ID, period: 'Årlig' },
        },
        before: { period: 'Månedlig', pendingChange: null },
        after: { period: 'Månedlig', pendingChange: { effectiveDate: '2026-03-22' } },
      },
    });
  });

  it('schedules a downgrade (a cheaper plan over the same length) for the renewal date', async () => {
    const session = await sessionFor(t, 'digital@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('digital@demo.minside.no');
    // Put the subscription on the dearer monthly option first (as an upgrade would have).
    await t.db.query(
      `update subscriptions set pending_plan_id = null, pending_effective_date = null,
              plan_id = (select id from plans where title_code = 'FVN' and aria_plan_id = $2
                            and period = 'Månedlig Premium')
        where subscription_no = $1`,
      [subscriptionNo, PREMIUM_PLAN_ID],
    );
    const response = await schedule(session, subscriptionNo, PREMIUM_PLAN_ID, 'Månedlig');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      period: 'Månedlig Premium',
      price: 37900,
      pendingChange: { period: 'Månedlig', price: 27900, effectiveDate: '2026-03-22' },
    });
  });

  it('replaces a change already waiting', async () => {
    const session = await sessionFor(t, 'planendring@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('planendring@demo.minside.no');
    expect((await stored(subscriptionNo)).pending_period).toBe('Årlig');
    const response = await schedule(session, subscriptionNo, PREMIUM_PLAN_ID, 'Kvartalsvis');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pendingChange: { period: 'Kvartalsvis', price: 79900, effectiveDate: '2026-03-19' },
    });
  });

  it('refuses an upgrade, which takes effect now and is paid through an order', async () => {
    const session = await sessionFor(t, 'ung@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('ung@demo.minside.no');
    const response = await schedule(session, subscriptionNo, PREMIUM_PLAN_ID, 'Månedlig');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PLAN_CHANGE_IS_UPGRADE' });
    expect((await stored(subscriptionNo)).pending_aria_plan_id).toBeNull();
  });

  it('refuses the plan the subscription already has', async () => {
    const session = await sessionFor(t, 'ung@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('ung@demo.minside.no');
    const response = await schedule(session, subscriptionNo, YOUTH_PLAN_ID, 'Månedlig');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'PLAN_CHANGE_SAME_PLAN' });
  });

  it('lets a reader under 34 change the youth plan, and nobody from 34 take it', async () => {
    const young = await sessionFor(t, 'ung@demo.minside.no');
    const youngNo = await subscriptionNoOf('ung@demo.minside.no');
    const yearly = await schedule(young, youngNo, YOUTH_PLAN_ID, 'Årlig');
    expect(yearly.statusCode).toBe(200);
    expect(yearly.json()).toMatchObject({ pendingChange: { period: 'Årlig', price: 99000 } });

    // digital@ was born in 1979.
    const older = await sessionFor(t, 'digital@demo.minside.no');
    const olderNo = await subscriptionNoOf('digital@demo.minside.no', 'FIR');
    const response = await schedule(older, olderNo, YOUTH_PLAN_ID, 'Årlig');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'YOUTH_AGE_EXCEEDED',
      errors: [{ field: 'ariaPlanID' }],
    });
    expect((await stored(olderNo)).pending_aria_plan_id).toBeNull();
  });

  it('offers only the digital plans a reader may buy, and a paper subscriber only its own product', async () => {
    const digital = await sessionFor(t, 'digital@demo.minside.no');
    const firNo = await subscriptionNoOf('digital@demo.minside.no', 'FIR');
    for (const [ariaPlanID, period] of [
      [STUDENT_PLAN_ID, 'Månedlig'],
      ['C-COMBO-PAPIR', 'Årlig'],
      ['C-DIGITAL-FINNES-IKKE', 'Årlig'],
    ] as const) {
      const response = await schedule(digital, firNo, ariaPlanID, period);
      expect([ariaPlanID, response.statusCode, response.json().code]).toEqual([
        ariaPlanID,
        400,
        'PLAN_NOT_AVAILABLE',
      ]);
    }
    const paper = await sessionFor(t, 'papir@demo.minside.no');
    const paperNo = await subscriptionNoOf('papir@demo.minside.no');
    for (const ariaPlanID of [PREMIUM_PLAN_ID, WEEKEND_COMBO_PLAN_ID]) {
      const response = await schedule(paper, paperNo, ariaPlanID, 'Årlig');
      expect([ariaPlanID, response.statusCode, response.json().code]).toEqual([
        ariaPlanID,
        400,
        'PLAN_NOT_AVAILABLE',
      ]);
    }
    expect((await stored(paperNo)).pending_aria_plan_id).toBeNull();
  });

  it('lets a paper subscription change its billing period, keeping its delivery', async () => {
    const paper = await sessionFor(t, 'papir@demo.minside.no');
    const paperNo = await subscriptionNoOf('papir@demo.minside.no');
    const response = await schedule(paper, paperNo, COMBO_PLAN_ID, 'Årlig');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ariaPlanID: COMBO_PLAN_ID,
      period: 'Kvartalsvis',
      pendingChange: { ariaPlanID: COMBO_PLAN_ID, period: 'Årlig', price: 649000 },
    });
  });

  it('sends student, business and family-share subscribers to customer service', async () => {
    for (const email of [
      'student@demo.minside.no',
      'bedrift-admin@demo.minside.no',
      'familie@demo.minside.no',
    ]) {
      const session = await sessionFor(t, email);
      const subscriptionNo = await subscriptionNoOf(email);
      const response = await schedule(session, subscriptionNo, PREMIUM_PLAN_ID, 'Årlig');
      expect([email, response.statusCode, response.json().code]).toEqual([
        email,
        409,
        'PLAN_CHANGE_NOT_SELF_SERVICE',
      ]);
    }
  });

  it('refuses a subscription that is being cancelled', async () => {
    const session = await sessionFor(t, 'oppsagt@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('oppsagt@demo.minside.no');
    const response = await schedule(session, subscriptionNo, PREMIUM_PLAN_ID, 'Årlig');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT' });
  });

  it("does not find another user's subscription, and leaves it alone", async () => {
    const attacker = await sessionFor(t, 'papir@demo.minside.no');
    const victimNo = await subscriptionNoOf('ung@demo.minside.no');
    const before = await stored(victimNo);
    const response = await schedule(attacker, victimNo, YOUTH_PLAN_ID, 'Månedlig');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'SUBSCRIPTION_NOT_FOUND' });
    const removal = await withdraw(attacker, victimNo);
    expect(removal.statusCode).toBe(404);
    expect(await stored(victimNo)).toEqual(before);
  });
});

describe('DELETE /api/subscription/planChange', () => {
  it('withdraws the change waiting, keeping the plan, with an audit event', async () => {
    const session = await sessionFor(t, 'ung@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('ung@demo.minside.no');
    expect((await stored(subscriptionNo)).pending_period).toBe('Årlig');
    const response = await withdraw(session, subscriptionNo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ariaPlanID: YOUTH_PLAN_ID,
      period: 'Månedlig',
      pendingChange: null,
    });
    expect(await stored(subscriptionNo)).toMatchObject({
      pending_aria_plan_id: null,
      pending_effective_date: null,
    });
    const events = await subscriptionEvents(t.db, subscriptionNo);
    expect(events.at(-1)).toMatchObject({
      kind: 'withdrawPlanChange',
      actor: 'user',
      detail: {
        before: { pendingChange: { effectiveDate: '2026-03-15' } },
        after: { pendingChange: null },
      },
    });
  });

  it('answers 409 NO_PENDING_PLAN_CHANGE when nothing is waiting, writing nothing', async () => {
    const session = await sessionFor(t, 'ung@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('ung@demo.minside.no');
    const eventsBefore = (await subscriptionEvents(t.db, subscriptionNo)).length;
    const response = await withdraw(session, subscriptionNo);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'NO_PENDING_PLAN_CHANGE' });
    expect(await subscriptionEvents(t.db, subscriptionNo)).toHaveLength(eventsBefore);
  });
});

describe('both operations', () => {
  it('need a session', async () => {
    const subscriptionNo = await subscriptionNoOf('planendring@demo.minside.no');
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: URL,
        headers: spaHeaders(),
        payload:
          method === 'PUT'
            ? { subscriptionNo, ariaPlanID: PREMIUM_PLAN_ID, period: 'Årlig' }
            : { subscriptionNo },
      });
      expect([method, response.statusCode]).toEqual([method, 401]);
    }
  });

  it("refuse a request without the SPA's CSRF header or from another origin", async () => {
    const session = await sessionFor(t, 'planendring@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('planendring@demo.minside.no');
    const before = await stored(subscriptionNo);
    const { 'x-minside-request': _csrf, ...withoutCsrf } = session.headers;
    const requests = [
      {
        method: 'PUT' as const,
        payload: { subscriptionNo, ariaPlanID: PREMIUM_PLAN_ID, period: 'Årlig' },
      },
      { method: 'DELETE' as const, payload: { subscriptionNo } },
    ];
    for (const request of requests) {
      const missing = await t.app.inject({ ...request, url: URL, headers: withoutCsrf });
      expect([request.method, missing.statusCode, missing.json().code]).toEqual([
        request.method,
        403,
        'CSRF_REJECTED',
      ]);
      const forged = await session.request({
        ...request,
        url: URL,
        headers: { origin: 'https://evil.example' },
      });
      expect([request.method, forged.statusCode]).toEqual([request.method, 403]);
    }
    expect(await stored(subscriptionNo)).toEqual(before);
  });

  it('reject unknown fields and periods by the contract', async () => {
    const session = await sessionFor(t, 'planendring@demo.minside.no');
    const subscriptionNo = await subscriptionNoOf('planendring@demo.minside.no');
    const badPeriod = await schedule(session, subscriptionNo, PREMIUM_PLAN_ID, 'Ukentlig');
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const extra = await session.request({
      method: 'DELETE',
      url: URL,
      payload: { subscriptionNo, ariaPlanID: PREMIUM_PLAN_ID },
    });
    expect(extra.statusCode).toBe(400);
  });
});
