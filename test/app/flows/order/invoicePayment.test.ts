// Paying an invoice through the purchase saga, run whole: the real reducers, RTK Query client and
// saga middleware against an API answered by routes, with a platform that records where the
// browser is sent and a session storage that can be looked into (requirements §9 keys).
import { describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import createSagaMiddleware from 'redux-saga';

import { baseApi } from '../../../../src/app/api/baseApi';
import {
  INVOICE_DUE_AMOUNT_STORAGE_KEY,
  INVOICE_NUMBER_STORAGE_KEY,
  PURCHASE_STORAGE_KEY,
} from '../../../../src/app/flows/order/attemptStorage';
import { purchaseSaga, type PurchaseTiming } from '../../../../src/app/flows/order/purchaseSaga';
import {
  completePurchase,
  forgetPurchase,
  type InvoicePayment,
  startInvoicePayment,
  startPurchase,
} from '../../../../src/app/flows/order/purchaseSlice';
import { rootReducer } from '../../../../src/app/store/store';
import { account, fvn, loggedInUser, subscriptionWith } from '../../fixtures';
import {
  type Answer,
  type ApiRoute,
  callsTo,
  held,
  json,
  problem,
  route,
  serveApi,
} from '../../render';
import { fakePlatform } from '../../session/harness';

import { completedOrder, newOrderIntent, orderWith } from './fixtures';

const FAST: PurchaseTiming = { budgetMs: 40, firstDelayMs: 5, maxDelayMs: 10 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const payment: InvoicePayment = {
  ariaInvoiceNo: '800000012',
  amount: 9900,
  paymentProvider: 'SWEDBANK-PPG',
};

const invoiceOrder = orderWith({
  orderId: 'ord_invoice0000000001',
  kind: 'invoice',
  amount: 9900,
  ariaInvoiceNo: '800000012',
});

function startStore(routes: readonly ApiRoute[], stored: Record<string, string> = {}) {
  const requests = serveApi(routes);
  const { platform, calls, storage } = fakePlatform('/betal-faktura/800000012');
  for (const [key, value] of Object.entries(stored)) storage.set(key, value);
  const sagaMiddleware = createSagaMiddleware({ context: { platform } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      title: { title: fvn },
      user: loggedInUser,
      account,
      session: { status: 'ready', loginError: null, callbackError: null },
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, sagaMiddleware),
  });
  sagaMiddleware.run(purchaseSaga, FAST);
  const pays = () => callsTo(requests, 'POST', '/api/invoice/800000012/pay');
  return { store, requests, calls, storage, pays };
}

const payRoute = (answer: Answer) => route('POST', '/api/invoice/800000012/pay', answer);

const storedAttempt = (storage: Map<string, string>) =>
  JSON.parse(storage.get(PURCHASE_STORAGE_KEY) ?? 'null') as {
    intent: unknown;
    idempotencyKey: string;
  } | null;

const invoiceKeys = [
  PURCHASE_STORAGE_KEY,
  INVOICE_NUMBER_STORAGE_KEY,
  INVOICE_DUE_AMOUNT_STORAGE_KEY,
];

describe('starting an invoice payment', () => {
  it('sends payInvoice with a new key kept in session storage with the invoice, then opens the payment page', async () => {
    const app = startStore([payRoute(() => json(invoiceOrder, 201))]);
    app.store.dispatch(startInvoicePayment(payment));
    await waitFor(() => expect(app.calls.redirects).toEqual([invoiceOrder.redirectUrl]));

    const [post] = app.pays();
    const key = post!.headers.get('idempotency-key');
    expect(key).toMatch(UUID);
    expect(post!.headers.get('x-minside-request')).toBe('1');
    expect(await post!.json()).toEqual({ paymentProvider: 'SWEDBANK-PPG' });
    expect(storedAttempt(app.storage)).toEqual({
      intent: { kind: 'invoice', ...payment },
      idempotencyKey: key,
    });
    expect(app.storage.get(INVOICE_NUMBER_STORAGE_KEY)).toBe('800000012');
    expect(app.storage.get(INVOICE_DUE_AMOUNT_STORAGE_KEY)).toBe('9900');
    expect(app.store.getState().purchase).toMatchObject({
      step: 'redirecting',
      orderId: invoiceOrder.orderId,
      // An invoice payment is not an order the purchase screens would offer to resume.
      pending: null,
    });
  });

  it('re-sends the same key when the reader tries again after a server error', async () => {
    let calls = 0;
    const app = startStore([
      payRoute(() => (++calls === 1 ? problem(500, 'INTERNAL_ERROR') : json(invoiceOrder, 201))),
    ]);
    app.store.dispatch(startInvoicePayment(payment));
    await waitFor(() =>
      expect(app.store.getState().purchase.problem).toMatchObject({
        status: 500,
        code: 'INTERNAL_ERROR',
      }),
    );
    // Shown on the invoice page, not somewhere else; the attempt and its key stay.
    expect(app.store.getState().purchase.step).toBe('idle');
    expect(app.calls.navigations).toEqual([]);
    const key = storedAttempt(app.storage)?.idempotencyKey;
    expect(app.storage.get(INVOICE_NUMBER_STORAGE_KEY)).toBe('800000012');

    app.store.dispatch(startInvoicePayment({ ...payment }));
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    expect(app.pays().map((r) => r.headers.get('idempotency-key'))).toEqual([key, key]);
  });

  it('re-sends the key stored before a reload, and makes a new one for another provider', async () => {
    const stored = {
      [PURCHASE_STORAGE_KEY]: JSON.stringify({
        intent: { kind: 'invoice', ...payment },
        idempotencyKey: 'key-from-before-reload',
      }),
    };
    const app = startStore([payRoute(() => json(invoiceOrder, 201))], stored);
    app.store.dispatch(startInvoicePayment(payment));
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    expect(app.pays()[0]!.headers.get('idempotency-key')).toBe('key-from-before-reload');

    const other = startStore([payRoute(() => json(invoiceOrder, 201))], stored);
    other.store.dispatch(startInvoicePayment({ ...payment, paymentProvider: 'VIPPS' }));
    await waitFor(() => expect(other.calls.redirects).toHaveLength(1));
    const key = other.pays()[0]!.headers.get('idempotency-key');
    expect(key).toMatch(UUID);
    expect(await other.pays()[0]!.json()).toEqual({ paymentProvider: 'VIPPS' });
  });

  it('pays once for a second start (or a purchase) while the first runs', async () => {
    const paid = held(() => json(invoiceOrder, 201));
    const app = startStore([payRoute(paid.answer)]);
    app.store.dispatch(startInvoicePayment(payment));
    await waitFor(() => expect(app.store.getState().purchase.step).toBe('ordering'));
    app.store.dispatch(startInvoicePayment(payment));
    app.store.dispatch(startInvoicePayment({ ...payment, paymentProvider: 'VIPPS' }));
    app.store.dispatch(startPurchase(newOrderIntent));
    paid.release();
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.pays()).toHaveLength(1);
    expect(app.requests).toHaveLength(1);
  });

  it.each([
    [409, 'INVOICE_PAID'],
    [404, 'INVOICE_NOT_FOUND'],
  ])('ends the attempt and clears the stored invoice for %s %s', async (status, code) => {
    const app = startStore([payRoute(() => problem(status, code))]);
    app.store.dispatch(startInvoicePayment(payment));
    await waitFor(() => expect(app.store.getState().purchase.problem?.code).toBe(code));
    expect(app.store.getState().purchase.step).toBe('idle');
    for (const key of invoiceKeys) expect(app.storage.has(key)).toBe(false);
    expect(app.calls.redirects).toEqual([]);
    expect(app.calls.navigations).toEqual([]);
  });

  it('goes to the invoice page when the key belongs to a payment already decided', async () => {
    const declined = { ...invoiceOrder, status: 'DECLINED' as const, redirectUrl: null };
    const app = startStore([payRoute(() => json(declined))]);
    app.store.dispatch(startInvoicePayment(payment));
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([
        { path: '/betal-faktura/800000012?ordre=ord_invoice0000000001', replace: true },
      ]),
    );
    for (const key of invoiceKeys) expect(app.storage.has(key)).toBe(false);
  });
});

