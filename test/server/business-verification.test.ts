// The invited employee (/bedrift): POST business/verification with every result code
// of requirements §4 (and the code step's), POST business/verification/code, codes that expire, are used
// up or replayed (injected clock), the link's expiry, rate limits, and two verifications at once.
// On PGlite, and on PostgreSQL with DATABASE_URL.
import { beforeAll, describe, expect, it } from '@jest/globals';

import { sha256 } from '../../src/server/crypto';
import { seatEvents } from '../../src/server/domain/business/agreements';
import {
  CODE_LIMIT,
  CODE_USER_LIMIT,
  sendVerificationCode,
  VERIFY_LIMIT,
} from '../../src/server/domain/business/verification';
import { createSession } from '../../src/server/identity/sessions';

import {
  ADMIN,
  adds,
  agreementId,
  change,
  COMPANY,
  EMPLOYEE,
  expectProblem,
  fvnSubscriptionOf,
  invitationToken,
  latestCode,
  mailsTo,
  resultsOf,
  seatsOf,
  sendCode,
  verify,
  wrongOf,
} from './business-support';
import { twoSendsAtOnce } from './send-support';
import { newIdentitySession, sessionFor, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, type TestApp } from './support';

const INGEN = 'ingen@demo.minside.no';
const NY = 'ny@demo.minside.no';

/** Invites `email` as the demo admin and answers the token of its link. */
async function invite(t: TestApp, email: string): Promise<string> {
  const response = await change(await sessionFor(t, ADMIN), adds(email));
  expect(resultsOf(response)).toEqual(['emailSent']);
  return invitationToken(t, email);
}

const resultOf = async (response: Awaited<ReturnType<typeof verify>>) => {
  expect(response.statusCode).toBe(200);
  return (response.json() as { result: string }).result;
};

