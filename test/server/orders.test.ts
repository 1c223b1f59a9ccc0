// Orders and payments: the catalogue, server-side quotes (first month for 1 kr,
// once per identity and title, also after a deletion; reactivation 3 for 1 at most once in 12
// months; upgrade prorated, discount codes, age and youth rules), idempotent
// createOrder, the sandbox's hosted page, verification with the provider before anything is
// activated, signed callbacks processed once, cancellation, the reconciler, and IDOR.
import { beforeAll, describe, expect, it, jest } from '@jest/globals';

import {
  FIRST_MONTH_NOT_GIVEN,
  type UnavailableOffer,
} from '../../src/server/domain/orders/offers';
import { reconcileOrders } from '../../src/server/domain/orders/reconcile';
import { eraseDueReaders } from '../../src/server/domain/privacy/deletion';
import { applyCommand, subscriptionEvents } from '../../src/server/domain/subscriptions/lifecycle';
import { signPayload } from '../../src/server/payments/signature';
import { addMonths, osloDateOf } from '../../src/shared/time/oslo';

import {
  digitalMonthly,
  expectProblem,
  newReader as newReaderOf,
  onPaymentPage as onSandboxPage,
} from './order-support';
import { newIdentitySession, sessionFor, type TestSession } from './session-support';
import { buildTestApp } from './support';

