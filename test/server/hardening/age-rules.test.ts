// Hardening (item 2): age rules never trust the client. The birth date of a signed-in
// reader comes from the identity provider, else from the one they gave once on their profile
// (validated, audited); an order or quote that carries one is refused, and a known birth date
// cannot be replaced from the browser. On PGlite, and on PostgreSQL when DATABASE_URL is set.
import { describe, expect, it } from '@jest/globals';

import { digitalMonthly, expectProblem, newReader } from '../order-support';
import { newIdentitySession, sessionFor, type TestSession } from '../session-support';
import { buildTestApp } from '../support';

const t = buildTestApp();
let seq = 0;

const youthMonthly = { ...digitalMonthly, ariaPlanID: 'C-DIGITAL-UNG' } as const;

const quote = (s: TestSession, payload: object) =>
  s.request({ method: 'POST', url: '/api/orders/quote', payload });
const order = (s: TestSession, payload: object) =>
  s.request({
    method: 'POST',
    url: '/api/orders',
    payload,
    headers: { 'idempotency-key': `age-key-${Date.now()}-${(seq += 1)}-abcdef` },
  });
const putAccount = (s: TestSession, payload: object) =>
  s.request({ method: 'PUT', url: '/api/account', payload });

/** A reader the identity provider knows no birth date of, with a new account. */
const readerWithoutBirthDate = () => newReader(t, null);

const auditOf = (accountNo: string) =>
  t.db.query<{ kind: string; actor: string; detail: { birthDate: string } }>(
    'select kind, actor, detail from account_events where aria_account_no = $1 order by id',
    [accountNo],
  );

describe('a birth date in the request is not believed', () => {
  it('a reader born in 1979 cannot quote or order the youth plan by sending another birth date', async () => {
    // digital@ is born 1979-09-30 by the identity provider.
    const s = await sessionFor(t, 'digital@demo.minside.no', 'AP');
    const young = { ...youthMonthly, titleCode: 'AP', birthDate: '2005-01-01' };
    for (const response of [
      await quote(s, young),
      await order(s, { ...young, paymentProvider: 'VIPPS' }),
    ]) {
      expectProblem(response, 400, 'VALIDATION_FAILED');
      expect(response.json().errors).toContainEqual({
        field: 'birthDate',
        message: 'is not allowed',
      });
    }
    expectProblem(await quote(s, { ...youthMonthly, titleCode: 'AP' }), 422, 'YOUTH_AGE_EXCEEDED');
  });

  it('the 18-year minimum uses the profile, not the request', async () => {
    const { s, accountNo } = await readerWithoutBirthDate();
    expectProblem(await quote(s, digitalMonthly), 422, 'BIRTH_DATE_REQUIRED');
    expectProblem(
      await quote(s, { ...digitalMonthly, birthDate: '1990-01-01' }),
      400,
      'VALIDATION_FAILED',
    );
    // 17 years old on the test's day (2026-03-10).
    expect(
      (await putAccount(s, { ariaAccountNo: accountNo, birthDate: '2009-03-11' })).statusCode,
    ).toBe(200);
    expectProblem(await quote(s, digitalMonthly), 422, 'AGE_BELOW_MINIMUM');
    expectProblem(
      await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' }),
      422,
      'AGE_BELOW_MINIMUM',
    );
  });
});