describe('verifying an invitation', () => {
  const t = buildTestApp();

  it('ok: signed in with the invited address, the seat is theirs at once', async () => {
    const token = await invite(t, INGEN);
    const ingen = await sessionFor(t, INGEN);
    const response = await verify(ingen, { token });
    expect(response.json()).toEqual({
      result: 'ok',
      companyName: COMPANY,
      maskedEmail: 'i****@demo.minside.no',
    });
    expect(await fvnSubscriptionOf(t, INGEN)).toMatchObject({
      status_code: 1,
      subscription_info1: 'employee',
      share_kind: 'business-seat',
      business_agreement_id: await agreementId(t, COMPANY),
    });
    expect((await seatsOf(t, COMPANY))[INGEN]).toBe('active');
    const session = (await ingen.request({ url: '/api/session' })).json() as {
      subscription: {
        hasSubscription: boolean;
        isPaying: boolean;
        ariaPlanID: string;
        paymentMethod: unknown;
      };
    };
    expect(session.subscription).toMatchObject({
      hasSubscription: true,
      isPaying: false,
      ariaPlanID: 'C-DIGITAL-BEDRIFT',
      paymentMethod: null,
    });
    const admin = (
      await (await sessionFor(t, ADMIN)).request({ url: '/api/business/FVN' })
    ).json() as {
      users: { email: string; status: string; name: string | null }[];
    };
    expect(admin.users.find((u) => u.email === INGEN)).toMatchObject({
      status: 'active',
      name: 'Ingrid Uten',
    });
    const events = await seatEvents(t.db, await agreementId(t, COMPANY));
    expect(events.at(-1)).toMatchObject({
      kind: 'VERIFY',
      email: INGEN,
      result: 'ok',
      detail: { by: 'email' },
    });
  });

  it('USER_IS_ACTIVE: the link once used says so, to anyone (a replay)', async () => {
    const token = await invitationToken(t, INGEN);
    expect(await resultOf(await verify(await sessionFor(t, INGEN), { token }))).toBe(
      'USER_IS_ACTIVE',
    );
    expect(
      await resultOf(await verify(await sessionFor(t, 'student@demo.minside.no'), { token })),
    ).toBe('USER_IS_ACTIVE');
    expectProblem(
      await sendCode(await sessionFor(t, 'student@demo.minside.no'), token),
      409,
      'BUSINESS_INVITATION_USED',
    );
  });

  it('ok for a first visit: the billing account is created with the seat', async () => {
    const token = await invite(t, NY);
    const ny = await sessionFor(t, NY);
    expect(await resultOf(await verify(ny, { token }))).toBe('ok');
    expect(await fvnSubscriptionOf(t, NY)).toMatchObject({
      status_code: 1,
      share_kind: 'business-seat',
    });
  });

  it('REQUEST_MISSING_VALUES without a token', async () => {
    const session = await sessionFor(t, INGEN);
    expect((await verify(session, {})).json()).toEqual({
      result: 'REQUEST_MISSING_VALUES',
      companyName: null,
      maskedEmail: null,
    });
    expect(await resultOf(await verify(session, { token: '' }))).toBe('REQUEST_MISSING_VALUES');
  });

  it('EMAIL_DOES_NOT_EXIST for a token no invitation has', async () => {
    const response = await verify(await sessionFor(t, INGEN), { token: 'finnes-ikke' });
    expect(response.json()).toEqual({
      result: 'EMAIL_DOES_NOT_EXIST',
      companyName: null,
      maskedEmail: null,
    });
  });

  it('USER_HAS_ACTIVE_SUB: a reader with their own subscription keeps it, the invitation stays open', async () => {
    const token = await invite(t, 'digital@demo.minside.no');
    const digital = await sessionFor(t, 'digital@demo.minside.no');
    expect(await resultOf(await verify(digital, { token }))).toBe('USER_HAS_ACTIVE_SUB');
    expect((await seatsOf(t, COMPANY))['digital@demo.minside.no']).toBe('emailSent');
    expect(await fvnSubscriptionOf(t, 'digital@demo.minside.no')).toMatchObject({
      subscription_info1: null,
    });
    // The employee with a seat already is told the same about another invitation.
    const second = await invite(t, 'anders.privat@demo.minside.no');
    expect(
      await resultOf(
        await verify(await sessionFor(t, EMPLOYEE), { token: second, code: '000000' }),
      ),
    ).toBe('USER_HAS_ACTIVE_SUB');
  });

  it('NO_SPID_FOUND: the identity provider does not know the signed-in user', async () => {
    const token = await invite(t, 'ukjent.person@demo.minside.no');
    const stranger = await newIdentitySession(t, 'business-unknown-identity');
    const response = await verify(stranger, { token });
    expect(response.json()).toEqual({
      result: 'NO_SPID_FOUND',
      companyName: COMPANY,
      maskedEmail: 'u************@demo.minside.no',
    });
  });

  it("CODE_REQUIRED: the address is the provider's, never what a session or request claims", async () => {
    const token = await invite(t, 'oppsagt.jobb@demo.minside.no');
    // avsluttet signs in as themselves: another address than the invited one.
    const reader = await sessionFor(t, 'avsluttet@demo.minside.no');
    expect(await resultOf(await verify(reader, { token }))).toBe('CODE_REQUIRED');
    // A session whose claims carry the invited address does not count: the provider's record does.
    const [identity] = await t.db.query<{ spid_id: string }>(
      'select spid_id from identity_users where email = $1',
      ['avsluttet@demo.minside.no'],
    );
    const id = await createSession(t.db, t.clock, {
      spidId: identity!.spid_id,
      titleCode: 'FVN',
      claims: {
        sub: identity!.spid_id,
        email: 'oppsagt.jobb@demo.minside.no',
        givenName: 'Astrid',
        familyName: 'Avsluttet',
        name: 'Astrid Avsluttet',
        phoneNumber: '',
        birthDate: null,
      },
      sealedIdToken: undefined,
      sealedRefreshToken: undefined,
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/business/verification',
      headers: { ...spaHeaders(), cookie: `minside=${id}` },
      payload: { token },
    });
    expect(await resultOf(forged)).toBe('CODE_REQUIRED');
    expectProblem(
      await reader.request({
        method: 'POST',
        url: '/api/business/verification',
        payload: { token, email: 'oppsagt.jobb@demo.minside.no' },
      }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('LINK_EXPIRED after 30 days; a resend gives a link that works', async () => {
    const token = await invite(t, 'sen@demo.minside.no');
    t.clock.set('2026-04-09T10:00:01+02:00');
    const late = await sessionFor(t, 'avsluttet@demo.minside.no');
    const response = await verify(late, { token });
    expect(response.json()).toMatchObject({ result: 'LINK_EXPIRED', companyName: COMPANY });
    expectProblem(await sendCode(late, token), 409, 'BUSINESS_INVITATION_EXPIRED');
    expect(
      resultsOf(
        await change(await sessionFor(t, ADMIN), [
          { kind: 'UPDATE', email: 'sen@demo.minside.no' },
        ]),
      ),
    ).toEqual(['resent']);
    const fresh = await invitationToken(t, 'sen@demo.minside.no');
    expect(await resultOf(await verify(late, { token: fresh }))).toBe('CODE_REQUIRED');
    expect(await resultOf(await verify(late, { token }))).toBe('EMAIL_DOES_NOT_EXIST');
    t.clock.set('2026-03-10T09:00:00+01:00');
  });

  it('answers 401 to nobody signed in, and 400 to a token that cannot be one', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/business/verification',
      headers: spaHeaders(),
      payload: { token: 'abc' },
    });
    expectProblem(anonymous, 401, 'UNAUTHENTICATED');
    const session = await sessionFor(t, INGEN);
    expectProblem(await verify(session, { token: 'a b' }), 400, 'VALIDATION_FAILED');
    expectProblem(await verify(session, { token: 'x'.repeat(257) }), 400, 'VALIDATION_FAILED');
  });
});

describe('verifying with a code e-mailed to the invited address', () => {
  const t = buildTestApp();
  let reader: TestSession;
  beforeAll(async () => {
    reader = await sessionFor(t, 'avsluttet@demo.minside.no');
  });

  it('sends a code to the invited address, and the right code gives the seat', async () => {
    const token = await invite(t, 'astrid.jobb@demo.minside.no');
    expect(await resultOf(await verify(reader, { token }))).toBe('CODE_REQUIRED');
    const sent = await sendCode(reader, token);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({
      sentTo: 'a**********@demo.minside.no',
      expiresAt: '2026-03-10T08:10:00.000Z',
    });
    const [mail] = await mailsTo(t, 'astrid.jobb@demo.minside.no');
    expect(mail).toMatch(/^Koden din for å aktivere bedriftstilgang til Fædrelandsvennen\n/);
    const code = await latestCode(t, 'astrid.jobb@demo.minside.no');
    expect(await resultOf(await verify(reader, { token, code }))).toBe('ok');
    expect(await fvnSubscriptionOf(t, 'avsluttet@demo.minside.no')).toMatchObject({
      status_code: 1,
      share_kind: 'business-seat',
    });
    const events = await seatEvents(t.db, await agreementId(t, COMPANY));
    expect(events.at(-1)).toMatchObject({ kind: 'VERIFY', detail: { by: 'code' } });
    // The code is single use: once more is the used invitation.
    expect(await resultOf(await verify(reader, { token, code }))).toBe('USER_IS_ACTIVE');
  });

  it('CODE_WRONG, then the right code still works', async () => {
    const token = await invite(t, 'planendring.jobb@demo.minside.no');
    const reader = await sessionFor(t, 'ny@demo.minside.no');
    await sendCode(reader, token);
    const code = await latestCode(t, 'planendring.jobb@demo.minside.no');
    expect(await resultOf(await verify(reader, { token, code: wrongOf(code) }))).toBe('CODE_WRONG');
    expect(await resultOf(await verify(reader, { token, code }))).toBe('ok');
  });

  it('after 5 wrong tries the code is dead: CODE_EXPIRED even with the right one', async () => {
    const token = await invite(t, 'gjett@demo.minside.no');
    const reader = await sessionFor(t, 'purring@demo.minside.no');
    // purring has subscriptions to FVN: USER_HAS_ACTIVE_SUB before any code. End them first.
    await t.db.query(
      `update subscriptions set status_code = -2 where aria_account_no =
         (select aria_account_no from accounts a join identity_users u on u.spid_id = a.spid_id
           where u.email = 'purring@demo.minside.no') and title_code = 'FVN'`,
    );
    await sendCode(reader, token);
    const code = await latestCode(t, 'gjett@demo.minside.no');
    for (let i = 0; i < 5; i += 1)
      expect(await resultOf(await verify(reader, { token, code: wrongOf(code) }))).toBe(
        'CODE_WRONG',
      );
    expect(await resultOf(await verify(reader, { token, code }))).toBe('CODE_EXPIRED');
    // A new code works.
    await sendCode(reader, token);
    expect(
      await resultOf(
        await verify(reader, { token, code: await latestCode(t, 'gjett@demo.minside.no') }),
      ),
    ).toBe('ok');
  });

  it('CODE_EXPIRED after 10 minutes (injected clock)', async () => {
    const token = await invite(t, 'treg@demo.minside.no');
    const reader = await sessionFor(t, 'student@demo.minside.no');
    await t.db.query(
      `update subscriptions set status_code = -2 where aria_account_no =
         (select aria_account_no from accounts a join identity_users u on u.spid_id = a.spid_id
           where u.email = 'student@demo.minside.no')`,
    );
    await sendCode(reader, token);
    const code = await latestCode(t, 'treg@demo.minside.no');
    t.clock.set('2026-03-10T09:10:00+01:00');
    expect(await resultOf(await verify(reader, { token, code }))).toBe('CODE_EXPIRED');
    t.clock.set('2026-03-10T09:09:59+01:00');
    expect(await resultOf(await verify(reader, { token, code }))).toBe('ok');
    t.clock.set('2026-03-10T09:00:00+01:00');
  });

  it('CODE_EXPIRED for a code asked for by someone else; CODE_WRONG for one a newer replaced', async () => {
    const token = await invite(t, 'delt@demo.minside.no');
    const asker = await sessionFor(t, 'ung@demo.minside.no');
    const other = await newIdentitySession(t, 'business-code-thief');
    await sendCode(asker, token);
    const first = await latestCode(t, 'delt@demo.minside.no');
    // Another signed-in user with the same link and code: not theirs.
    await t.db.query(
      `insert into identity_users (spid_id, email, password_hash, given_name, family_name, user_kind)
       values ('business-code-thief', 'tyv@example.org', 'x', 'T', 'Y', 'no-subscription')`,
    );
    expect(await resultOf(await verify(other, { token, code: first }))).toBe('CODE_EXPIRED');
    await t.db
      .query(`update subscriptions set status_code = -2 where title_code = 'FVN' and aria_account_no =
      (select aria_account_no from accounts a join identity_users u on u.spid_id = a.spid_id where u.email = 'ung@demo.minside.no')`);
    await sendCode(asker, token);
    const second = await latestCode(t, 'delt@demo.minside.no');
    if (second !== first)
      expect(await resultOf(await verify(asker, { token, code: first }))).toBe('CODE_WRONG');
    expect(await resultOf(await verify(asker, { token, code: second }))).toBe('ok');
  });

  it('a resend or a removal ends the codes asked for under the old link', async () => {
    const token = await invite(t, 'bytte@demo.minside.no');
    const reader = await newIdentitySession(t, 'business-bytte');
    await t.db.query(
      `insert into identity_users (spid_id, email, password_hash, given_name, family_name, user_kind)
       values ('business-bytte', 'bytte.privat@example.org', 'x', 'B', 'Y', 'no-subscription')`,
    );
    await sendCode(reader, token);
    const code = await latestCode(t, 'bytte@demo.minside.no');
    await change(await sessionFor(t, ADMIN), [{ kind: 'UPDATE', email: 'bytte@demo.minside.no' }]);
    const fresh = await invitationToken(t, 'bytte@demo.minside.no');
    expect(await resultOf(await verify(reader, { token: fresh, code }))).toBe('CODE_EXPIRED');
    await sendCode(reader, fresh);
    await change(await sessionFor(t, ADMIN), [{ kind: 'REMOVE', email: 'bytte@demo.minside.no' }]);
    const after = await latestCode(t, 'bytte@demo.minside.no');
    expect(await resultOf(await verify(reader, { token: fresh, code: after }))).toBe(
      'EMAIL_DOES_NOT_EXIST',
    );
  });

  it('refuses a code for an unknown or removed invitation: 404 BUSINESS_INVITATION_NOT_FOUND', async () => {
    expectProblem(await sendCode(reader, 'finnes-ikke'), 404, 'BUSINESS_INVITATION_NOT_FOUND');
    const token = await invite(t, 'fjernet@demo.minside.no');
    await change(await sessionFor(t, ADMIN), [
      { kind: 'REMOVE', email: 'fjernet@demo.minside.no' },
    ]);
    expectProblem(await sendCode(reader, token), 404, 'BUSINESS_INVITATION_NOT_FOUND');
    expectProblem(
      await reader.request({ method: 'POST', url: '/api/business/verification/code', payload: {} }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('writes the code e-mail in nynorsk on a nynorsk title', async () => {
    const [row] = await t.db.query<{ id: number }>(
      `select id from business_agreements where company_name = 'Fjellheim Bygg AS'`,
    );
    await t.db.query(`update business_agreements set title_code = 'FIR' where id = $1`, [row!.id]);
    const [seat] = await t.db.query<{ id: number }>(
      `select id from business_seats where email = 'ola@fjellheim-bygg.no'`,
    );
    // The demo's pending links are not kept: give this one a known token, as a resend would.
    const { sha256 } = await import('../../src/server/crypto');
    await t.db.query(`update business_seats set token_hash = $2 where id = $1`, [
      seat!.id,
      sha256('kjent-lenke'),
    ]);
    expect((await sendCode(reader, 'kjent-lenke')).statusCode).toBe(202);
    const [mail] = await mailsTo(t, 'ola@fjellheim-bygg.no');
    expect(mail).toContain('Koden din er');
    expect(mail).toContain('Han gjeld i 10 minutt');
    expect(mail).toContain('Helsing\nFirda');
  });
});

describe('a code is sent once per Idempotency-Key', () => {
  const t = buildTestApp();
  let reader: TestSession;
  beforeAll(async () => {
    reader = await sessionFor(t, 'avsluttet@demo.minside.no');
  });

  it('sends a code once per Idempotency-Key: the same request again gets the first answer', async () => {
    const token = await invite(t, 'en.gang@demo.minside.no');
    const keyed = (key: string, body: object) =>
      reader.request({
        method: 'POST',
        url: '/api/business/verification/code',
        payload: body,
        headers: { 'idempotency-key': key },
      });
    const first = await keyed('business-send-0001-aa', { token });
    const again = await keyed('business-send-0001-aa', { token });
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    // The invitation e-mail and one code.
    expect(await mailsTo(t, 'en.gang@demo.minside.no')).toHaveLength(2);
    // The same key with another link is refused, and sends nothing.
    const otherToken = await invite(t, 'annen.lenke@demo.minside.no');
    expectProblem(
      await keyed('business-send-0001-aa', { token: otherToken }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await mailsTo(t, 'annen.lenke@demo.minside.no')).toHaveLength(1);
  });

  it('a repeat while the first is still sending waits for it: one e-mail, the limits counted once', async () => {
    const token = await invite(t, 'samtidig.jobb@demo.minside.no');
    const { answers, sent } = await twoSendsAtOnce((sender) =>
      sendVerificationCode(
        { db: t.db, clock: t.clock, sender: () => sender },
        { spidId: reader.spidId },
        token,
        'business-send-0002-aa',
      ),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(sent).toEqual(['samtidig.jobb@demo.minside.no']);
    const [row] = await t.db.query<{ count: number }>(
      'select count from rate_limits where key = $1',
      [`business-code:${sha256(token)}`],
    );
    expect(Number(row?.count)).toBe(1);
  });
});

describe('results when the seat cannot be made', () => {
  const t = buildTestApp({ perTest: true });

  it("ERROR_IN_CREATING_ACCOUNT: the reader's billing account cannot be created", async () => {
    const token = await invite(t, NY);
    const [identity] = await t.db.query<{ spid_id: string }>(
      'select spid_id from identity_users where email = $1',
      [NY],
    );
    await t.db.exec(`
      create function refuse_account() returns trigger language plpgsql as $$
      begin
        if new.spid_id = '${identity!.spid_id}' then raise exception 'billing refused'; end if;
        return new;
      end $$;
      create trigger refuse_account before insert on accounts
        for each row execute function refuse_account();
    `);
    const ny = await sessionFor(t, NY);
    expect((await verify(ny, { token })).json()).toEqual({
      result: 'ERROR_IN_CREATING_ACCOUNT',
      companyName: COMPANY,
      maskedEmail: 'n***@demo.minside.no',
    });
    expect((await seatsOf(t, COMPANY))[NY]).toBe('emailSent');
    await t.db.exec('drop trigger refuse_account on accounts');
    expect(await resultOf(await verify(ny, { token }))).toBe('ok');
  });

  it('AMPS_RETURNED_NULL: the subscription system gives no seat (no business plan for the title)', async () => {
    const token = await invite(t, INGEN);
    await t.db.query(
      `update plans set active = false where title_code = 'FVN' and aria_plan_id = 'C-DIGITAL-BEDRIFT'`,
    );
    const ingen = await sessionFor(t, INGEN);
    expect(await resultOf(await verify(ingen, { token }))).toBe('AMPS_RETURNED_NULL');
    expect((await seatsOf(t, COMPANY))[INGEN]).toBe('emailSent');
    // Nothing half made: no account was created for the reader either.
    expect(
      await t.db.query(
        `select 1 from accounts a join identity_users u on u.spid_id = a.spid_id where u.email = $1`,
        [INGEN],
      ),
    ).toEqual([]);
    await t.db.query(`update plans set active = true where aria_plan_id = 'C-DIGITAL-BEDRIFT'`);
    expect(await resultOf(await verify(ingen, { token }))).toBe('ok');
  });
});

describe('two verifications at once', () => {
  const t = buildTestApp({ perTest: true });

  it('the same link twice: one seat, the other is USER_IS_ACTIVE', async () => {
    const token = await invite(t, INGEN);
    const a = await sessionFor(t, INGEN);
    const b = await sessionFor(t, INGEN);
    const results = await Promise.all([verify(a, { token }), verify(b, { token })]);
    expect((await Promise.all(results.map(resultOf))).sort()).toEqual(['USER_IS_ACTIVE', 'ok']);
    const seats = await t.db.query(
      `select 1 from subscriptions s join accounts a on a.aria_account_no = s.aria_account_no
         join identity_users u on u.spid_id = a.spid_id
        where u.email = $1 and s.share_kind = 'business-seat'`,
      [INGEN],
    );
    expect(seats).toHaveLength(1);
  });

  it('two invitations for one reader at once: one seat, the other USER_HAS_ACTIVE_SUB', async () => {
    const first = await invite(t, 'oppsagt.a@demo.minside.no');
    const second = await invite(t, 'oppsagt.b@demo.minside.no');
    const reader = await sessionFor(t, 'avsluttet@demo.minside.no');
    await sendCode(reader, first);
    const codeA = await latestCode(t, 'oppsagt.a@demo.minside.no');
    await sendCode(reader, second);
    const codeB = await latestCode(t, 'oppsagt.b@demo.minside.no');
    const results = await Promise.all([
      verify(reader, { token: first, code: codeA }),
      verify(reader, { token: second, code: codeB }),
    ]);
    expect((await Promise.all(results.map(resultOf))).sort()).toEqual([
      'USER_HAS_ACTIVE_SUB',
      'ok',
    ]);
  });
});

describe('rate limits', () => {
  const t = buildTestApp({ perTest: true });

  it(`${CODE_LIMIT.limit} codes per link in 10 minutes, then 429 with Retry-After`, async () => {
    const token = await invite(t, 'mange.koder@demo.minside.no');
    const reader = await sessionFor(t, 'avsluttet@demo.minside.no');
    for (let i = 0; i < CODE_LIMIT.limit; i += 1)
      expect((await sendCode(reader, token)).statusCode).toBe(202);
    const refused = await sendCode(await sessionFor(t, INGEN), token);
    expectProblem(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(t, 'mange.koder@demo.minside.no')).toHaveLength(1 + CODE_LIMIT.limit);
    t.clock.set('2026-03-10T09:10:00+01:00');
    expect(
      (await sendCode(await sessionFor(t, 'avsluttet@demo.minside.no'), token)).statusCode,
    ).toBe(202);
  });

  it(`${CODE_USER_LIMIT.limit} codes per user an hour`, async () => {
    const reader = await sessionFor(t, 'avsluttet@demo.minside.no');
    for (let i = 0; i < CODE_USER_LIMIT.limit; i += 1)
      expectProblem(await sendCode(reader, `ukjent-${i}`), 404, 'BUSINESS_INVITATION_NOT_FOUND');
    expectProblem(await sendCode(reader, 'ukjent-x'), 429, 'RATE_LIMITED');
  });

  it(`${VERIFY_LIMIT.limit} verifications per user an hour`, async () => {
    const reader = await sessionFor(t, 'avsluttet@demo.minside.no');
    for (let i = 0; i < VERIFY_LIMIT.limit; i += 1)
      expect(await resultOf(await verify(reader, { token: `ukjent-${i}` }))).toBe(
        'EMAIL_DOES_NOT_EXIST',
      );
    expectProblem(await verify(reader, { token: 'ukjent-x' }), 429, 'RATE_LIMITED');
    // The other signed-in users are not held up.
    expect(await resultOf(await verify(await sessionFor(t, INGEN), { token: 'ukjent-x' }))).toBe(
      'EMAIL_DOES_NOT_EXIST',
    );
  });
});

describe('with an outside identity provider (Min Side keeps no users of its own)', () => {
  const t = buildTestApp();
  it('grants the seat by the address only when the provider says it is verified', async () => {
    const token = await invite(t, 'ekstern.ansatt@demo.minside.no');
    await t.db.query('delete from identity_users');
    const sessionWith = async (spidId: string, emailVerified: boolean | undefined) => {
      const id = await createSession(t.db, t.clock, {
        spidId,
        titleCode: 'FVN',
        claims: {
          sub: spidId,
          email: 'ekstern.ansatt@demo.minside.no',
          givenName: 'Eva',
          familyName: 'Ekstern',
          name: 'Eva Ekstern',
          phoneNumber: '',
          birthDate: null,
          ...(emailVerified === undefined ? {} : { emailVerified }),
        },
        sealedIdToken: undefined,
        sealedRefreshToken: undefined,
      });
      return (payload: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/business/verification',
          headers: { ...spaHeaders(), cookie: `minside=${id}` },
          payload,
        });
    };
    for (const unverified of [false, undefined])
      expect(
        await resultOf(await (await sessionWith('ext-unverified', unverified))({ token })),
      ).toBe('CODE_REQUIRED');
    expect(await resultOf(await (await sessionWith('ext-verified', true))({ token }))).toBe('ok');
  });
});