let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${(keySeq += 1)}-abcdef`;

interface Order {
  orderId: string;
  status: string;
  amount: number;
  kind: string;
  redirectUrl: string | null;
  subscriptionNo: string | null;
  failureReason: string | null;
  offer: string | null;
}

describe('orders and payments', () => {
  const t = buildTestApp();
  let secret: string;
  beforeAll(() => {
    secret = t.app.services.paymentCallbackSecret;
  });

  const quote = (s: TestSession, payload: object) =>
    s.request({ method: 'POST', url: '/api/orders/quote', payload });
  const order = (s: TestSession, payload: object, key = newKey()) =>
    s.request({ method: 'POST', url: '/api/orders', payload, headers: { 'idempotency-key': key } });
  const complete = (s: TestSession, orderId: string) =>
    s.request({ method: 'POST', url: `/api/orders/${orderId}/complete` });
  const cancel = (s: TestSession, orderId: string) =>
    s.request({ method: 'POST', url: `/api/orders/${orderId}/cancel` });
  const onPaymentPage = (redirectUrl: string, action: string) =>
    onSandboxPage(t, redirectUrl, action);
  const subscriptionOf = async (s: TestSession, accountNo: string, titleCode = 'FVN') =>
    (await s.request({ method: 'GET', url: `/api/subscription/${accountNo}/${titleCode}` })).json();
  const accountOf = async (s: TestSession) =>
    (await s.request({ method: 'GET', url: '/api/session' })).json().account
      .ariaAccountNo as string;
  /** A reader's FVN subscription, and the order that restarts it as it was. */
  async function reactivationOf(email: string) {
    const s = await sessionFor(t, email);
    const accountNo = await accountOf(s);
    const before = (await subscriptionOf(s, accountNo)).subscription;
    const intent = {
      kind: 'reactivation',
      titleCode: 'FVN',
      ariaPlanID: before.ariaPlanID,
      period: before.period,
      subscriptionNo: before.subscriptionNo,
    };
    return { s, accountNo, before, intent };
  }
  /** A quote without its offer, at the ordinary price, saying why. */
  const expectNotGiven = (quoted: unknown, amount: number, why: UnavailableOffer) =>
    expect(quoted).toMatchObject({ offer: null, amount, unavailableOffer: why });
  /** A first-time reader with an account and a birth date. */
  const newReader = async (birthDate?: string) => (await newReaderOf(t, birthDate)).s;

  describe('catalogue', () => {
    it('lists what the title sells, without student and business plans', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/catalogue/fvn' });
      expect(response.statusCode).toBe(200);
      const catalogue = response.json();
      const ids = catalogue.products.map((p: { ariaPlanID: string }) => p.ariaPlanID);
      expect(ids).toContain('C-DIGITAL-PREMIUM');
      expect(ids).toContain('C-DIGITAL-UNG');
      expect(ids).not.toContain('C-DIGITAL-STUDENT');
      expect(ids).not.toContain('C-DIGITAL-BEDRIFT');
      expect(catalogue.firstMonthOffer).toEqual({
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig',
        price: 100,
      });
      expect(catalogue).toMatchObject({ minimumAge: 18, youthMaximumAge: 34, currency: 'NOK' });
      const paper = catalogue.products.find(
        (p: { ariaPlanID: string }) => p.ariaPlanID === 'C-COMBO-PAPIR',
      );
      expect(paper.requiresDeliveryAddress).toBe(true);
    });

    it('answers 404 for an unknown title', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/catalogue/XYZ' });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('quotes', () => {
    it('gives a first-time reader the first month for 1 kr, then the ordinary price', async () => {
      const s = await newReader();
      const response = await quote(s, digitalMonthly);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        amount: 100,
        offer: 'FIRST_MONTH_1KR',
        ordinaryPrice: 27900,
        renewalPrice: 27900,
        periodStart: '2026-03-10',
        periodEnd: '2026-04-09',
        renewalDate: '2026-04-10',
      });
    });

    it('prices a yearly plan at the ordinary price (the offer is monthly)', async () => {
      const s = await newReader();
      const response = await quote(s, { ...digitalMonthly, period: 'Årlig' });
      expect(response.json()).toMatchObject({ amount: 299000, offer: null });
    });

    it('applies a discount code instead of the offer, over its periods', async () => {
      const s = await newReader();
      const response = await quote(s, { ...digitalMonthly, discountCode: 'halvpris' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        amount: 13950,
        offer: null,
        renewalPrice: 13950,
        discount: {
          discountCode: 'HALVPRIS',
          percentOff: 50,
          periods: 3,
          campaignId: 'CAMP-2020-03-003',
        },
      });
    });

    it.each([
      ['NOSUCHCODE', 404, 'DISCOUNT_NOT_FOUND'],
      ['VAR2025', 409, 'DISCOUNT_EXPIRED'],
      ['FVNPAPIR', 409, 'DISCOUNT_NOT_FOR_PLAN'],
    ])('refuses discount code %s with %i %s', async (code, status, problem) => {
      const s = await newReader();
      expectProblem(await quote(s, { ...digitalMonthly, discountCode: code }), status, problem);
    });

    it('refuses a reader who already subscribes to the title', async () => {
      const s = await sessionFor(t, 'digital@demo.minside.no');
      expectProblem(await quote(s, digitalMonthly), 409, 'ALREADY_SUBSCRIBER');
    });

    it('needs a birth date, 18 years or more, and under 34 for the youth plan', async () => {
      // The birth date is the profile's (given once; the identity provider has none here).
      const reader = async (birthDate: string | null = null) => (await newReaderOf(t, birthDate)).s;
      expectProblem(await quote(await reader(), digitalMonthly), 422, 'BIRTH_DATE_REQUIRED');
      expectProblem(
        await quote(await reader('2009-03-11'), digitalMonthly),
        422,
        'AGE_BELOW_MINIMUM',
      );
      expect((await quote(await reader('2008-03-10'), digitalMonthly)).statusCode).toBe(200);
      const youth = { ...digitalMonthly, ariaPlanID: 'C-DIGITAL-UNG' };
      expectProblem(await quote(await reader('1992-03-10'), youth), 422, 'YOUTH_AGE_EXCEEDED');
      expect((await quote(await reader('1992-03-11'), youth)).statusCode).toBe(200);
    });

    it('refuses plans that are not sold in the shop, and the student plan without a verification', async () => {
      const s = await newReader();
      expectProblem(
        await quote(s, { ...digitalMonthly, ariaPlanID: 'C-DIGITAL-BEDRIFT', period: 'Årlig' }),
        400,
        'PLAN_NOT_AVAILABLE',
      );
      expectProblem(
        await quote(s, { ...digitalMonthly, ariaPlanID: 'C-DIGITAL-STUDENT' }),
        400,
        'STUDENT_VERIFICATION_REQUIRED',
      );
    });
  });

  describe('a new order paid with card', () => {
    it('activates only after the provider has confirmed the payment', async () => {
      const s = await newReader();
      const accountNo = await accountOf(s);
      const created = await order(s, { ...digitalMonthly, paymentProvider: 'SWEDBANK-PPG' });
      expect(created.statusCode).toBe(201);
      const placed = created.json() as Order;
      expect(placed).toMatchObject({ status: 'PENDING', amount: 100, subscriptionNo: null });
      expect(placed.redirectUrl).toMatch(
        /^http:\/\/fvn\.localhost\/sandbox\/pay\/pay_[0-9a-f]{32}$/,
      );

      // Landing on the return URL proves nothing: still pending, nothing active.
      expect((await complete(s, placed.orderId)).json().status).toBe('PENDING');
      expect((await subscriptionOf(s, accountNo)).hasSubscription).toBe(false);

      const page = await t.app.inject({
        method: 'GET',
        url: new URL(placed.redirectUrl!).pathname,
        headers: { host: 'fvn.localhost' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('kr 1,00');
      expect(page.body).toContain('Godkjenn betalingen');

      const approved = await onPaymentPage(placed.redirectUrl!, 'approve');
      expect(approved.statusCode).toBe(303);
      expect(approved.headers.location).toBe(
        `http://fvn.localhost/completepurchase?ordre=${placed.orderId}`,
      );

      const done = (await complete(s, placed.orderId)).json() as Order;
      expect(done).toMatchObject({ status: 'COMPLETED', redirectUrl: null });
      const result = await subscriptionOf(s, accountNo);
      expect(result.subscription).toMatchObject({
        subscriptionNo: done.subscriptionNo,
        status: 'ACTIVE',
        renewalDate: '2026-04-10',
        paymentMethod: {
          provider: 'SWEDBANK-PPG',
          label: 'Betalingskort',
          maskedCardNumber: '************0004',
        },
      });
      const events = await subscriptionEvents(t.db, done.subscriptionNo!);
      expect(events.map((e) => e.kind)).toEqual(['activate']);
      expect(events[0]!.detail).toMatchObject({ context: { orderId: placed.orderId } });
      const billed = await t.db.query<{ amount_ore: string; status: string }>(
        'select amount_ore, status from billing_effects where order_id = $1',
        [placed.orderId],
      );
      expect(billed.map((b) => [Number(b.amount_ore), b.status])).toEqual([[100, 'paid']]);

      // Completing again changes nothing.
      expect((await complete(s, placed.orderId)).json()).toEqual(done);
      expect(await subscriptionEvents(t.db, done.subscriptionNo!)).toHaveLength(1);
    });

    it('returns from Vipps to /completevippspurchase; a declined payment activates nothing', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      const declined = await onPaymentPage(placed.redirectUrl!, 'decline');
      expect(declined.headers.location).toBe(
        `http://fvn.localhost/completevippspurchase?ordre=${placed.orderId}`,
      );
      const done = (await complete(s, placed.orderId)).json() as Order;
      expect(done).toMatchObject({
        status: 'DECLINED',
        failureReason: 'DECLINED',
        subscriptionNo: null,
      });
      expect((await subscriptionOf(s, await accountOf(s))).subscription).toBeNull();
    });

    it('stays pending when the provider never answers (time out)', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      const timedOut = await onPaymentPage(placed.redirectUrl!, 'timeout');
      expect(timedOut.headers.location).toContain('/completevippspurchase?ordre=');
      expect((await complete(s, placed.orderId)).json().status).toBe('PENDING');
    });

    it('refuses a captured payment whose amount is not the order amount', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'SWEDBANK-PPG' })
      ).json() as Order;
      // The provider reports another amount (a tampered or mixed-up payment).
      await t.db.query(
        `update sandbox_payments set amount_ore = 50, status = 'CAPTURED' where reference = $1`,
        [placed.orderId],
      );
      const done = (await complete(s, placed.orderId)).json() as Order;
      expect(done).toMatchObject({ status: 'DECLINED', failureReason: 'VERIFICATION_FAILED' });
      expect((await subscriptionOf(s, await accountOf(s))).subscription).toBeNull();
    });

    it('needs a delivery address for a paper plan', async () => {
      const s = await newReader();
      const paper = { ...digitalMonthly, ariaPlanID: 'C-COMBO-PAPIR', paymentProvider: 'VIPPS' };
      expectProblem(await order(s, paper), 400, 'DELIVERY_ADDRESS_REQUIRED');
      const withAddress = await order(s, {
        ...paper,
        deliveryAddress: {
          coName: 'Ny Bruker',
          street: 'Markens gate',
          streetNumber: '12',
          postalCode: '4611',
          place: 'Kristiansand S',
        },
      });
      expect(withAddress.statusCode).toBe(201);
      const placed = withAddress.json() as Order;
      await onPaymentPage(placed.redirectUrl!, 'approve');
      expect((await complete(s, placed.orderId)).json().status).toBe('COMPLETED');
      const profile = await s.request({
        method: 'GET',
        url: `/api/account/${await accountOf(s)}/profile`,
      });
      if (profile.statusCode === 200) expect(profile.json().address.street).toBe('Markens gate');
    });
  });

  describe('idempotency', () => {
    it('answers the same order for the same key and body, with one payment', async () => {
      const s = await newReader();
      const key = newKey();
      const body = { ...digitalMonthly, paymentProvider: 'VIPPS' };
      const first = await order(s, body, key);
      const again = await order(s, body, key);
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json()).toEqual(first.json());
      const payments = await t.db.query('select 1 from sandbox_payments where reference = $1', [
        first.json().orderId,
      ]);
      expect(payments).toHaveLength(1);
    });

    it('answers one order to the same key sent twice at once', async () => {
      const s = await newReader();
      const key = newKey();
      const body = { ...digitalMonthly, paymentProvider: 'SWEDBANK-PPG' };
      const [a, b] = await Promise.all([order(s, body, key), order(s, body, key)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json().orderId).toBe(b.json().orderId);
      const rows = await t.db.query('select 1 from orders where idempotency_key = $1', [key]);
      expect(rows).toHaveLength(1);
      const payments = await t.db.query('select 1 from sandbox_payments where reference = $1', [
        a.json().orderId,
      ]);
      expect(payments).toHaveLength(1);
    });

    it('refuses the same key with another body', async () => {
      const s = await newReader();
      const key = newKey();
      await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' }, key);
      expectProblem(
        await order(s, { ...digitalMonthly, paymentProvider: 'SWEDBANK-PPG' }, key),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
    });

    it('needs an idempotency key', async () => {
      const s = await newReader();
      const response = await s.request({
        method: 'POST',
        url: '/api/orders',
        payload: { ...digitalMonthly, paymentProvider: 'VIPPS' },
      });
      expectProblem(response, 400, 'VALIDATION_FAILED');
    });
  });

  describe('callbacks', () => {
    const callback = (body: object, signature: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/callback',
        headers: {
          'content-type': 'application/json',
          ...(signature !== null ? { 'payment-signature': signature } : {}),
        },
        payload: JSON.stringify(body),
      });

    it('completes the order when the sandbox reports the approval', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      await onPaymentPage(placed.redirectUrl!, 'approve');
      // The sandbox's signed callback has completed it before the browser came back.
      const [row] = await t.db.query<{ status: string }>(
        'select status from orders where order_id = $1',
        [placed.orderId],
      );
      expect(row!.status).toBe('COMPLETED');
    });

    it('refuses a wrong, missing or stale signature and processes an event once', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      const [payment] = await t.db.query<{ payment_id: string }>(
        'select payment_id from orders where order_id = $1',
        [placed.orderId],
      );
      const body = {
        eventId: `evt_${'a1'.repeat(8)}${Date.now().toString(16).padStart(16, '0')}`,
        paymentId: payment!.payment_id,
        reference: placed.orderId,
        status: 'CAPTURED',
      };
      const raw = JSON.stringify(body);
      const now = t.clock.now().getTime() / 1000;
      expectProblem(
        await callback(body, signPayload('wrong-secret', raw, now)),
        401,
        'INVALID_SIGNATURE',
      );
      expectProblem(
        await callback(body, signPayload(secret, raw, now - 3600)),
        401,
        'INVALID_SIGNATURE',
      );
      expectProblem(await callback(body, null), 400, 'VALIDATION_FAILED');

      // A genuine callback is only a hint: the payment is not captured, so nothing happens.
      const first = await callback(body, signPayload(secret, raw, now));
      expect(first.json()).toEqual({ received: true, duplicate: false });
      expect((await complete(s, placed.orderId)).json().status).toBe('PENDING');
      const replay = await callback(body, signPayload(secret, raw, now));
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      const rejected = await t.db.query(
        `select 1 from security_events where kind = 'payment-callback-rejected'`,
      );
      expect(rejected.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('cancel and ownership', () => {
    it('cancels a pending order; a completed one cannot be cancelled', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      const back = await onPaymentPage(placed.redirectUrl!, 'cancel');
      expect(back.headers.location).toBe(
        `http://fvn.localhost/avbryt-bestilling?ordre=${placed.orderId}`,
      );
      const cancelled = (await cancel(s, placed.orderId)).json() as Order;
      expect(cancelled).toMatchObject({ status: 'CANCELLED', failureReason: 'CANCELLED' });

      const paid = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      await onPaymentPage(paid.redirectUrl!, 'approve');
      expectProblem(await cancel(s, paid.orderId), 409, 'ORDER_COMPLETED');
    });

    it("does not let another user read, complete or cancel someone's order", async () => {
      const owner = await newReader();
      const other = await newReader();
      const noAccount = await sessionFor(t, 'ingen@demo.minside.no');
      const placed = (
        await order(owner, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      expectProblem(
        await other.request({ method: 'GET', url: `/api/orders/${placed.orderId}` }),
        404,
        'ORDER_NOT_FOUND',
      );
      expectProblem(await complete(other, placed.orderId), 404, 'ORDER_NOT_FOUND');
      expectProblem(await cancel(other, placed.orderId), 404, 'ORDER_NOT_FOUND');
      expectProblem(await complete(noAccount, placed.orderId), 404, 'ORDER_NOT_FOUND');
      expect(
        (await owner.request({ method: 'GET', url: `/api/orders/${placed.orderId}` })).statusCode,
      ).toBe(200);
    });

    it('needs a session and the CSRF header', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/orders/quote',
        headers: {
          host: 'fvn.localhost',
          origin: 'http://fvn.localhost',
          'x-minside-request': '1',
        },
        payload: digitalMonthly,
      });
      expectProblem(anonymous, 401, 'UNAUTHENTICATED');
      const s = await newReader();
      const forged = await s.request({
        method: 'POST',
        url: '/api/orders/quote',
        headers: { origin: 'https://evil.example' },
        payload: digitalMonthly,
      });
      expectProblem(forged, 403, 'CSRF_REJECTED');
    });
  });

  describe('the first month for 1 kr', () => {
    it('is given once per identity and title, also after the reader’s data was deleted', async () => {
      const then = t.clock.now().toISOString();
      try {
        const { s } = await newReaderOf(t);
        const first = (await quote(s, digitalMonthly)).json();
        expect(first).toMatchObject({ offer: 'FIRST_MONTH_1KR', unavailableOffer: null });
        const placed = (
          await order(s, { ...digitalMonthly, paymentProvider: 'SWEDBANK-PPG' })
        ).json() as Order;
        await onPaymentPage(placed.redirectUrl!, 'approve');
        expect((await complete(s, placed.orderId)).json().status).toBe('COMPLETED');

        // The reader has all their data deleted, then comes back with the same identity.
        expect(
          (
            await s.request({
              method: 'POST',
              url: '/api/privacy/deletion',
              payload: { titleCode: 'FVN' },
            })
          ).statusCode,
        ).toBe(202);
        t.clock.set(new Date(t.clock.now().getTime() + 31 * 86_400_000).toISOString());
        expect(await eraseDueReaders(t)).toBeGreaterThanOrEqual(1);
        expect(await t.db.query('select 1 from accounts where spid_id = $1', [s.spidId])).toEqual(
          [],
        );
        const back = await newIdentitySession(t, s.spidId);
        const created = await back.request({
          method: 'POST',
          url: '/api/account',
          payload: { accountBalance: 0, spidId: back.spidId, firstTitleCode: 'FVN' },
        });
        expect(created.statusCode).toBe(201);
        await back.request({
          method: 'PUT',
          url: '/api/account',
          payload: { ariaAccountNo: created.json().ariaAccountNo, birthDate: '1990-01-15' },
        });
        const again = (await quote(back, digitalMonthly)).json();
        expectNotGiven(again, again.ordinaryPrice, FIRST_MONTH_NOT_GIVEN);
        // What is kept names no one: a salted hash, not the identity.
        const kept = await t.db.query<{ identity_hash: string }>(
          'select identity_hash from offer_uses',
        );
        expect(kept.length).toBeGreaterThanOrEqual(1);
        expect(kept.every((k) => /^[0-9a-f]{64}$/.test(k.identity_hash))).toBe(true);
        expect(kept.map((k) => k.identity_hash)).not.toContain(s.spidId);
      } finally {
        t.clock.set(then);
      }
    });
  });

  describe('reactivation and upgrade', () => {
    it('reactivates a cancelled subscription with 3 months for the price of 1', async () => {
      const { s, accountNo, before, intent } = await reactivationOf('avsluttet@demo.minside.no');
      expect(before.status).toBe('CANCELLED');
      const priced = (await quote(s, intent)).json();
      expect(priced).toMatchObject({
        amount: before.price,
        offer: 'REACTIVATION_3_FOR_1',
        renewalDate: '2026-06-10',
      });
      expectProblem(await quote(s, { ...intent, period: 'Årlig' }), 400, 'PLAN_MISMATCH');
      const placed = (
        await order(s, { ...intent, paymentProvider: 'SWEDBANK-PPG' })
      ).json() as Order;
      expect(placed.amount).toBe(before.price);
      await onPaymentPage(placed.redirectUrl!, 'approve');
      const done = (await complete(s, placed.orderId)).json() as Order;
      expect(done).toMatchObject({
        status: 'COMPLETED',
        kind: 'reactivation',
        offer: 'REACTIVATION_3_FOR_1',
        subscriptionNo: before.subscriptionNo,
      });
      expect((await subscriptionOf(s, accountNo)).subscription).toMatchObject({
        status: 'ACTIVE',
        renewalDate: '2026-06-10',
        expiryDate: null,
      });
      // Now active: reactivating again is refused.
      expectProblem(await quote(s, intent), 409, 'ALREADY_SUBSCRIBER');
    });

    it('gives the reactivation offer at most once in 12 months, and says when it comes back', async () => {
      const then = t.clock.now().toISOString();
      // The expiry job's command on this subscription only (the others keep their dates).
      const endIt = (subscriptionNo: string) =>
        applyCommand(t.db, subscriptionNo, { kind: 'expire' }, { clock: t.clock, actor: 'job' });
      try {
        const { s, accountNo, before, intent } = await reactivationOf('avsluttet@demo.minside.no');
        if (before.status !== 'CANCELLED') {
          // Reactivated by the test above: it had the offer today. Cancel it and let it end.
          await applyCommand(
            t.db,
            before.subscriptionNo,
            { kind: 'cancel', reason: 'price' },
            { clock: t.clock, actor: 'user', ariaAccountNo: accountNo },
          );
        } else {
          const placed = (
            await order(s, { ...intent, paymentProvider: 'SWEDBANK-PPG' })
          ).json() as Order;
          await onPaymentPage(placed.redirectUrl!, 'approve');
          expect((await complete(s, placed.orderId)).json().status).toBe('COMPLETED');
          await applyCommand(
            t.db,
            before.subscriptionNo,
            { kind: 'cancel', reason: 'price' },
            { clock: t.clock, actor: 'user', ariaAccountNo: accountNo },
          );
        }
        const usedOn = osloDateOf(t.clock.now());
        t.clock.set('2026-06-11T09:00:00+02:00');
        await endIt(before.subscriptionNo);
        const later = await sessionFor(t, 'avsluttet@demo.minside.no');
        const again = (await quote(later, intent)).json();
        expectNotGiven(again, before.price, {
          offer: 'REACTIVATION_3_FOR_1',
          reason: 'USED_RECENTLY',
          usedOn,
          availableFrom: addMonths(usedOn, 12),
        });
        // Ordered without it, it is applied without it (one month, not three), and the order
        // says so: its amount is the same as the offer's.
        const placed = (
          await order(later, { ...intent, paymentProvider: 'SWEDBANK-PPG' })
        ).json() as Order;
        expect(placed.amount).toBe(before.price);
        expect(placed.offer).toBeNull();
        await onPaymentPage(placed.redirectUrl!, 'approve');
        expect((await complete(later, placed.orderId)).json().status).toBe('COMPLETED');
        expect((await subscriptionOf(later, accountNo)).subscription.renewalDate).toBe(
          addMonths('2026-06-11', 1),
        );
        // A year after the offer, it is offered again.
        const sub = (await subscriptionOf(later, accountNo)).subscription;
        await applyCommand(
          t.db,
          sub.subscriptionNo,
          { kind: 'cancel', reason: 'price' },
          { clock: t.clock, actor: 'user', ariaAccountNo: accountNo },
        );
        t.clock.set(`${addMonths(usedOn, 12)}T09:00:00+01:00`);
        await endIt(sub.subscriptionNo);
        const yearOn = await sessionFor(t, 'avsluttet@demo.minside.no');
        expect((await quote(yearOn, intent)).json()).toMatchObject({
          offer: 'REACTIVATION_3_FOR_1',
          unavailableOffer: null,
        });
      } finally {
        t.clock.set(then);
      }
    });

    it('upgrades now and charges the prorated difference', async () => {
      const s = await sessionFor(t, 'digital@demo.minside.no');
      const accountNo = await accountOf(s);
      const current = (await subscriptionOf(s, accountNo)).subscription;
      const intent = {
        kind: 'upgrade',
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig Premium',
        subscriptionNo: current.subscriptionNo,
      };
      const priced = (await quote(s, intent)).json();
      // 279 → 379 kr, 12 of the period's days left.
      const { remainingDays, periodDays } = priced.proration;
      expect(remainingDays).toBe(12);
      expect(priced.amount).toBe(Math.round((10000 * remainingDays) / periodDays));
      expect(priced.proration).toMatchObject({ fromPrice: 27900, toPrice: 37900 });

      expectProblem(await quote(s, { ...intent, period: 'Årlig' }), 400, 'PLAN_CHANGE_NOT_UPGRADE');
      const other = await newReader();
      expectProblem(await quote(other, intent), 404, 'SUBSCRIPTION_NOT_FOUND');

      const placed = (await order(s, { ...intent, paymentProvider: 'VIPPS' })).json() as Order;
      expect(placed.amount).toBe(priced.amount);
      await onPaymentPage(placed.redirectUrl!, 'approve');
      const done = (await complete(s, placed.orderId)).json() as Order;
      expect(done.status).toBe('COMPLETED');
      expect((await subscriptionOf(s, accountNo)).subscription).toMatchObject({
        period: 'Månedlig Premium',
        price: 37900,
        renewalDate: current.renewalDate,
        // Paid once with Vipps, nothing ticked: renewals stay on the card.
        paymentMethod: current.paymentMethod,
      });
      // The difference is an invoice of its own, paid with the order.
      const invoices = (
        await s.request({ method: 'GET', url: `/api/invoices/${accountNo}/FVN` })
      ).json().invoices;
      expect(invoices[0]).toMatchObject({
        amount: priced.amount,
        status: 'PAID',
        description: 'Premium digital (månedlig premium), oppgradering, mellomlegg',
        paymentProvider: 'VIPPS',
      });
    });
  });

  describe('self-service limits', () => {
    it('does not let a family-share invitee upgrade or reactivate the shared subscription', async () => {
      const s = await sessionFor(t, 'familie@demo.minside.no');
      const current = (await subscriptionOf(s, await accountOf(s))).subscription;
      const intent = {
        titleCode: 'FVN',
        ariaPlanID: 'C-DIGITAL-PREMIUM',
        period: 'Månedlig Premium',
        subscriptionNo: current.subscriptionNo,
      };
      expectProblem(
        await quote(s, { ...intent, kind: 'upgrade' }),
        409,
        'PLAN_CHANGE_NOT_SELF_SERVICE',
      );
      expectProblem(
        await order(s, { ...intent, kind: 'upgrade', paymentProvider: 'VIPPS' }),
        409,
        'PLAN_CHANGE_NOT_SELF_SERVICE',
      );
    });
  });

  describe('capture after the order is granted', () => {
    const paymentOf = async (orderId: string) =>
      (
        await t.db.query<{ status: string; capture_key: string | null; captured: unknown }>(
          `select p.status, p.capture_key, o.payment_captured_at as captured
             from orders o join sandbox_payments p on p.payment_id = o.payment_id
            where o.order_id = $1`,
          [orderId],
        )
      )[0]!;

    it('reserves at approval and captures once the subscription is granted', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'SWEDBANK-PPG' })
      ).json() as Order;
      const sandbox = t.app.services.payments;
      const seen: string[] = [];
      const capture = jest.spyOn(sandbox, 'capturePayment');
      capture.mockImplementation(async function (this: unknown, ...args) {
        const [row] = await t.db.query<{ status: string; subscription_no: string | null }>(
          'select status, subscription_no from orders where order_id = $1',
          [placed.orderId],
        );
        seen.push(`${row!.status} ${row!.subscription_no ? 'granted' : 'not granted'}`);
        capture.mockRestore();
        return sandbox.capturePayment(...args);
      });
      try {
        await onPaymentPage(placed.redirectUrl!, 'approve');
      } finally {
        capture.mockRestore();
      }
      expect(seen).toEqual(['COMPLETED granted']);
      expect(await paymentOf(placed.orderId)).toMatchObject({
        status: 'CAPTURED',
        capture_key: `capture-${placed.orderId}`,
      });
      expect((await paymentOf(placed.orderId)).captured).not.toBeNull();
    });

    it('keeps the order when the capture fails, and the reconciler captures it later, once', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      const sandbox = t.app.services.payments;
      const capture = jest
        .spyOn(sandbox, 'capturePayment')
        .mockRejectedValueOnce(new Error('provider timed out'));
      try {
        await onPaymentPage(placed.redirectUrl!, 'approve');
      } finally {
        capture.mockRestore();
      }
      expect((await complete(s, placed.orderId)).json()).toMatchObject({ status: 'COMPLETED' });
      // complete above tried again and took it: undo that to see the reconciler do it.
      await t.db.query(`update orders set payment_captured_at = null where order_id = $1`, [
        placed.orderId,
      ]);
      await t.db.query(
        `update sandbox_payments set status = 'AUTHORIZED', capture_key = null
          where payment_id = (select payment_id from orders where order_id = $1)`,
        [placed.orderId],
      );
      const deps = { db: t.db, clock: t.clock, payments: sandbox };
      // Just completed: left for a minute (the request that completed it is capturing).
      expect((await reconcileOrders(deps)).captured).toBe(0);
      const start = t.clock.now().toISOString();
      t.clock.set(new Date(t.clock.now().getTime() + 2 * 60 * 1000).toISOString());
      try {
        const [first, second] = await Promise.all([reconcileOrders(deps), reconcileOrders(deps)]);
        expect(first.captured + second.captured).toBeGreaterThanOrEqual(1);
        expect(await paymentOf(placed.orderId)).toMatchObject({ status: 'CAPTURED' });
        expect((await reconcileOrders(deps)).captured).toBe(0);
      } finally {
        t.clock.set(start);
      }
    });

    it('a payment reserved but never captured is released, not refunded, when the order cannot apply', async () => {
      const s = await newReader();
      const placed = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      const [pay] = await t.db.query<{ payment_id: string }>(
        'select payment_id from orders where order_id = $1',
        [placed.orderId],
      );
      await t.db.query(`update sandbox_payments set status = 'AUTHORIZED' where payment_id = $1`, [
        pay!.payment_id,
      ]);
      await t.app.services.payments.refundPayment(
        pay!.payment_id,
        placed.amount,
        `r-${placed.orderId}`,
      );
      const [after] = await t.db.query<{ status: string; refunded_ore: string }>(
        'select status, refunded_ore from sandbox_payments where payment_id = $1',
        [pay!.payment_id],
      );
      expect(after).toMatchObject({ status: 'CANCELLED' });
      expect(Number(after!.refunded_ore)).toBe(0);
    });
  });

  describe('the reconciler', () => {
    it('expires an order whose payment never completes and leaves paid ones alone', async () => {
      const s = await newReader();
      const stuck = (
        await order(s, { ...digitalMonthly, paymentProvider: 'VIPPS' })
      ).json() as Order;
      const deps = { db: t.db, clock: t.clock, payments: t.app.services.payments };
      // Too young to settle: left alone.
      expect((await reconcileOrders(deps)).checked).toBe(0);
      const start = t.clock.now().toISOString();
      t.clock.set(new Date(t.clock.now().getTime() + 2 * 60 * 60 * 1000).toISOString());
      try {
        const run = await reconcileOrders(deps);
        expect(run.expired).toBeGreaterThanOrEqual(1);
        const [row] = await t.db.query<{ status: string; failure_reason: string }>(
          'select status, failure_reason from orders where order_id = $1',
          [stuck.orderId],
        );
        expect(row).toEqual({ status: 'EXPIRED', failure_reason: 'EXPIRED' });
        // Run again: nothing left to do for it.
        const again = await reconcileOrders(deps);
        expect(again.expired).toBe(0);
      } finally {
        t.clock.set(start);
      }
    });
  });
});
