// The business admin (/administrer-bedrift): GET business/{titleCode} and POST
// business/{titleCode}/users with every invite and removal result, the dry run, the domain rule
// (no subdomains), duplicates in the list and against existing seats, the seat maximum under two
// requests at once, rate limits, admins only, and that an admin of one company can never see or
// touch another company's seats. On PGlite, and on PostgreSQL with DATABASE_URL.
import { createHash } from 'node:crypto';

import { beforeAll, describe, expect, it } from '@jest/globals';

import { agreementOfAdmin, seatEvents } from '../../src/server/domain/business/agreements';
import { changeUsers, CHANGE_LIMIT, DRY_RUN_LIMIT } from '../../src/server/domain/business/changes';
import { subscriptionEvents } from '../../src/server/domain/subscriptions/lifecycle';
import { outboxSender } from '../../src/server/messaging/outbox';

import {
  ADMIN,
  adds,
  agreementId,
  change,
  COMPANY,
  EMPLOYEE,
  expectProblem,
  fvnSubscriptionOf,
  getAgreement,
  invitationToken,
  mailsTo,
  makeAdmin,
  OTHER_COMPANY,
  PENDING,
  resultsOf,
  seatsOf,
  setMaxSeats,
  verify,
} from './business-support';
import { newIdentitySession, sessionFor, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, type TestApp } from './support';

describe('the admin sees the agreement', () => {
  const t = buildTestApp();

  it('shows the company, its domains, the seats and the users newest first', async () => {
    const response = await getAgreement(await sessionFor(t, ADMIN));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      titleCode: 'FVN',
      companyName: COMPANY,
      emailDomains: ['demo.minside.no'],
      seats: { used: 2, max: 10, remaining: 8 },
      maxChangesPerRequest: 200,
      users: [
        {
          email: PENDING,
          dateAdded: '2026-03-08',
          status: 'emailSent',
          name: null,
          lastSentAt: expect.any(String),
          linkExpiresAt: '2026-04-07T08:00:00.000Z',
        },
        {
          email: EMPLOYEE,
          dateAdded: '2026-01-07',
          status: 'active',
          name: 'Anders Ansatt',
          lastSentAt: null,
          linkExpiresAt: null,
        },
      ],
    });
  });

  it('takes the title code in any case', async () => {
    expect((await getAgreement(await sessionFor(t, ADMIN), 'fvn')).statusCode).toBe(200);
  });

  it.each([
    ['an employee', EMPLOYEE],
    ['a private subscriber', 'digital@demo.minside.no'],
    ['a reader without a subscription', 'ingen@demo.minside.no'],
    ['a family member', 'familie@demo.minside.no'],
  ])('refuses %s: 403 BUSINESS_ADMIN_REQUIRED', async (_who, email) => {
    const session = await sessionFor(t, email);
    expectProblem(await getAgreement(session), 403, 'BUSINESS_ADMIN_REQUIRED');
    expectProblem(await change(session, adds('x@demo.minside.no')), 403, 'BUSINESS_ADMIN_REQUIRED');
  });

  it('refuses a reader Min Side has never seen, and nobody signed in (401)', async () => {
    const newcomer = await newIdentitySession(t, 'business-newcomer');
    expectProblem(await getAgreement(newcomer), 403, 'BUSINESS_ADMIN_REQUIRED');
    const anonymous = await t.app.inject({ url: '/api/business/FVN', headers: spaHeaders() });
    expectProblem(anonymous, 401, 'UNAUTHENTICATED');
  });

  it('refuses the admin on a title where they administer nothing', async () => {
    expectProblem(
      await getAgreement(await sessionFor(t, ADMIN), 'ADR'),
      403,
      'BUSINESS_ADMIN_REQUIRED',
    );
  });

  it('answers 404 BUSINESS_AGREEMENT_NOT_FOUND for an admin subscription of no agreement', async () => {
    await t.db.query(
      `update subscriptions set subscription_info1 = 'admin'
        where subscription_no = $1`,
      [(await fvnSubscriptionOf(t, 'planendring@demo.minside.no'))!.subscription_no],
    );
    const session = await sessionFor(t, 'planendring@demo.minside.no');
    expectProblem(await getAgreement(session), 404, 'BUSINESS_AGREEMENT_NOT_FOUND');
  });
});

