// One postal-code rule for every delivery address written: the account's address
// (PUT account) and an order's delivery address refuse a postal code Posten/Bring's register does
// not know with the code the delivery changes use (400 POSTAL_CODE_UNKNOWN on the writer's own
// dotted field), store the place as the register names it (the place sent is replaced), and leave
// addresses stored earlier as they are. The demo data uses only codes of the register.
import { describe, expect, it } from '@jest/globals';

import { postalPlace } from '../../src/server/domain/delivery/postalCodes';
import { demoUsers } from '../../src/server/seed/demo';

import { digitalMonthly, expectProblem, newReader, onPaymentPage } from './order-support';
import type { TestSession } from './session-support';
import { buildTestApp } from './support';

const t = buildTestApp();

/** Not in the register: four digits nobody uses. */
const UNKNOWN = '0000';

const ADDRESS = {
  coName: 'Kari Nordmann',
  street: 'Markens gate',
  streetNumber: '12B',
  postalCode: '4611',
  place: 'Kristiansand S',
};

type Response = Awaited<ReturnType<TestSession['request']>>;

function expectUnknownPostalCode(response: Response, field: string, code = UNKNOWN) {
  expectProblem(response, 400, 'POSTAL_CODE_UNKNOWN');
  expect(response.json().errors).toEqual([{ field, message: `Postnummeret ${code} finnes ikke` }]);
}

const putAccount = (s: TestSession, payload: object) =>
  s.request({ method: 'PUT', url: '/api/account', payload });
const profileOf = async (s: TestSession, accountNo: string) =>
  (await s.request({ url: `/api/account/${accountNo}/profile` })).json() as {
    address: typeof ADDRESS | null;
    phoneNumber: string | null;
  };
const auditOf = (accountNo: string) =>
  t.db.query<{ detail: unknown }>(
    `select detail from account_events where aria_account_no = $1 and kind = 'profile-changed'
      order by id`,
    [accountNo],
  );

let keys = 0;
const placeOrder = (s: TestSession, payload: object) =>
  s.request({
    method: 'POST',
    url: '/api/orders',
    payload,
    headers: { 'idempotency-key': `address-test-${Date.now()}-${(keys += 1)}-key` },
  });
const paperOrder = { ...digitalMonthly, ariaPlanID: 'C-COMBO-PAPIR', paymentProvider: 'VIPPS' };

describe("the account's delivery address (PUT account)", () => {
  it('refuses an unknown postal code on address.postalCode and changes nothing', async () => {
    const { s, accountNo } = await newReader(t);
    const before = await auditOf(accountNo);
    const response = await putAccount(s, {
      ariaAccountNo: accountNo,
      phoneNumber: '+4791234567',
      address: { ...ADDRESS, postalCode: UNKNOWN, place: 'Et sted' },
    });
    expectUnknownPostalCode(response, 'address.postalCode');
    // All or none: the phone sent with it is not saved either.
    expect(await profileOf(s, accountNo)).toMatchObject({ address: null, phoneNumber: null });
    expect(await auditOf(accountNo)).toEqual(before);
  });

  it('stores the place the register names for the postal code, not the one sent', async () => {
    const { s, accountNo } = await newReader(t);
    const response = await putAccount(s, {
      ariaAccountNo: accountNo,
      address: { ...ADDRESS, street: ' Markens gate ', flatNumber: ' ', place: 'kr.sand' },
    });
    expect(response.statusCode).toBe(200);
    expect((await profileOf(s, accountNo)).address).toEqual(ADDRESS);
    // Sent again with the place written otherwise: the same address, nothing changed.
    await putAccount(s, { ariaAccountNo: accountNo, address: { ...ADDRESS, place: 'By' } });
    expect(await auditOf(accountNo)).toEqual([{ detail: { fields: ['address'] } }]);
  });

  it('leaves an address stored before the rule as it is, and refuses it when it is written', async () => {
    const { s, accountNo } = await newReader(t);
    const stored = { ...ADDRESS, postalCode: '9999', place: 'Gammelby' };
    await t.db.query(
      `update account_profiles set co_name = $2, street = $3, street_number = $4,
              postal_code = $5, place = $6
        where aria_account_no = $1`,
      [accountNo, stored.coName, stored.street, stored.streetNumber, '9999', 'Gammelby'],
    );
    expect(
      (await putAccount(s, { ariaAccountNo: accountNo, phoneNumber: '91234567' })).statusCode,
    ).toBe(200);
    expect((await profileOf(s, accountNo)).address).toEqual(stored);
    expectUnknownPostalCode(
      await putAccount(s, { ariaAccountNo: accountNo, address: stored }),
      'address.postalCode',
      '9999',
    );
    expect((await profileOf(s, accountNo)).address).toEqual(stored);
  });
});

