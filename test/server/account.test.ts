import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { createTestApp, type TestApp } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/account', payload });

describe('POST /api/account', () => {
  it('creates an account with balance 0, the identity id and the first title, and returns its number', async () => {
    const response = await create({
      accountBalance: 0,
      spidId: 'new-user-1',
      firstTitleCode: 'fvn',
    });
    expect(response.statusCode).toBe(201);
    const { ariaAccountNo } = response.json() as { ariaAccountNo: string };
    expect(ariaAccountNo).toMatch(/^[0-9]{6,12}$/);

    const account = await t.app.inject({ url: `/api/account/${ariaAccountNo}` });
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
    await create({ accountBalance: 0, spidId: 'twice', firstTitleCode: 'FVN' });
    const again = await create({ accountBalance: 0, spidId: 'twice', firstTitleCode: 'ADR' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ACCOUNT_EXISTS' });
    const rows = await t.db.query('select * from accounts where spid_id = $1', ['twice']);
    expect(rows).toHaveLength(1);
  });

  it('refuses an opening balance other than 0, naming the field', async () => {
    const response = await create({ accountBalance: 500, spidId: 'rich', firstTitleCode: 'FVN' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_BALANCE',
      errors: [{ field: 'accountBalance', message: expect.any(String) }],
    });
  });

  it('refuses an unknown first title code', async () => {
    const response = await create({ accountBalance: 0, spidId: 'lost', firstTitleCode: 'QQQ' });
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
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe(field);
  });
});

describe('GET and PUT /api/account', () => {
  it('answers 404 problem+json for an unknown account', async () => {
    const response = await t.app.inject({ url: '/api/account/999999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
  });

  it('changes only the profile fields sent, and keeps the address whole', async () => {
    const created = await create({ accountBalance: 0, spidId: 'mover', firstTitleCode: 'FVN' });
    const { ariaAccountNo } = created.json() as { ariaAccountNo: string };
    const address = {
      coName: 'Kari Nordmann',
      street: 'Markens gate',
      streetNumber: '12B',
      postalCode: '4611',
      place: 'Kristiansand',
    };
    const first = await t.app.inject({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo, firstName: 'Kari', address },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ariaAccountNo });
    await t.app.inject({
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
    const created = await create({ accountBalance: 0, spidId: 'typo', firstTitleCode: 'FVN' });
    const { ariaAccountNo } = created.json() as { ariaAccountNo: string };
    const response = await t.app.inject({
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

  it('answers 404 when modifying an unknown account', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account',
      payload: { ariaAccountNo: '999999998', firstName: 'X' },
    });
    expect(response.statusCode).toBe(404);
  });
});