describe('inviting (ADD)', () => {
  const t = buildTestApp();
  let admin: TestSession;
  beforeAll(async () => {
    admin = await sessionFor(t, ADMIN);
  });

  it('emailSent: stores the invitation and e-mails the link to /bedrift on this origin', async () => {
    const response = await change(admin, adds('  Kari.Nordmann@Demo.Minside.no '));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dryRun: false,
      results: [{ kind: 'ADD', email: 'Kari.Nordmann@Demo.Minside.no', result: 'emailSent' }],
      seats: { used: 3, max: 10, remaining: 7 },
    });
    expect((await seatsOf(t, COMPANY))['kari.nordmann@demo.minside.no']).toBe('emailSent');
    const [mail] = await mailsTo(t, 'kari.nordmann@demo.minside.no');
    expect(mail).toMatch(/^Kystbyen Regnskap AS gir deg tilgang til Fædrelandsvennen\n/);
    expect(mail).toMatch(
      /Aktiver tilgangen din her: http:\/\/fvn\.localhost\/bedrift\?invitasjon=[A-Za-z0-9_-]{43}\n/,
    );
    expect(mail).toContain('Lenken gjelder til 9. april 2026.');
    const listed = (await getAgreement(admin)).json() as {
      users: { email: string; dateAdded: string }[];
    };
    expect(listed.users[0]).toMatchObject({
      email: 'kari.nordmann@demo.minside.no',
      dateAdded: '2026-03-10',
    });
  });

  it('keeps only the hash of the link token', async () => {
    const token = await invitationToken(t, 'kari.nordmann@demo.minside.no');
    const seats = await t.db.query<{ token_hash: string | null }>(
      `select token_hash from business_seats where email = $1`,
      ['kari.nordmann@demo.minside.no'],
    );
    // The SHA-256 of the e-mailed token, computed here (not by the product's own helper): the
    // seat holds exactly that, so the link can be checked, and never the token itself.
    const hash = createHash('sha256').update(token).digest('base64url');
    expect(seats).toEqual([{ token_hash: hash }]);
    expect(hash).not.toBe(token);
  });

  it('wrongEmailDomain: another domain, a subdomain, a look-alike', async () => {
    const response = await change(
      admin,
      adds(
        'ola@gmail.com',
        'ola@avd.demo.minside.no',
        'ola@demo.minside.no.evil.example',
        'ola@xdemo.minside.no',
        'ola@minside.no',
      ),
    );
    expect(resultsOf(response)).toEqual(Array(5).fill('wrongEmailDomain'));
    expect(await mailsTo(t, 'ola@gmail.com')).toEqual([]);
  });

  it('userExist: an address already invited or active, case aside', async () => {
    expect(resultsOf(await change(admin, adds('NY.ANSATT@demo.minside.no', EMPLOYEE)))).toEqual([
      'userExist',
      'userExist',
    ]);
  });

  it('duplicate: only the first occurrence in the list counts', async () => {
    const response = await change(
      admin,
      adds('per@demo.minside.no', ' PER@demo.minside.no', 'per@demo.minside.no'),
    );
    expect(resultsOf(response)).toEqual(['emailSent', 'duplicate', 'duplicate']);
    expect(await mailsTo(t, 'per@demo.minside.no')).toHaveLength(1);
  });

  it('invalidEmail: nothing is sent to it', async () => {
    const response = await change(
      admin,
      adds(
        'ikke-en-adresse',
        'a@b',
        '@demo.minside.no',
        'ola@@demo.minside.no',
        `${'x'.repeat(65)}@demo.minside.no`,
        'ola nordmann@demo.minside.no',
      ),
    );
    expect(resultsOf(response)).toEqual(Array(6).fill('invalidEmail'));
  });

  it('maxUsersReached: once the seats are taken, the rest are refused and nothing is sent', async () => {
    const before = (await getAgreement(admin)).json() as { seats: { used: number } };
    await setMaxSeats(t, COMPANY, before.seats.used + 1);
    const response = await change(
      admin,
      adds('siste@demo.minside.no', 'en-for-mye@demo.minside.no'),
    );
    expect(resultsOf(response)).toEqual(['emailSent', 'maxUsersReached']);
    expect(response.json()).toMatchObject({ seats: { used: before.seats.used + 1, remaining: 0 } });
    expect(await mailsTo(t, 'en-for-mye@demo.minside.no')).toEqual([]);
  });

  it('applies changes in order: a removal first frees a seat for an invitation after it', async () => {
    const response = await change(admin, [
      { kind: 'ADD', email: 'venter@demo.minside.no' },
      { kind: 'REMOVE', email: 'siste@demo.minside.no' },
      { kind: 'ADD', email: 'venter@demo.minside.no' },
    ]);
    expect(resultsOf(response)).toEqual(['maxUsersReached', 'deleted', 'duplicate']);
    const again = await change(admin, [
      { kind: 'REMOVE', email: 'per@demo.minside.no' },
      { kind: 'ADD', email: 'venter@demo.minside.no' },
    ]);
    expect(resultsOf(again)).toEqual(['deleted', 'emailSent']);
  });

  it('writes the invitation in nynorsk on a nynorsk title', async () => {
    const agreement = await agreementId(t, COMPANY);
    await t.db.query(`update business_agreements set title_code = 'FIR' where id = $1`, [
      agreement,
    ]);
    await t.db.query(`update subscriptions set title_code = 'FIR' where subscription_no = $1`, [
      (await fvnSubscriptionOf(t, ADMIN))!.subscription_no,
    ]);
    await setMaxSeats(t, COMPANY, 50);
    const firAdmin = await sessionFor(t, ADMIN, 'FIR');
    expect(
      resultsOf(await change(firAdmin, adds('nynorsk@demo.minside.no'), { titleCode: 'FIR' })),
    ).toEqual(['emailSent']);
    const [mail] = await mailsTo(t, 'nynorsk@demo.minside.no');
    expect(mail).toContain('har eit bedriftsabonnement på Firda');
    expect(mail).toContain('http://fir.localhost/bedrift?invitasjon=');
  });
});

