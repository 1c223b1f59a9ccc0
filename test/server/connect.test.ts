// Connecting an existing subscription (/koble-bruker): POST search-account (202 whether
// or not anything matched), POST verify/ with the SMS code read from /dev/outbox, PUT
// account/assign moving the subscription onto the session user's account.
import { describe, expect, it } from '@jest/globals';

import { searchAccount } from '../../src/server/domain/connect/connect';

import { twoSendsAtOnce } from './send-support';
import { newIdentitySession, sessionFor, spaHeaders, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo, TEST_NOW, type TestApp } from './support';

const PROBLEM_JSON = /^application\/problem\+json/;
const SMS = /^Koden din for Min Side er (\d{6})\. Den gjelder i 10 minutter\.$/;

interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  body: string;
}

async function outbox(t: TestApp): Promise<OutboxMessage[]> {
  const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The code of the newest SMS to `recipient`. */
async function latestCode(t: TestApp, recipient: string): Promise<string> {
  const message = (await outbox(t)).find((m) => m.recipient === recipient);
  expect(message?.channel).toBe('sms');
  const match = SMS.exec(message?.body ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

const search = (session: TestSession, payload: object) =>
  session.request({ method: 'POST', url: '/api/search-account', payload });
const verify = (session: TestSession, verificationId: string, code: string) =>
  session.request({ method: 'POST', url: '/api/verify/', payload: { verificationId, code } });
const assign = (session: TestSession, connectToken: string) =>
  session.request({ method: 'PUT', url: '/api/account/assign', payload: { connectToken } });

function expectProblem(
  response: Awaited<ReturnType<typeof search>>,
  status: number,
  code: string,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
  expect(response.json()).toMatchObject({ status, code });
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('connect a subscription', () => {
  const t = buildTestApp();

  it('found by e-mail: SMS code, connect token, the subscription moves to the new user', async () => {
    const oldAccountNo = await demoAccountNo(t.db, 'digital@demo.minside.no');
    const session = await newIdentitySession(t, '2000001');
    const searched = await search(session, { email: 'Digital@demo.minside.no', titleCode: 'FVN' });
    expect(searched.statusCode).toBe(202);
    const accepted = searched.json() as { verificationId: string; expiresAt: string };
    expect(accepted).toEqual({
      verificationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      maskedPhone: null,
      expiresAt: new Date(Date.parse(TEST_NOW) + 10 * 60_000).toISOString(),
    });
    const code = await latestCode(t, '+47 400 00 002');

    const verified = await verify(session, accepted.verificationId, code);
    expect(verified.statusCode).toBe(200);
    const { result, connectToken } = verified.json() as { result: string; connectToken: string };
    expect(result).toBe('ok');
    expect(connectToken).toEqual(expect.any(String));

    const assigned = await assign(session, connectToken);
    expect(assigned.statusCode).toBe(200);
    const account = assigned.json() as { ariaAccountNo: string };
    expect(account).toMatchObject({ spidId: '2000001', accountBalance: 0, firstTitleCode: 'FVN' });
    expect(account.ariaAccountNo).not.toBe(oldAccountNo);

    const mine = await session.request({
      url: `/api/subscription/${account.ariaAccountNo}/FVN`,
    });
    expect(mine.json()).toMatchObject({ hasSubscription: true });
    const oldOwner = await sessionFor(t, 'digital@demo.minside.no');
    const theirs = await oldOwner.request({ url: `/api/subscription/${oldAccountNo}/FVN` });
    expect(theirs.json()).toMatchObject({ subscription: null, error: { code: 'NO_SUBSCRIPTION' } });

    const events = await t.db.query<{ kind: string; actor: string; aria_account_no: string }>(
      `select kind, actor, aria_account_no from subscription_events where kind = 'assign'`,
    );
    expect(events).toEqual([
      { kind: 'assign', actor: 'user', aria_account_no: account.ariaAccountNo },
    ]);

    // Single use: the code and the token work once.
    expectProblem(
      await verify(session, accepted.verificationId, code),
      404,
      'VERIFICATION_NOT_FOUND',
    );
    expectProblem(await assign(session, connectToken), 404, 'CONNECT_TOKEN_INVALID');
  });

  it('found by phone (typed with or without +47) onto an existing account', async () => {
    const session = await sessionFor(t, 'ingen@demo.minside.no');
    const searched = await search(session, { phone: '4740000003', titleCode: 'fvn' });
    expect(searched.statusCode).toBe(202);
    const { verificationId, maskedPhone } = searched.json() as {
      verificationId: string;
      maskedPhone: string;
    };
    expect(maskedPhone).toBe('+47 *** ** 003');
    const code = await latestCode(t, '+47 400 00 003');
    const { connectToken } = (await verify(session, verificationId, code)).json() as {
      connectToken: string;
    };
    const assigned = await assign(session, connectToken);
    expect(assigned.statusCode).toBe(200);
    const { ariaAccountNo } = assigned.json() as { ariaAccountNo: string };
    const mine = await session.request({ url: `/api/subscription/${ariaAccountNo}/FVN` });
    expect(mine.json()).toMatchObject({ hasSubscription: true });
  });

  it('an account whose subscription was already moved is 409 ACCOUNT_ALREADY_ASSIGNED', async () => {
    const first = await newIdentitySession(t, '2000002');
    const second = await newIdentitySession(t, '2000003');
    const tokens: string[] = [];
    for (const session of [first, second]) {
      const { verificationId } = (
        await search(session, { phone: '+4740000004', titleCode: 'FVN' })
      ).json() as { verificationId: string };
      const code = await latestCode(t, '+47 400 00 004');
      tokens.push(
        ((await verify(session, verificationId, code)).json() as { connectToken: string })
          .connectToken,
      );
    }
    expect((await assign(first, tokens[0]!)).statusCode).toBe(200);
    expectProblem(await assign(second, tokens[1]!), 409, 'ACCOUNT_ALREADY_ASSIGNED');
    // Another user's token is not valid for this user.
    expectProblem(await assign(second, tokens[0]!), 404, 'CONNECT_TOKEN_INVALID');
  });
});

describe('verification rules', () => {
  const t = buildTestApp();

  async function started(session: TestSession, payload: object, recipient: string) {
    const response = await search(session, payload);
    expect(response.statusCode).toBe(202);
    const { verificationId } = response.json() as { verificationId: string };
    return { verificationId, code: await latestCode(t, recipient) };
  }

  it('nothing found: the same 202 answer, no SMS, and no code is ever right', async () => {
    const session = await newIdentitySession(t, '3000001');
    const before = (await outbox(t)).length;
    for (const payload of [
      { email: 'nobody@example.no', titleCode: 'FVN' },
      { phone: '+4799999999', titleCode: 'FVN' },
      { email: 'digital@demo.minside.no', titleCode: 'POL' }, // no subscription to that title
    ]) {
      const response = await search(session, payload);
      expect(response.statusCode).toBe(202);
      const body = response.json() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['expiresAt', 'maskedPhone', 'verificationId']);
      for (const code of ['000000', '123456', '999999']) {
        expectProblem(
          await verify(session, body.verificationId as string, code),
          400,
          'VERIFICATION_CODE_WRONG',
        );
      }
    }
    expect((await outbox(t)).length).toBe(before);
  });

  it('a user who already has the title gets USER_HAS_ACTIVE_SUB, no token, nothing moved', async () => {
    const session = await sessionFor(t, 'papir@demo.minside.no');
    const ungAccountNo = await demoAccountNo(t.db, 'ung@demo.minside.no');
    // Ung's FVN subscription(s) and their owner: read before the call, compared after it.
    const ownedBefore = await t.db.query<{ subscription_no: string; aria_account_no: string }>(
      `select subscription_no, aria_account_no from subscriptions
        where title_code = 'FVN' and aria_account_no = $1 order by subscription_no`,
      [ungAccountNo],
    );
    expect(ownedBefore.length).toBeGreaterThan(0);
    const { verificationId, code } = await started(
      session,
      { email: 'ung@demo.minside.no', titleCode: 'FVN' },
      '+47 400 00 004',
    );
    const response = await verify(session, verificationId, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 'USER_HAS_ACTIVE_SUB', connectToken: null });
    // The verification is spent: the code cannot be tried again.
    expectProblem(await verify(session, verificationId, code), 404, 'VERIFICATION_NOT_FOUND');
    expect(await demoAccountNo(t.db, 'ung@demo.minside.no')).toBe(ungAccountNo);
    const ownedAfter = await t.db.query(
      `select subscription_no, aria_account_no from subscriptions
        where subscription_no = any($1::text[]) order by subscription_no`,
      [ownedBefore.map((row) => row.subscription_no)],
    );
    expect(ownedAfter).toEqual(ownedBefore);
  });

  it("one's own account is not found", async () => {
    const session = await sessionFor(t, 'papir@demo.minside.no');
    const before = (await outbox(t)).length;
    const response = await search(session, { email: 'papir@demo.minside.no', titleCode: 'FVN' });
    expect(response.statusCode).toBe(202);
    expect((await outbox(t)).length).toBe(before);
  });

  it('a wrong code is 400; after 5 wrong tries even the right code is refused (404)', async () => {
    const session = await newIdentitySession(t, '3000002');
    const { verificationId, code } = await started(
      session,
      { email: 'ung@demo.minside.no', titleCode: 'FVN' },
      '+47 400 00 004',
    );
    for (let i = 0; i < 5; i++) {
      expectProblem(
        await verify(session, verificationId, wrongOf(code)),
        400,
        'VERIFICATION_CODE_WRONG',
      );
    }
    expectProblem(await verify(session, verificationId, code), 404, 'VERIFICATION_NOT_FOUND');
  });

  it('a wrong code counts, but the right one within 5 tries still works', async () => {
    const session = await newIdentitySession(t, '3000003');
    const { verificationId, code } = await started(
      session,
      { email: 'familie@demo.minside.no', titleCode: 'FVN' },
      '+47 400 00 005',
    );
    expect((await verify(session, verificationId, wrongOf(code))).statusCode).toBe(400);
    expect((await verify(session, verificationId, code)).statusCode).toBe(200);
  });

  it('a code expires after 10 minutes, and so does the connect token', async () => {
    const session = await newIdentitySession(t, '3000004');
    const late = await started(
      session,
      { email: 'student@demo.minside.no', titleCode: 'FVN' },
      '+47 400 00 008',
    );
    const early = await started(
      session,
      { email: 'student@demo.minside.no', titleCode: 'FVN' },
      '+47 400 00 008',
    );
    const { connectToken } = (await verify(session, early.verificationId, early.code)).json() as {
      connectToken: string;
    };
    try {
      t.clock.set(new Date(Date.parse(TEST_NOW) + 10 * 60_000).toISOString());
      expectProblem(
        await verify(session, late.verificationId, late.code),
        404,
        'VERIFICATION_NOT_FOUND',
      );
      expectProblem(await assign(session, connectToken), 404, 'CONNECT_TOKEN_INVALID');
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it("someone else's verification is not found, and stays usable for its owner", async () => {
    const owner = await newIdentitySession(t, '3000005');
    const other = await newIdentitySession(t, '3000006');
    const { verificationId, code } = await started(
      owner,
      { email: 'oppsagt@demo.minside.no', titleCode: 'FVN' },
      '+47 400 00 009',
    );
    expectProblem(await verify(other, verificationId, code), 404, 'VERIFICATION_NOT_FOUND');
    expectProblem(
      await verify(other, '0b9a5f0e-3c1d-4e8a-9f27-6d4c2b1a0e93', code),
      404,
      'VERIFICATION_NOT_FOUND',
    );
    expect((await verify(owner, verificationId, code)).statusCode).toBe(200);
  });

  it('a search needs an e-mail or a phone', async () => {
    const session = await newIdentitySession(t, '3000007');
    expectProblem(await search(session, { titleCode: 'FVN' }), 400, 'VALIDATION_FAILED');
  });

  it('without a session 401; without the SPA header 403 CSRF_REJECTED', async () => {
    const payload = { email: 'digital@demo.minside.no', titleCode: 'FVN' };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/search-account',
      headers: spaHeaders(),
      payload,
    });
    expectProblem(anonymous, 401, 'UNAUTHENTICATED');
    const session = await newIdentitySession(t, '3000008');
    const { 'x-minside-request': _csrf, ...headers } = session.headers;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/search-account',
      headers,
      payload,
    });
    expectProblem(forged, 403, 'CSRF_REJECTED');
    for (const [method, url] of [
      ['POST', '/api/verify/'],
      ['PUT', '/api/account/assign'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: spaHeaders(), payload: {} });
      expect([400, 401]).toContain(response.statusCode);
    }
  });
});

describe('a send takes effect once per Idempotency-Key', () => {
  const t = buildTestApp();
  const PHONE = '+47 400 00 003';
  const smsTo = async (recipient: string) =>
    (await outbox(t)).filter((m) => m.recipient === recipient && SMS.test(m.body));
  const keyed = (session: TestSession, key: string, payload: object) =>
    session.request({
      method: 'POST',
      url: '/api/search-account',
      payload,
      headers: { 'idempotency-key': key },
    });

  it('the same request again answers the first verification and sends no second SMS', async () => {
    const session = await sessionFor(t, 'ingen@demo.minside.no');
    const before = (await smsTo(PHONE)).length;
    const body = { phone: '40000003', titleCode: 'FVN' };
    const first = await keyed(session, 'send-0001-aaaaaaaaaaaa', body);
    const again = await keyed(session, 'send-0001-aaaaaaaaaaaa', body);
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(await smsTo(PHONE)).toHaveLength(before + 1);

    // The code of that one SMS verifies the verification both answers name.
    const code = await latestCode(t, PHONE);
    const { verificationId } = first.json() as { verificationId: string };
    expect((await verify(session, verificationId, code)).json()).toMatchObject({ result: 'ok' });

    // A new key is a new send: a new code, by a new SMS.
    const resent = await keyed(session, 'send-0002-aaaaaaaaaaaa', body);
    expect(resent.statusCode).toBe(202);
    expect((resent.json() as { verificationId: string }).verificationId).not.toBe(verificationId);
    expect(await smsTo(PHONE)).toHaveLength(before + 2);
  });

  it('two at once with the same key: one verification, one SMS, one count of the limits', async () => {
    const session = await newIdentitySession(t, '4300001');
    const before = (await smsTo('+47 400 00 002')).length;
    const body = { phone: '+4740000002', titleCode: 'FVN' };
    const [a, b] = await Promise.all([
      keyed(session, 'send-0003-aaaaaaaaaaaa', body),
      keyed(session, 'send-0003-aaaaaaaaaaaa', body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json()).toEqual(b.json());
    expect(await smsTo('+47 400 00 002')).toHaveLength(before + 1);
    // The repeat counted nothing: the phone's 3 sends in 10 minutes are the first and two more,
    // and only a fourth send is refused.
    for (const key of [
      'send-0003-aaaaaaaaaaaa',
      'send-0004-aaaaaaaaaaaa',
      'send-0005-aaaaaaaaaaaa',
    ])
      expect((await keyed(session, key, body)).statusCode).toBe(202);
    expect(await smsTo('+47 400 00 002')).toHaveLength(before + 3);
    expectProblem(await keyed(session, 'send-0008-aaaaaaaaaaaa', body), 429, 'RATE_LIMITED');
  });

  it('a repeat while the first is still sending waits for it: one SMS, the limits counted once', async () => {
    await newIdentitySession(t, '4300007');
    const input = {
      sessionSpidId: '4300007',
      phone: '+4740000004',
      titleCode: 'FVN',
      idempotencyKey: 'send-0009-aaaaaaaaaaaa',
    };
    const { answers, sent } = await twoSendsAtOnce((sender) =>
      searchAccount(t.db, t.clock, input, sender),
    );
    expect(answers[1]).toEqual(answers[0]);
    expect(sent).toHaveLength(1);
    const counts = await t.db.query<{ key: string; count: number }>(
      `select key, count from rate_limits where key in ('sms:40000004', 'search:4300007')`,
    );
    expect(counts.map((row) => [row.key, Number(row.count)]).sort()).toEqual([
      ['search:4300007', 1],
      ['sms:40000004', 1],
    ]);
  });

  it('the same key with another search is 422 IDEMPOTENCY_KEY_REUSED and sends nothing', async () => {
    const session = await newIdentitySession(t, '4300002');
    const first = await keyed(session, 'send-0006-aaaaaaaaaaaa', {
      email: 'nobody@example.no',
      titleCode: 'FVN',
    });
    expect(first.statusCode).toBe(202);
    const sms = (await outbox(t)).length;
    expectProblem(
      await keyed(session, 'send-0006-aaaaaaaaaaaa', { phone: '+4740000001', titleCode: 'FVN' }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect((await outbox(t)).length).toBe(sms);
  });

  it("another user's key is not theirs: the same key starts a send of its own", async () => {
    const one = await newIdentitySession(t, '4300003');
    const other = await newIdentitySession(t, '4300004');
    const body = { email: 'nobody2@example.no', titleCode: 'FVN' };
    const mine = await keyed(one, 'send-0007-aaaaaaaaaaaa', body);
    const theirs = await keyed(other, 'send-0007-aaaaaaaaaaaa', body);
    expect(mine.statusCode).toBe(202);
    expect(theirs.statusCode).toBe(202);
    const idOf = (r: typeof mine) => (r.json() as { verificationId: string }).verificationId;
    expect(idOf(theirs)).not.toBe(idOf(mine));
  });

  it('a key that is not 16–128 of [A-Za-z0-9_-] is 400', async () => {
    const session = await newIdentitySession(t, '4300005');
    const response = await keyed(session, 'short', { email: 'x@example.no', titleCode: 'FVN' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
  });
});

describe('rate limits', () => {
  const t = buildTestApp();

  it('5 searches per user per hour, then 429 with Retry-After', async () => {
    const session = await newIdentitySession(t, '4000001');
    for (let i = 1; i <= 5; i++) {
      const response = await search(session, { email: `nobody${i}@example.no`, titleCode: 'FVN' });
      expect(response.statusCode).toBe(202);
    }
    const refused = await search(session, { email: 'nobody6@example.no', titleCode: 'FVN' });
    expectProblem(refused, 429, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('3 sends per phone per 10 minutes, whoever searches, matched or not', async () => {
    for (const phone of ['+4740000002', '+4798765432']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const session = await newIdentitySession(t, `41${phone.slice(-4)}${i}`);
        const response = await search(session, { phone, titleCode: 'FVN' });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
          expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(600);
        }
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
    // A new window opens after 10 minutes.
    try {
      t.clock.set(new Date(Date.parse(TEST_NOW) + 10 * 60_000).toISOString());
      const session = await newIdentitySession(t, '4200000');
      expect((await search(session, { phone: '+4740000002', titleCode: 'FVN' })).statusCode).toBe(
        202,
      );
    } finally {
      t.clock.set(TEST_NOW);
    }
  });
});