describe('the birth date given once on the profile', () => {
  it('is used for the age rules, shown in the session, and kept in the audit trail', async () => {
    const { s, accountNo } = await readerWithoutBirthDate();
    const given = await putAccount(s, { ariaAccountNo: accountNo, birthDate: '1992-03-11' });
    expect(given.statusCode).toBe(200);
    // Under 34 on 2026-03-10 by one day: the youth plan is open.
    expect((await quote(s, youthMonthly)).statusCode).toBe(200);
    expect((await s.request({ url: '/api/session' })).json().user.birthDate).toBe('1992-03-11');
    expect(await auditOf(accountNo)).toEqual([
      { kind: 'birth-date-given', actor: `user:${s.spidId}`, detail: { birthDate: '1992-03-11' } },
    ]);
  });

  it('cannot be changed once given, nor when the identity provider knows it', async () => {
    const { s, accountNo } = await readerWithoutBirthDate();
    await putAccount(s, { ariaAccountNo: accountNo, birthDate: '1980-05-05' });
    expectProblem(
      await putAccount(s, { ariaAccountNo: accountNo, birthDate: '2000-05-05' }),
      409,
      'BIRTH_DATE_ALREADY_SET',
    );
    expectProblem(await quote(s, youthMonthly), 422, 'YOUTH_AGE_EXCEEDED');

    const known = await sessionFor(t, 'digital@demo.minside.no');
    const account = (await known.request({ url: '/api/session' })).json().account.ariaAccountNo;
    expectProblem(
      await putAccount(known, { ariaAccountNo: account, birthDate: '2000-05-05' }),
      409,
      'BIRTH_DATE_ALREADY_SET',
    );
    expect(await auditOf(accountNo)).toHaveLength(1);
  });

  it('decides over a birth date the identity provider gains later (found in review)', async () => {
    // Given once on the profile while the provider knew none: 45 years old on 2026-03-10.
    const { s, accountNo } = await readerWithoutBirthDate();
    await putAccount(s, { ariaAccountNo: accountNo, birthDate: '1981-01-01' });
    // Later the provider has a younger one (added on its account page) and the reader signs in
    // again: the youth plan stays closed, and Min Side shows the date that decided.
    const later = await newIdentitySession(t, s.spidId, 'FVN', { birth_date: '2000-01-01' });
    expectProblem(await quote(later, youthMonthly), 422, 'YOUTH_AGE_EXCEEDED');
    expect((await later.request({ url: '/api/session' })).json().user.birthDate).toBe('1981-01-01');
    const profile = (await later.request({ url: `/api/account/${accountNo}/profile` })).json();
    expect(profile.birthDate).toBe('1981-01-01');
    expect(profile.identity.ownedFields).not.toContain('birthDate');
  });

  it('is given once when two requests arrive at the same moment', async () => {
    const { s, accountNo } = await readerWithoutBirthDate();
    const answers = await Promise.all(
      ['1970-01-01', '2001-01-01', '1985-06-15'].map((birthDate) =>
        putAccount(s, { ariaAccountNo: accountNo, birthDate }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const audit = await auditOf(accountNo);
    expect(audit).toHaveLength(1);
    const [profile] = await t.db.query<{ birth_date: string }>(
      'select birth_date::text as birth_date from account_profiles where aria_account_no = $1',
      [accountNo],
    );
    expect(profile!.birth_date).toBe(audit[0]!.detail.birthDate);
  });

  it.each([
    ['2026-03-11', 'in the future'],
    ['1899-12-31', 'before 1900'],
  ])('refuses %s (%s) with BIRTH_DATE_INVALID and changes nothing else', async (birthDate) => {
    const { s, accountNo } = await readerWithoutBirthDate();
    expectProblem(
      await putAccount(s, { ariaAccountNo: accountNo, phoneNumber: '91234567', birthDate }),
      400,
      'BIRTH_DATE_INVALID',
    );
    const profile = (await s.request({ url: `/api/account/${accountNo}/profile` })).json();
    expect(profile).toMatchObject({ phoneNumber: null, birthDate: null });
    expect(await auditOf(accountNo)).toEqual([]);
  });

  it('refuses what is not a date at all', async () => {
    const { s, accountNo } = await readerWithoutBirthDate();
    expectProblem(
      await putAccount(s, { ariaAccountNo: accountNo, birthDate: '1990-02-30' }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it("cannot be given for another reader's account", async () => {
    const { accountNo } = await readerWithoutBirthDate();
    const other = await readerWithoutBirthDate();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: other.s.headers,
      payload: { ariaAccountNo: accountNo, birthDate: '1990-01-01' },
    });
    expectProblem(response, 403, 'FORBIDDEN');
    expect(await auditOf(accountNo)).toEqual([]);
  });
});