describe('sending again (UPDATE) and removing (REMOVE)', () => {
  const t = buildTestApp();
  let admin: TestSession;
  beforeAll(async () => {
    admin = await sessionFor(t, ADMIN);
  });

  it('resent: a new link goes out and the old one stops working', async () => {
    await change(admin, adds('ida@demo.minside.no'));
    const first = await invitationToken(t, 'ida@demo.minside.no');
    expect(
      resultsOf(await change(admin, [{ kind: 'UPDATE', email: 'Ida@demo.minside.no' }])),
    ).toEqual(['resent']);
    const second = await invitationToken(t, 'ida@demo.minside.no');
    expect(second).not.toBe(first);
    const ida = await newIdentitySession(t, 'business-ida');
    expect((await verify(ida, { token: first })).json()).toMatchObject({
      result: 'EMAIL_DOES_NOT_EXIST',
    });
    expect((await verify(ida, { token: second })).json()).toMatchObject({
      result: 'NO_SPID_FOUND',
    });
  });

  it('resends the pending demo invitation with a link that works', async () => {
    expect(resultsOf(await change(admin, [{ kind: 'UPDATE', email: PENDING }]))).toEqual([
      'resent',
    ]);
    expect(await invitationToken(t, PENDING)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('UPDATE: notExist for an unknown address, userExist for an active employee', async () => {
    const response = await change(admin, [
      { kind: 'UPDATE', email: 'ukjent@demo.minside.no' },
      { kind: 'UPDATE', email: EMPLOYEE },
      { kind: 'UPDATE', email: 'ikke-en-adresse' },
    ]);
    expect(resultsOf(response)).toEqual(['notExist', 'userExist', 'invalidEmail']);
    expect(await mailsTo(t, EMPLOYEE)).toEqual([]);
  });

  it('deleted (invitation): the seat is freed and the link stops working', async () => {
    await change(admin, adds('tina@demo.minside.no'));
    const token = await invitationToken(t, 'tina@demo.minside.no');
    const before = ((await getAgreement(admin)).json() as { seats: { used: number } }).seats.used;
    const response = await change(admin, [{ kind: 'REMOVE', email: 'tina@demo.minside.no' }]);
    expect(resultsOf(response)).toEqual(['deleted']);
    expect(response.json()).toMatchObject({ seats: { used: before - 1 } });
    expect((await seatsOf(t, COMPANY))['tina@demo.minside.no']).toBeUndefined();
    const tina = await sessionFor(t, 'ingen@demo.minside.no');
    expect((await verify(tina, { token })).json()).toMatchObject({
      result: 'EMAIL_DOES_NOT_EXIST',
    });
    // Invited again later: a new invitation, a new seat.
    expect(resultsOf(await change(admin, adds('tina@demo.minside.no')))).toEqual(['emailSent']);
  });

  it('deleted (employee): the seat ends today through the engine and the employee is told', async () => {
    const response = await change(admin, [{ kind: 'REMOVE', email: EMPLOYEE }]);
    expect(resultsOf(response)).toEqual(['deleted']);
    const seat = await fvnSubscriptionOf(t, EMPLOYEE);
    expect(seat).toMatchObject({
      status_code: -3,
      expiry_date: '2026-03-10',
      subscription_info1: 'employee',
      share_kind: 'business-seat',
    });
    const events = await subscriptionEvents(t.db, seat!.subscription_no);
    expect(events.at(-1)).toMatchObject({
      kind: 'endShare',
      fromStatus: 1,
      toStatus: -3,
      actor: 'user',
    });
    const [mail] = await mailsTo(t, EMPLOYEE);
    expect(mail).toMatch(
      /^Bedriftstilgangen din til Fædrelandsvennen er avsluttet\n\nHei Anders Ansatt,/,
    );
    expect(mail).toContain('Den gjaldt til og med 10. mars 2026.');
    expect(mail).toContain('http://fvn.localhost/bestill-abonnement');
    // The employee's home page now has no access.
    const employee = await sessionFor(t, EMPLOYEE);
    const home = (await employee.request({ url: '/api/session' })).json() as {
      subscription: { hasSubscription: boolean };
    };
    expect(home.subscription.hasSubscription).toBe(false);
  });

  it('REMOVE: notExist for an address not in the agreement (or removed already)', async () => {
    const response = await change(admin, [
      { kind: 'REMOVE', email: EMPLOYEE },
      { kind: 'REMOVE', email: 'aldri@demo.minside.no' },
    ]);
    expect(resultsOf(response)).toEqual(['notExist', 'notExist']);
  });

  it('audits every applied change with its result and the admin', async () => {
    const events = await seatEvents(t.db, await agreementId(t, COMPANY));
    const [adminSpid] = await t.db.query<{ spid_id: string }>(
      'select spid_id from identity_users where email = $1',
      [ADMIN],
    );
    expect(events.map((e) => [e.kind, e.email, e.result])).toEqual(
      expect.arrayContaining([
        ['ADD', 'ida@demo.minside.no', 'emailSent'],
        ['UPDATE', 'ida@demo.minside.no', 'resent'],
        ['UPDATE', 'ukjent@demo.minside.no', 'notExist'],
        ['REMOVE', 'tina@demo.minside.no', 'deleted'],
        ['REMOVE', EMPLOYEE, 'deleted'],
        ['REMOVE', EMPLOYEE, 'notExist'],
      ]),
    );
    expect(new Set(events.map((e) => e.actorSpidId))).toEqual(new Set([adminSpid!.spid_id]));
  });
});

describe('a change that cannot be made', () => {
  const t = buildTestApp({ perTest: true });

  async function adminOf(t: TestApp) {
    const session = await sessionFor(t, ADMIN);
    const lookup = await agreementOfAdmin(
      t.db,
      (
        await t.db.query<{ aria_account_no: string }>(
          `select a.aria_account_no from accounts a where a.spid_id = $1`,
          [session.spidId],
        )
      )[0]!.aria_account_no,
      'FVN',
    );
    if (lookup.kind !== 'admin') throw new Error('no admin');
    return { spidId: session.spidId, agreement: lookup.agreement };
  }

  /** The outbox, except that e-mail to `failing` cannot be sent. */
  const failingFor = (failing: string) => (tx: Parameters<typeof outboxSender>[0], now: Date) => {
    const outbox = outboxSender(tx, now);
    return {
      ...outbox,
      sendEmail: async (to: string, subject: string, body: string) => {
        if (to === failing) throw new Error('mail server refused');
        await outbox.sendEmail(to, subject, body);
      },
    };
  };

  it('errorSaved (ADD, UPDATE): nothing of it is kept, and the other addresses go through', async () => {
    const answer = await changeUsers(
      { db: t.db, clock: t.clock, sender: failingFor('feil@demo.minside.no') },
      await adminOf(t),
      {
        changes: [
          ...adds('ok@demo.minside.no', 'feil@demo.minside.no'),
          { kind: 'UPDATE', email: PENDING },
        ],
        dryRun: false,
        origin: 'http://fvn.localhost',
      },
    );
    expect(answer.results.map((r) => r.result)).toEqual(['emailSent', 'errorSaved', 'resent']);
    expect(answer.seats.used).toBe(3);
    const seats = await seatsOf(t, COMPANY);
    expect(seats['ok@demo.minside.no']).toBe('emailSent');
    expect(seats['feil@demo.minside.no']).toBeUndefined();
    const failedResend = await changeUsers(
      { db: t.db, clock: t.clock, sender: failingFor(PENDING) },
      await adminOf(t),
      {
        changes: [{ kind: 'UPDATE', email: PENDING }],
        dryRun: false,
        origin: 'http://fvn.localhost',
      },
    );
    expect(failedResend.results.map((r) => r.result)).toEqual(['errorSaved']);
    const events = await seatEvents(t.db, await agreementId(t, COMPANY));
    expect(events.at(-1)).toMatchObject({
      kind: 'UPDATE',
      result: 'errorSaved',
      detail: { error: 'mail server refused' },
    });
  });

  it('failed (REMOVE): the seat stays as it was when its subscription cannot be ended', async () => {
    // The employee's notice cannot be sent: ending the seat is undone with it.
    const answer = await changeUsers(
      { db: t.db, clock: t.clock, sender: failingFor(EMPLOYEE) },
      await adminOf(t),
      {
        changes: [
          { kind: 'REMOVE', email: EMPLOYEE },
          { kind: 'REMOVE', email: PENDING },
        ],
        dryRun: false,
        origin: 'http://fvn.localhost',
      },
    );
    expect(answer.results.map((r) => r.result)).toEqual(['failed', 'deleted']);
    expect(await seatsOf(t, COMPANY)).toEqual({ [EMPLOYEE]: 'active' });
    expect(await fvnSubscriptionOf(t, EMPLOYEE)).toMatchObject({
      status_code: 1,
      expiry_date: null,
    });
    // The engine refuses to end what is not a seat (the records say otherwise): failed too.
    await t.db.query(
      `update subscriptions set share_kind = null, business_agreement_id = null
        where subscription_no = $1`,
      [(await fvnSubscriptionOf(t, EMPLOYEE))!.subscription_no],
    );
    const response = await change(await sessionFor(t, ADMIN), [
      { kind: 'REMOVE', email: EMPLOYEE },
    ]);
    expect(resultsOf(response)).toEqual(['failed']);
    expect(await seatsOf(t, COMPANY)).toEqual({ [EMPLOYEE]: 'active' });
  });

  it('deleted without the engine when the seat has ended by other means already', async () => {
    await t.db.query(`update subscriptions set status_code = -3 where subscription_no = $1`, [
      (await fvnSubscriptionOf(t, EMPLOYEE))!.subscription_no,
    ]);
    const response = await change(await sessionFor(t, ADMIN), [
      { kind: 'REMOVE', email: EMPLOYEE },
    ]);
    expect(resultsOf(response)).toEqual(['deleted']);
    expect(await mailsTo(t, EMPLOYEE)).toEqual([]);
  });
});

describe('the dry run', () => {
  const t = buildTestApp();
  let admin: TestSession;
  beforeAll(async () => {
    admin = await sessionFor(t, ADMIN);
  });

  it('answers the same table as applying, without storing, sending or auditing anything', async () => {
    await setMaxSeats(t, COMPANY, 4);
    const changes = [
      ...adds('a@demo.minside.no', 'ola@gmail.com', 'A@demo.minside.no', 'ugyldig', PENDING),
      { kind: 'UPDATE' as const, email: PENDING },
      { kind: 'REMOVE' as const, email: 'finnes-ikke@demo.minside.no' },
      ...adds('b@demo.minside.no', 'c@demo.minside.no'),
      { kind: 'REMOVE' as const, email: EMPLOYEE },
      ...adds('c@demo.minside.no', 'd@demo.minside.no'),
    ];
    const outboxBefore = await t.db.query('select count(*)::int as n from outbox');
    const dry = await change(admin, changes, { dryRun: true });
    expect(dry.statusCode).toBe(200);
    const expected = [
      'emailSent',
      'wrongEmailDomain',
      'duplicate',
      'invalidEmail',
      'userExist',
      'duplicate',
      'notExist',
      'emailSent',
      'maxUsersReached',
      'deleted',
      'duplicate',
      'emailSent',
    ];
    expect(resultsOf(dry)).toEqual(expected);
    expect(dry.json()).toMatchObject({ dryRun: true, seats: { used: 4, max: 4, remaining: 0 } });
    expect(await seatsOf(t, COMPANY)).toEqual({ [EMPLOYEE]: 'active', [PENDING]: 'emailSent' });
    expect(await t.db.query('select count(*)::int as n from outbox')).toEqual(outboxBefore);
    expect(await seatEvents(t.db, await agreementId(t, COMPANY))).toEqual([]);
    expect(await fvnSubscriptionOf(t, EMPLOYEE)).toMatchObject({ status_code: 1 });

    const applied = await change(admin, changes);
    expect(resultsOf(applied)).toEqual(expected);
    expect(applied.json()).toMatchObject({ dryRun: false, seats: { used: 4, max: 4 } });
  });
});

describe('the seats are never exceeded', () => {
  const t = buildTestApp({ perTest: true });

  it('two requests at once for the last seat: one is sent, the other is maxUsersReached', async () => {
    await setMaxSeats(t, COMPANY, 3);
    const admin = await sessionFor(t, ADMIN);
    const other = await sessionFor(t, ADMIN);
    const [first, second] = await Promise.all([
      change(admin, adds('forste@demo.minside.no', 'andre@demo.minside.no')),
      change(other, adds('tredje@demo.minside.no', 'fjerde@demo.minside.no')),
    ]);
    const results = [...resultsOf(first), ...resultsOf(second)].sort();
    expect(results).toEqual(['emailSent', 'maxUsersReached', 'maxUsersReached', 'maxUsersReached']);
    expect(Object.keys(await seatsOf(t, COMPANY))).toHaveLength(3);
    expect(((await getAgreement(admin)).json() as { seats: unknown }).seats).toEqual({
      used: 3,
      max: 3,
      remaining: 0,
    });
  });

  it('two requests at once for the same address: one invitation', async () => {
    const admin = await sessionFor(t, ADMIN);
    const [first, second] = await Promise.all([
      change(admin, adds('samme@demo.minside.no')),
      change(admin, adds('SAMME@demo.minside.no')),
    ]);
    expect([...resultsOf(first), ...resultsOf(second)].sort()).toEqual(['emailSent', 'userExist']);
    expect(await mailsTo(t, 'samme@demo.minside.no')).toHaveLength(1);
  });

  it('many at once against a few seats: never more than the maximum', async () => {
    await setMaxSeats(t, COMPANY, 5);
    const admin = await sessionFor(t, ADMIN);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        change(admin, adds(`p${i}@demo.minside.no`, `q${i}@demo.minside.no`)),
      ),
    );
    const sent = responses.flatMap(resultsOf).filter((r) => r === 'emailSent');
    expect(sent).toHaveLength(3);
    expect(Object.keys(await seatsOf(t, COMPANY))).toHaveLength(5);
  });
});

describe('limits', () => {
  const t = buildTestApp({ perTest: true });

  it(`allows ${CHANGE_LIMIT.limit} applied requests an hour per admin, then 429 with Retry-After`, async () => {
    const admin = await sessionFor(t, ADMIN);
    for (let i = 0; i < CHANGE_LIMIT.limit; i += 1)
      expect(
        (await change(admin, [{ kind: 'UPDATE', email: 'ingen-slik@demo.minside.no' }])).statusCode,
      ).toBe(200);
    const refused = await change(admin, adds('en-til@demo.minside.no'));
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(t, 'en-til@demo.minside.no')).toEqual([]);
    // Dry runs are counted apart, and the next hour starts again.
    expect((await change(admin, adds('prov@demo.minside.no'), { dryRun: true })).statusCode).toBe(
      200,
    );
    t.clock.set('2026-03-10T10:00:00+01:00');
    const later = await sessionFor(t, ADMIN);
    expect(resultsOf(await change(later, adds('en-til@demo.minside.no')))).toEqual(['emailSent']);
  });

  it(`allows ${DRY_RUN_LIMIT.limit} dry runs an hour per admin`, async () => {
    const admin = await sessionFor(t, ADMIN);
    for (let i = 0; i < DRY_RUN_LIMIT.limit; i += 1)
      expect((await change(admin, adds('x@demo.minside.no'), { dryRun: true })).statusCode).toBe(
        200,
      );
    expectProblem(
      await change(admin, adds('x@demo.minside.no'), { dryRun: true }),
      429,
      'RATE_LIMITED',
    );
  });

  it('takes at most 200 changes, and refuses what the contract does not know (400)', async () => {
    const admin = await sessionFor(t, ADMIN);
    const many = Array.from({ length: 201 }, (_, i) => ({
      kind: 'ADD' as const,
      email: `m${i}@demo.minside.no`,
    }));
    expectProblem(await change(admin, many), 400, 'VALIDATION_FAILED');
    expectProblem(await change(admin, []), 400, 'VALIDATION_FAILED');
    expectProblem(
      await admin.request({
        method: 'POST',
        url: '/api/business/FVN/users',
        payload: { changes: [{ kind: 'DELETE', email: 'a@demo.minside.no' }] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(
      await admin.request({
        method: 'POST',
        url: '/api/business/FVN/users',
        payload: { changes: adds('a@demo.minside.no'), agreementId: 2 },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await seatsOf(t, COMPANY)).toEqual({ [EMPLOYEE]: 'active', [PENDING]: 'emailSent' });
    const full = await change(
      admin,
      Array.from({ length: 200 }, (_, i) => ({
        kind: 'ADD' as const,
        email: `m${i}@demo.minside.no`,
      })),
      { dryRun: true },
    );
    expect(full.statusCode).toBe(200);
    expect(resultsOf(full).filter((r) => r === 'emailSent')).toHaveLength(8);
  });
});

describe('an admin of one company never sees or touches another company', () => {
  const t = buildTestApp();
  let x: TestSession;
  let y: TestSession;
  beforeAll(async () => {
    // digital administers Fjellheim Bygg AS (company Y); bedrift-admin Kystbyen Regnskap AS (X).
    await makeAdmin(t, 'digital@demo.minside.no', OTHER_COMPANY);
    x = await sessionFor(t, ADMIN);
    y = await sessionFor(t, 'digital@demo.minside.no');
  });

  it('each sees only their own company', async () => {
    const seen = (await getAgreement(y)).json() as {
      companyName: string;
      users: { email: string }[];
    };
    expect(seen.companyName).toBe(OTHER_COMPANY);
    expect(seen.users.map((u) => u.email).sort()).toEqual([
      'kari@fjellheim-bygg.no',
      'ola@fjellheim-bygg.no',
      'per@fjellheim-bygg.no',
    ]);
    const own = (await getAgreement(x)).json() as { users: { email: string }[] };
    expect(own.users.map((u) => u.email)).not.toContain('ola@fjellheim-bygg.no');
  });

  it("X cannot resend to, remove or invite into Y's seats", async () => {
    const response = await change(x, [
      { kind: 'UPDATE', email: 'ola@fjellheim-bygg.no' },
      { kind: 'REMOVE', email: 'kari@fjellheim-bygg.no' },
      { kind: 'ADD', email: 'ny@fjellheim-bygg.no' },
    ]);
    expect(resultsOf(response)).toEqual(['notExist', 'notExist', 'wrongEmailDomain']);
    expect(await seatsOf(t, OTHER_COMPANY)).toEqual({
      'kari@fjellheim-bygg.no': 'emailSent',
      'ola@fjellheim-bygg.no': 'emailSent',
      'per@fjellheim-bygg.no': 'emailSent',
    });
    expect(await mailsTo(t, 'ola@fjellheim-bygg.no')).toEqual([]);
  });

  it("Y cannot end X's employee or reach X's invitation", async () => {
    const response = await change(y, [
      { kind: 'REMOVE', email: EMPLOYEE },
      { kind: 'UPDATE', email: PENDING },
      { kind: 'ADD', email: 'inntrenger@demo.minside.no' },
    ]);
    expect(resultsOf(response)).toEqual(['notExist', 'notExist', 'wrongEmailDomain']);
    expect(await fvnSubscriptionOf(t, EMPLOYEE)).toMatchObject({ status_code: 1 });
    expect(await seatsOf(t, COMPANY)).toEqual({ [EMPLOYEE]: 'active', [PENDING]: 'emailSent' });
  });

  it("Y's own seats are full (3 of 3): maxUsersReached, by Y's own maximum", async () => {
    const response = await change(y, [
      { kind: 'ADD', email: 'fjerde@fjellheim-bygg.no' },
      { kind: 'REMOVE', email: 'per@fjellheim-bygg.no' },
      { kind: 'ADD', email: 'fjerde@fjellheim-bygg.no' },
    ]);
    expect(resultsOf(response)).toEqual(['maxUsersReached', 'deleted', 'duplicate']);
    expect(((await getAgreement(x)).json() as { seats: unknown }).seats).toEqual({
      used: 2,
      max: 10,
      remaining: 8,
    });
  });

  it('a domain belongs to one company on a title', async () => {
    await expect(
      t.db.query(
        `insert into business_agreement_domains (agreement_id, title_code, domain) values ($1, 'FVN', 'demo.minside.no')`,
        [await agreementId(t, OTHER_COMPANY)],
      ),
    ).rejects.toThrow();
  });
});