describe("an order's delivery address", () => {
  it('refuses an unknown postal code on deliveryAddress.postalCode, and no order is made', async () => {
    const { s, accountNo } = await newReader(t);
    const response = await placeOrder(s, {
      ...paperOrder,
      deliveryAddress: { ...ADDRESS, postalCode: UNKNOWN },
    });
    expectUnknownPostalCode(response, 'deliveryAddress.postalCode');
    expect(
      await t.db.query('select 1 from orders where aria_account_no = $1', [accountNo]),
    ).toEqual([]);
  });

  it('refuses it on any order that carries an address, a digital one too', async () => {
    const { s } = await newReader(t);
    const response = await placeOrder(s, {
      ...digitalMonthly,
      paymentProvider: 'VIPPS',
      deliveryAddress: { ...ADDRESS, postalCode: UNKNOWN },
    });
    expectUnknownPostalCode(response, 'deliveryAddress.postalCode');
  });

  it("stores the register's place, which becomes the account's address when the order completes", async () => {
    const { s, accountNo } = await newReader(t);
    const response = await placeOrder(s, {
      ...paperOrder,
      deliveryAddress: { ...ADDRESS, postalCode: '4640', place: 'Kristiansand' },
    });
    expect(response.statusCode).toBe(201);
    const { orderId, redirectUrl } = response.json() as { orderId: string; redirectUrl: string };
    const [row] = await t.db.query<{ delivery_address: unknown }>(
      'select delivery_address from orders where order_id = $1',
      [orderId],
    );
    expect(row?.delivery_address).toEqual({ ...ADDRESS, postalCode: '4640', place: 'Søgne' });
    await onPaymentPage(t, redirectUrl, 'approve');
    const done = await s.request({ method: 'POST', url: `/api/orders/${orderId}/complete` });
    expect(done.json()).toMatchObject({ status: 'COMPLETED' });
    expect((await profileOf(s, accountNo)).address).toEqual({
      ...ADDRESS,
      postalCode: '4640',
      place: 'Søgne',
    });
  });

  it('completes an order placed before the rule with the address it was placed with', async () => {
    const { s, accountNo } = await newReader(t);
    const placed = await placeOrder(s, { ...paperOrder, deliveryAddress: ADDRESS });
    expect(placed.statusCode).toBe(201);
    const { orderId, redirectUrl } = placed.json() as { orderId: string; redirectUrl: string };
    const earlier = { ...ADDRESS, postalCode: '9999', place: 'Gammelby' };
    await t.db.query('update orders set delivery_address = $2::jsonb where order_id = $1', [
      orderId,
      JSON.stringify(earlier),
    ]);
    await onPaymentPage(t, redirectUrl, 'approve');
    const done = await s.request({ method: 'POST', url: `/api/orders/${orderId}/complete` });
    expect(done.json()).toMatchObject({ status: 'COMPLETED' });
    expect((await profileOf(s, accountNo)).address).toEqual(earlier);
  });
});

describe('the demo data', () => {
  it('uses only postal codes of the register, each with its place', () => {
    const addresses = demoUsers.flatMap((user) => [
      ...(user.deliveryAddress ? [user.deliveryAddress] : []),
      ...user.subscriptions.flatMap((sub) =>
        (sub.deliveryChanges ?? []).flatMap((change) => (change.address ? [change.address] : [])),
      ),
    ]);
    expect(addresses.length).toBeGreaterThan(1);
    for (const address of addresses)
      expect([address.postalCode, address.place]).toEqual([
        address.postalCode,
        postalPlace(address.postalCode),
      ]);
  });
});
