import { describe, expect, it } from '@jest/globals';

import { newIdentitySession, sessionFor, type TestSession } from './session-support';
import { buildTestApp, demoAccountNo } from './support';

const t = buildTestApp();

const create = (session: TestSession, payload: object) =>
  session.request({ method: 'POST', url: '/api/account', payload });

/** The embedded provider's account page for FVN's readers (the default IDENTITY_ACCOUNT_URL). */
const FVN_ACCOUNT_URL =
  'http://localhost:8080/idp/account?client_id=minside-fvn&return_to=http%3A%2F%2Ffvn.localhost';

/** An identity the provider knows no name of: Min Side owns the name then. */
const NAMELESS = { given_name: '', family_name: '' };

async function newAccount(
  spidId: string,
  identity: Parameters<typeof newIdentitySession>[3] = {},
): Promise<{ session: TestSession; ariaAccountNo: string }> {
  const session = await newIdentitySession(t, spidId, 'FVN', identity);
  const response = await create(session, { accountBalance: 0, spidId, firstTitleCode: 'FVN' });
  expect(response.statusCode).toBe(201);
  return { session, ariaAccountNo: (response.json() as { ariaAccountNo: string }).ariaAccountNo };
}

describe('POST /api/account', () => {
  it('creates an account with balance 0, the identity id and the first title, and returns its number', async () => {
    const session = await newIdentitySession(t, 'new-user-1');
    const response = await create(session, {
      accountBalance: 0,
      spidId: 'new-user-1',
      firstTitleCode: 'fvn',
    });
    expect(response.statusCode).toBe(201);
    const { ariaAccountNo } = response.json() as { ariaAccountNo: string };
    expect(ariaAccountNo).toMatch(/^[0-9]{6,12}$/);
    expect(response.headers.location).toBe(`/api/account/${ariaAccountNo}`);

    const account = await session.request({ url: `/api/account/${ariaAccountNo}` });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({
      ariaAccountNo,
      spidId: 'new-user-1',
      accountBalance: 0,
      firstTitleCode: 'FVN',
      currency: 'NOK',
    });
  });

  it('refuses a second account for the same identity and writes nothing', async () => {
    const { session } = await newAccount('twice');
    const again = await create(session, {
      accountBalance: 0,
      spidId: 'twice',
      firstTitleCode: 'ADR',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
    expect(await t.db.query('select * from accounts where spid_id = $1', ['twice'])).toHaveLength(
      1,
    );
  });

  it("refuses to create an account for another identity than the session's", async () => {
    const session = await newIdentitySession(t, 'honest');
    const response = await create(session, {
      accountBalance: 0,
      spidId: 'someone-else',
      firstTitleCode: 'FVN',
    });
    expect(response.statusCode).toBe(403);
    expect(await t.db.query('select * from accounts where spid_id = $1', ['someone-else'])).toEqual(
      [],
    );
  });

  it('needs a session, and the SPA headers from this origin', async () => {
    const payload = { accountBalance: 0, spidId: 'anon', firstTitleCode: 'FVN' };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      payload,
      headers: { host: 'fvn.localhost', origin: 'http://fvn.localhost', 'x-minside-request': '1' },
    });
    expect(anonymous.statusCode).toBe(401);
    const session = await newIdentitySession(t, 'anon');
    const { 'x-minside-request': _header, ...withoutHeader } = session.headers;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      payload,
      headers: withoutHeader,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const crossSite = await create(session, payload).then(() =>
      session.request({
        method: 'POST',
        url: '/api/account',
        payload,
        headers: { origin: 'https://evil.example' },
      }),
    );
    expect(crossSite.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });

  it('refuses an opening balance other than 0, naming the field', async () => {
    const session = await newIdentitySession(t, 'rich');
    const response = await create(session, {
      accountBalance: 500,
      spidId: 'rich',
      firstTitleCode: 'FVN',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_BALANCE',
      errors: [{ field: 'accountBalance', message: expect.any(String) }],
    });
  });

  it('refuses an unknown first title code', async () => {
    const session = await newIdentitySession(t, 'lost');
    const response = await create(session, {
      accountBalance: 0,
      spidId: 'lost',
      firstTitleCode: 'QQQ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UNKNOWN_TITLE',
      errors: [{ field: 'firstTitleCode' }],
    });
  });

  it.each([
    [{ spidId: 'x', firstTitleCode: 'FVN' }, 'accountBalance'],
    [{ accountBalance: 0, firstTitleCode: 'FVN' }, 'spidId'],
    [{ accountBalance: 0, spidId: 'x', firstTitleCode: 'FVN', extra: 1 }, 'extra'],
    [{ accountBalance: 'zero', spidId: 'x', firstTitleCode: 'FVN' }, 'accountBalance'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const session = await newIdentitySession(t, 'x');
    const response = await create(session, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe(field);
  });
});

describe('GET and PUT /api/account', () => {
  it("answers 403 for an account that is not the session's, existing or not", async () => {
    const session = await sessionFor(t, 'papir@demo.minside.no');
    const foreign = await demoAccountNo(t.db, 'digital@demo.minside.no');
    for (const id of [foreign, '999999999']) {
      const response = await session.request({ url: `/api/account/${id}` });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(response.body).not.toContain('spidId');
    }
  });

  it('changes only the profile fields sent, and keeps the address whole', async () => {
    const { session, ariaAccountNo } = await newAccount('mover', NAMELESS);
    const address = {
      coName: 'Kari Nordmann',
      street: 'Markens gate',
      streetNumber: '12B',
      postalCode: '4611',
      place: 'Kristiansand S',
    };
    const first = await session.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo, firstName: 'Kari', address },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ariaAccountNo });
    await session.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo, lastName: 'Nordmann' },
    });
    const [profile] = await t.db.query(
      'select first_name, last_name, street, postal_code from account_profiles where aria_account_no = $1',
      [ariaAccountNo],
    );
    expect(profile).toEqual({
      first_name: 'Kari',
      last_name: 'Nordmann',
      street: 'Markens gate',
      postal_code: '4611',
    });
  });

  it('rejects an invalid postal code, naming the nested field, and changes nothing', async () => {
    const { session, ariaAccountNo } = await newAccount('typo');
    const response = await session.request({
      method: 'PUT',
      url: '/api/account',
      payload: {
        ariaAccountNo,
        firstName: 'Ola',
        address: {
          coName: 'Ola',
          street: 'Gate',
          streetNumber: '1',
          postalCode: '46',
          place: 'Sted',
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('address.postalCode');
    expect(
      await t.db.query('select * from account_profiles where aria_account_no = $1', [
        ariaAccountNo,
      ]),
    ).toEqual([]);
  });

  it("refuses to modify another user's account and changes nothing", async () => {
    const session = await sessionFor(t, 'papir@demo.minside.no');
    const foreign = await demoAccountNo(t.db, 'digital@demo.minside.no');
    const response = await session.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo: foreign, firstName: 'Mallory' },
    });
    expect(response.statusCode).toBe(403);
    expect(
      await t.db.query('select * from account_profiles where aria_account_no = $1', [foreign]),
    ).toEqual([]);
  });
});