describe('ending an invoice payment', () => {
  const stored = {
    [PURCHASE_STORAGE_KEY]: JSON.stringify({
      intent: { kind: 'invoice', ...payment },
      idempotencyKey: 'key-1234567890abcdef',
    }),
    [INVOICE_NUMBER_STORAGE_KEY]: '800000012',
    [INVOICE_DUE_AMOUNT_STORAGE_KEY]: '9900',
  };

  it('back from the payment page: confirmed, the subscription reloaded, the invoice page, storage cleared', async () => {
    const app = startStore(
      [
        route('POST', `/api/orders/${invoiceOrder.orderId}/complete`, () =>
          json(
            completedOrder({
              orderId: invoiceOrder.orderId,
              kind: 'invoice',
              amount: 9900,
              ariaInvoiceNo: '800000012',
            }),
          ),
        ),
        route('GET', '/api/subscription/A-2001/FVN', () =>
          json({ hasSubscription: true, subscription: subscriptionWith(), error: null }),
        ),
      ],
      stored,
    );
    // A stored invoice attempt is not restored as a purchase to resume.
    expect(app.store.getState().purchase.pending).toBeNull();
    app.store.dispatch(completePurchase({ orderId: invoiceOrder.orderId }));
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([
        { path: '/betal-faktura/800000012?ordre=ord_invoice0000000001', replace: true },
      ]),
    );
    expect(app.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      `POST /api/orders/${invoiceOrder.orderId}/complete`,
      'GET /api/subscription/A-2001/FVN',
    ]);
    for (const key of invoiceKeys) expect(app.storage.has(key)).toBe(false);
    expect(app.store.getState().purchase).toMatchObject({
      step: 'idle',
      lastOutcome: 'completed',
      lastOrder: { orderId: invoiceOrder.orderId },
    });
  });

  it('cancelled on the payment page: the stored invoice is forgotten', async () => {
    const app = startStore([], stored);
    app.store.dispatch(forgetPurchase());
    await waitFor(() => expect(app.storage.size).toBe(0));
  });

  it('a purchase started afterwards does not keep the invoice keys', async () => {
    const app = startStore([route('POST', '/api/orders', () => json(orderWith(), 201))], stored);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    expect(app.storage.has(INVOICE_NUMBER_STORAGE_KEY)).toBe(false);
    expect(app.storage.has(INVOICE_DUE_AMOUNT_STORAGE_KEY)).toBe(false);
    expect(storedAttempt(app.storage)?.intent).toEqual(newOrderIntent);
  });
});
