import { describe, expect, it } from '@jest/globals';

import { sessionFor } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();

async function lookup(email: string, titleCode = 'FVN') {
  const accountNo = await demoAccountNo(t.db, email);
  const session = await sessionFor(t, email, titleCode);
  const response = await session.request({ url: `/api/subscription/${accountNo}/${titleCode}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

// TEST_NOW is 2026-03-10 (Oslo); the demo data is laid out relative to that day.
describe('GET /api/subscription/{accountNo}/{titleCode} for the demo users', () => {
  it('an active digital subscriber: plan, period, price in øre, card, renewal date, paying', async () => {
    const result = await lookup('digital@demo.minside.no');
    expect(result).toMatchObject({ hasSubscription: true, error: null });
    expect(result.subscription).toMatchObject({
      titleCode: 'FVN',
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      planProductType: 'DIGITAL',
      period: 'Månedlig',
      price: 27900,
      currency: 'NOK',
      instStatusCode: 1,
      status: 'ACTIVE',
      renewalDate: '2026-03-22',
      expiryDate: null,
      paymentMethod: { provider: 'SWEDBANK-PPG', label: 'Betalingskort' },
      isPaying: true,
      pendingChange: null,
    });
  });

  it('the same identity on another title sees that title only: a trial is not paying', async () => {
    const result = await lookup('digital@demo.minside.no', 'ADR');
    expect(result.subscription).toMatchObject({
      titleCode: 'ADR',
      ariaPlanID: 'C-DIGITAL-DIGITAL',
      instStatusCode: 41,
      status: 'TRIAL',
      isPaying: false,
    });
  });

  it('a paper subscriber has a COMBO plan with paper and AvtaleGiro', async () => {
    const { subscription } = await lookup('papir@demo.minside.no');
    expect(subscription.planProductType).toBe('COMBO');
    expect(subscription.features).toContain('paper');
    expect(subscription.paymentMethod).toMatchObject({
      provider: 'AVTALEGIRO',
      maskedCardNumber: null,
    });
  });

  it('a youth subscriber has the UNG plan', async () => {
    const { subscription } = await lookup('ung@demo.minside.no');
    expect(subscription.ariaPlanID).toContain('UNG');
  });

  it('a family-share invitee is active-non-billable, not eligible for sharing, not paying', async () => {
    const { subscription, hasSubscription } = await lookup('familie@demo.minside.no');
    expect(hasSubscription).toBe(true);
    expect(subscription).toMatchObject({
      instStatusCode: 61,
      eligibleForSharing: false,
      isPaying: false,
      paymentMethod: null,
    });
  });

  it('business admin and employee carry their role in subscriptionInfo1 and are not paying', async () => {
    const admin = await lookup('bedrift-admin@demo.minside.no');
    const employee = await lookup('bedrift-ansatt@demo.minside.no');
    expect(admin.subscription.subsRetrieveSubscriptionAddInfo.subscriptionInfo1).toContain('admin');
    expect(employee.subscription.subsRetrieveSubscriptionAddInfo.subscriptionInfo1).toContain(
      'employee',
    );
    expect(admin.subscription.isPaying).toBe(false);
  });

  it('a pending cancellation still gives access and shows its expiry date', async () => {
    const result = await lookup('oppsagt@demo.minside.no');
    expect(result.hasSubscription).toBe(true);
    expect(result.subscription).toMatchObject({
      status: 'PENDING_CANCELLATION',
      expiryDate: '2026-03-28',
      renewalDate: null,
    });
  });

  it('a cancelled subscription is returned (for reactivation) without access', async () => {
    const result = await lookup('avsluttet@demo.minside.no');
    expect(result.hasSubscription).toBe(false);
    expect(result.error).toBeNull();
    expect(result.subscription).toMatchObject({
      status: 'CANCELLED',
      instStatusCode: -2,
      expiryDate: '2026-02-17',
    });
  });

  it('a pending plan change shows the new plan, period, price and date', async () => {
    const { subscription } = await lookup('planendring@demo.minside.no');
    expect(subscription.pendingChange).toEqual({
      ariaPlanID: 'C-DIGITAL-PREMIUM',
      planName: 'Premium digital',
      period: 'Årlig',
      price: 299000,
      effectiveDate: subscription.renewalDate,
      // The reader's own change (a conversion the server scheduled has a reason).
      reason: null,
    });
  });

  it('a student has a trial student plan', async () => {
    const { subscription } = await lookup('student@demo.minside.no');
    expect(subscription).toMatchObject({ ariaPlanID: 'C-DIGITAL-STUDENT', status: 'TRIAL' });
  });
});

describe('errors are returned in the body', () => {
  it('an account with no subscription to the title', async () => {
    const result = await lookup('papir@demo.minside.no', 'ADR');
    expect(result).toEqual({
      hasSubscription: false,
      subscription: null,
      error: { code: 'NO_SUBSCRIPTION', message: expect.any(String) },
    });
  });

  it('a logged-in user whose account is not created yet', async () => {
    const session = await sessionFor(t, 'ingen@demo.minside.no');
    const response = await session.request({ url: '/api/subscription/123456789/FVN' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('a malformed account number is still a 400 naming the parameter', async () => {
    const session = await sessionFor(t, 'digital@demo.minside.no');
    const response = await session.request({ url: '/api/subscription/12ab/FVN' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('accountNo');
  });
});

describe('authorisation', () => {
  it('needs a session', async () => {
    const accountNo = await demoAccountNo(t.db, 'digital@demo.minside.no');
    const response = await t.app.inject({ url: `/api/subscription/${accountNo}/FVN` });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it("refuses another user's account number and records the attempt", async () => {
    const victim = await demoAccountNo(t.db, 'digital@demo.minside.no');
    const attacker = await sessionFor(t, 'papir@demo.minside.no');
    const response = await attacker.request({ url: `/api/subscription/${victim}/FVN` });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('C-DIGITAL-PREMIUM');
    const events = await t.db.query<{ kind: string; spid_id: string }>(
      `select kind, spid_id from security_events where kind = 'forbidden' and spid_id = $1`,
      [attacker.spidId],
    );
    expect(events.length).toBeGreaterThan(0);
  });
});

describe('the demo data covers every user kind of the spec', () => {
  it('has one demo identity per kind, and the user without a subscription has no account yet', async () => {
    const kinds = await t.db.query<{ user_kind: string }>(
      'select distinct user_kind from identity_users',
    );
    expect(kinds.map((k) => k.user_kind).sort()).toEqual(
      [
        'business-admin',
        'business-employee',
        'family-invitee',
        'new-reader',
        'no-subscription',
        'paper-subscriber',
        'pupil',
        'student',
        'subscriber',
        'youth',
      ].sort(),
    );
    const none = await t.db.query(
      `select a.* from accounts a join identity_users u using (spid_id) where u.user_kind = 'no-subscription'`,
    );
    expect(none).toEqual([]);
    // The new reader: no account, and the identity provider knows no birth date.
    const fresh = await t.db.query<{ birth_date: string | null; accounts: number }>(
      `select u.birth_date, (select count(*)::int from accounts a where a.spid_id = u.spid_id) as accounts
         from identity_users u where u.user_kind = 'new-reader'`,
    );
    expect(fresh).toEqual([{ birth_date: null, accounts: 0 }]);
  });

  it('seeds plans for every title, FVN selling the premium plan by default', async () => {
    const perTitle = await t.db.query<{ title_code: string; n: number }>(
      `select title_code, count(*)::int as n from plans group by title_code`,
    );
    expect(perTitle.length).toBeGreaterThanOrEqual(50);
    const fvn = await t.db.query(
      `select 1 from plans where title_code = 'FVN' and aria_plan_id = 'C-DIGITAL-PREMIUM'`,
    );
    const adrDefault = await t.db.query(
      `select 1 from plans where title_code = 'ADR' and aria_plan_id = 'C-DIGITAL-DIGITAL'`,
    );
    const periods = await t.db.query<{ period: string }>(
      `select distinct period from plans order by period`,
    );
    expect(fvn.length).toBeGreaterThan(0);
    expect(adrDefault.length).toBeGreaterThan(0);
    expect(periods.map((p) => p.period).sort()).toEqual(
      ['Kvartalsvis', 'Månedlig', 'Månedlig Premium', 'Årlig'].sort(),
    );
  });
});