describe('GET /api/account/{id}/profile', () => {
  const profileOf = (session: TestSession, id: string) =>
    session.request({ url: `/api/account/${id}/profile` });

  it("answers the paper subscriber's delivery address and the identity's contact details", async () => {
    const session = await sessionFor(t, 'papir@demo.minside.no');
    const ariaAccountNo = await demoAccountNo(t.db, 'papir@demo.minside.no');
    const response = await profileOf(session, ariaAccountNo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ariaAccountNo,
      firstName: 'Per',
      lastName: 'Papir',
      // The provider's '+47 400 00 003', in E.164 like every phone the profile answers.
      phoneNumber: '+4740000003',
      email: 'papir@demo.minside.no',
      birthDate: '1956-01-05',
      address: {
        coName: 'Per Papir',
        street: 'Dronningens gate',
        streetNumber: '15',
        postalCode: '4610',
        place: 'Kristiansand S',
      },
      identity: {
        ownedFields: ['firstName', 'lastName', 'birthDate'],
        loginEmail: 'papir@demo.minside.no',
        accountUrl: FVN_ACCOUNT_URL,
      },
    });
  });

  it('answers null for what neither Min Side nor the identity knows', async () => {
    const { session, ariaAccountNo } = await newAccount('blank');
    const response = await profileOf(session, ariaAccountNo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ariaAccountNo,
      firstName: 'Ny',
      lastName: 'Bruker',
      phoneNumber: null,
      email: 'blank@demo.minside.no',
      birthDate: null,
      address: null,
      identity: {
        ownedFields: ['firstName', 'lastName'],
        loginEmail: 'blank@demo.minside.no',
        accountUrl: FVN_ACCOUNT_URL,
      },
    });
  });

  it('answers the values of a PUT, over the identity data, optional address fields included', async () => {
    const { session, ariaAccountNo } = await newAccount('editor', NAMELESS);
    const address = {
      coName: 'Kari Nordmann',
      street: 'Markens gate',
      streetNumber: '12B',
      flatNumber: 'H0201',
      floor: '2',
      postalCode: '4611',
      place: 'Kristiansand S',
    };
    const put = await session.request({
      method: 'PUT',
      url: '/api/account',
      payload: {
        ariaAccountNo,
        firstName: 'Kari',
        lastName: 'Nordmann',
        phoneNumber: '+4791234567',
        email: 'kari@example.no',
        address,
      },
    });
    expect(put.statusCode).toBe(200);
    const response = await profileOf(session, ariaAccountNo);
    expect(response.json()).toEqual({
      ariaAccountNo,
      firstName: 'Kari',
      lastName: 'Nordmann',
      phoneNumber: '+4791234567',
      email: 'kari@example.no',
      birthDate: null,
      address,
      identity: {
        ownedFields: [],
        loginEmail: 'editor@demo.minside.no',
        accountUrl: FVN_ACCOUNT_URL,
      },
    });

    // A new address replaces the whole address: optional fields not sent are gone.
    const { flatNumber: _flat, floor: _floor, ...plain } = address;
    await session.request({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo, address: { ...plain, street: 'Tollbodgata' } },
    });
    const after = (await profileOf(session, ariaAccountNo)).json() as { address: object };
    expect(after.address).toEqual({ ...plain, street: 'Tollbodgata' });
  });

  it("answers 403 for another user's account and for an unknown one, revealing nothing", async () => {
    const session = await sessionFor(t, 'papir@demo.minside.no');
    const foreign = await demoAccountNo(t.db, 'digital@demo.minside.no');
    // An unknown number is refused like a foreign one, so account numbers cannot be probed.
    for (const id of [foreign, '999999999']) {
      const response = await profileOf(session, id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect(response.body).not.toContain('Dag');
      expect(response.body).not.toContain('digital@');
    }
  });

  it("refuses a session that has no account yet (every number is someone else's)", async () => {
    const session = await newIdentitySession(t, 'accountless');
    const response = await profileOf(session, '999999998');
    expect(response.statusCode).toBe(403);
  });

  it('needs a session', async () => {
    const ariaAccountNo = await demoAccountNo(t.db, 'papir@demo.minside.no');
    const response = await t.app.inject({
      url: `/api/account/${ariaAccountNo}/profile`,
      headers: { host: 'fvn.localhost' },
    });
    expect(response.statusCode).toBe(401);
  });
});
