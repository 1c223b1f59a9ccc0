// The purchase saga run whole: the real reducers, RTK Query client and saga middleware against an
// API answered by routes, with a platform that records where the browser is sent. Short waits
// stand in for the 10-second confirmation budget.
import { describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import createSagaMiddleware from 'redux-saga';
import { all, call } from 'redux-saga/effects';

import { baseApi } from '../../../../src/app/api/baseApi';
import type { Order } from '../../../../src/app/api/order';
import { PURCHASE_STORAGE_KEY } from '../../../../src/app/flows/order/attemptStorage';
import {
  CONFIRM_BUDGET_MS,
  confirmationDelays,
  purchaseSaga,
  type PurchaseTiming,
} from '../../../../src/app/flows/order/purchaseSaga';
import {
  completePurchase,
  forgetPurchase,
  type PurchaseIntent,
  startPurchase,
} from '../../../../src/app/flows/order/purchaseSlice';
import { restorePurchase } from '../../../../src/app/flows/order/restoreSaga';
import { bootstrapped } from '../../../../src/app/session/sessionActions';
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
import { fakePlatform, session, startApp } from '../../session/harness';

import { completedOrder, newOrderIntent, orderWith } from './fixtures';

const FAST: PurchaseTiming = { budgetMs: 40, firstDelayMs: 5, maxDelayMs: 10 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Options {
  readonly stored?: string;
  readonly sessionStatus?: 'loading' | 'ready';
  readonly timing?: PurchaseTiming;
}

/**
 * The store with the purchase sagas only (the session is given): the restore at start-up and the
 * purchase saga, as createStore runs them (there the purchase saga is loaded on the first start).
 */
function startPurchaseStore(routes: readonly ApiRoute[], options: Options = {}) {
  const requests = serveApi(routes);
  const { platform, calls, storage } = fakePlatform('/bestill-abonnement');
  if (options.stored) storage.set(PURCHASE_STORAGE_KEY, options.stored);
  const sagaMiddleware = createSagaMiddleware({ context: { platform } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      title: { title: fvn },
      user: loggedInUser,
      account,
      session: {
        status: options.sessionStatus ?? 'ready',
        loginError: null,
        callbackError: null,
      },
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, sagaMiddleware),
  });
  sagaMiddleware.run(function* purchaseSagas() {
    yield all([call(restorePurchase), call(purchaseSaga, options.timing ?? FAST)]);
  });
  const posts = (path: string) => callsTo(requests, 'POST', `/api/${path}`);
  return { store, requests, calls, storage, posts };
}

const createOrderRoute = (answer: Answer) => route('POST', '/api/orders', answer);

const storedKey = (storage: Map<string, string>) =>
  (JSON.parse(storage.get(PURCHASE_STORAGE_KEY) ?? 'null') as { idempotencyKey: string } | null)
    ?.idempotencyKey;

describe('placing the order', () => {
  it('sends the intent with a new idempotency key kept in session storage, then opens the payment page', async () => {
    const app = startPurchaseStore([createOrderRoute(() => json(orderWith(), 201))]);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    expect(app.calls.redirects[0]).toBe(orderWith().redirectUrl);

    const [post] = app.posts('orders');
    const key = post!.headers.get('idempotency-key');
    expect(key).toMatch(UUID);
    expect(post!.headers.get('x-minside-request')).toBe('1');
    expect(await post!.json()).toEqual(newOrderIntent);
    expect(JSON.parse(app.storage.get(PURCHASE_STORAGE_KEY)!)).toEqual({
      intent: newOrderIntent,
      idempotencyKey: key,
    });
    expect(app.store.getState().purchase).toMatchObject({
      step: 'redirecting',
      orderId: orderWith().orderId,
      pending: newOrderIntent,
    });
  });

  it('re-sends the same key when the same attempt is retried after a failure', async () => {
    let calls = 0;
    const app = startPurchaseStore([
      createOrderRoute(() => (++calls === 1 ? problem(500, 'INTERNAL_ERROR') : json(orderWith()))),
    ]);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([
        { path: '/bestilling-feilet?arsak=feil', replace: false },
      ]),
    );
    // The order may exist on the server: the attempt and its key are kept for the retry.
    expect(app.store.getState().purchase).toMatchObject({ step: 'idle', pending: newOrderIntent });
    const key = storedKey(app.storage);

    app.store.dispatch(startPurchase({ ...newOrderIntent }));
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    const keys = app.posts('orders').map((r) => r.headers.get('idempotency-key'));
    expect(keys).toEqual([key, key]);
  });

  it('re-sends the same key after a reload (the attempt is restored from session storage)', async () => {
    const stored = JSON.stringify({
      intent: newOrderIntent,
      idempotencyKey: 'key-from-before-reload',
    });
    const app = startPurchaseStore([createOrderRoute(() => json(orderWith()))], { stored });
    expect(app.store.getState().purchase.pending).toEqual(newOrderIntent);
    // Same content, other key order: the same attempt.
    const { paymentProvider, kind, ...rest } = newOrderIntent;
    app.store.dispatch(startPurchase({ paymentProvider, ...rest, kind }));
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    expect(app.posts('orders')[0]!.headers.get('idempotency-key')).toBe('key-from-before-reload');
  });

  it('makes a new key when the reader changes what they buy', async () => {
    const stored = JSON.stringify({
      intent: newOrderIntent,
      idempotencyKey: 'key-of-card-attempt',
    });
    const app = startPurchaseStore([createOrderRoute(() => json(orderWith(), 201))], { stored });
    const vipps: PurchaseIntent = { ...newOrderIntent, paymentProvider: 'VIPPS' };
    app.store.dispatch(startPurchase(vipps));
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    const key = app.posts('orders')[0]!.headers.get('idempotency-key');
    expect(key).toMatch(UUID);
    expect(key).not.toBe('key-of-card-attempt');
    expect(JSON.parse(app.storage.get(PURCHASE_STORAGE_KEY)!)).toEqual({
      intent: vipps,
      idempotencyKey: key,
    });
  });

  it('ignores a second start (and a complete) while the order is being placed', async () => {
    const created = held(() => json(orderWith(), 201));
    const app = startPurchaseStore([createOrderRoute(created.answer)]);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() => expect(app.store.getState().purchase.step).toBe('ordering'));
    app.store.dispatch(startPurchase(newOrderIntent));
    app.store.dispatch(startPurchase({ ...newOrderIntent, paymentProvider: 'VIPPS' }));
    app.store.dispatch(completePurchase({ orderId: 'ord_other' }));
    created.release();
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(app.posts('orders')).toHaveLength(1);
    expect(app.requests.filter((r) => r.url.includes('/complete'))).toHaveLength(0);
    expect(app.calls.redirects).toHaveLength(1);
  });

  it('keeps a refusal the reader can act on for the screen, without leaving it', async () => {
    const app = startPurchaseStore([createOrderRoute(() => problem(422, 'AGE_BELOW_MINIMUM'))]);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() =>
      expect(app.store.getState().purchase.problem).toEqual({
        status: 422,
        code: 'AGE_BELOW_MINIMUM',
        fields: [],
      }),
    );
    expect(app.store.getState().purchase.step).toBe('idle');
    expect(app.calls.navigations).toEqual([]);
    expect(app.calls.redirects).toEqual([]);
  });

  it('reports the refused fields of a 400', async () => {
    const app = startPurchaseStore([
      createOrderRoute(() =>
        problem(400, 'VALIDATION_FAILED', {
          errors: [{ field: 'deliveryAddress.streetNumber', message: 'is required' }],
        }),
      ),
    ]);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() =>
      expect(app.store.getState().purchase.problem?.fields).toEqual([
        'deliveryAddress.streetNumber',
      ]),
    );
  });

  it('forgets the key when the server says it was used for another order', async () => {
    const stored = JSON.stringify({ intent: newOrderIntent, idempotencyKey: 'reused-key' });
    const app = startPurchaseStore(
      [createOrderRoute(() => problem(422, 'IDEMPOTENCY_KEY_REUSED'))],
      {
        stored,
      },
    );
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() =>
      expect(app.store.getState().purchase.problem?.code).toBe('IDEMPOTENCY_KEY_REUSED'),
    );
    expect(app.storage.has(PURCHASE_STORAGE_KEY)).toBe(false);
  });

  it('forgets the key when another tab placed an order at the same moment', async () => {
    const stored = JSON.stringify({ intent: newOrderIntent, idempotencyKey: 'replaced-key' });
    const app = startPurchaseStore([createOrderRoute(() => problem(409, 'ORDER_IN_PROGRESS'))], {
      stored,
    });
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() =>
      expect(app.store.getState().purchase.problem?.code).toBe('ORDER_IN_PROGRESS'),
    );
    expect(app.storage.has(PURCHASE_STORAGE_KEY)).toBe(false);
    expect(app.calls.navigations).toEqual([]);
  });

  it('sends an existing subscriber to /allerede-abonnent and ends the attempt', async () => {
    const app = startPurchaseStore([
      createOrderRoute(() => problem(409, 'ALREADY_SUBSCRIBER')),
      route('GET', '/api/subscription/A-2001/FVN', () =>
        json({ hasSubscription: true, subscription: subscriptionWith(), error: null }),
      ),
    ]);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([{ path: '/allerede-abonnent', replace: true }]),
    );
    expect(app.storage.has(PURCHASE_STORAGE_KEY)).toBe(false);
    expect(app.store.getState().purchase.pending).toBeNull();
  });

  it('reads the subscription the server knows before /allerede-abonnent (bought in another tab)', async () => {
    const app = startPurchaseStore([
      createOrderRoute(() => problem(409, 'ALREADY_SUBSCRIBER')),
      route('GET', '/api/subscription/A-2001/FVN', () =>
        json({ hasSubscription: true, subscription: subscriptionWith(), error: null }),
      ),
    ]);
    // This page still thinks the reader has no subscription: the guard of /allerede-abonnent
    // would send them to /ingen-abonnement ("you have no subscription") without the reload.
    expect(app.store.getState().subscription.hasSubscription).toBe(false);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() => expect(app.calls.navigations).toHaveLength(1));
    expect(app.store.getState().subscription).toMatchObject({ hasSubscription: true });
  });

  it('goes straight to the outcome when the key belongs to an order already paid', async () => {
    const app = startPurchaseStore([
      createOrderRoute(() => json(completedOrder())),
      route('GET', '/api/subscription/A-2001/FVN', () =>
        json({ hasSubscription: true, subscription: subscriptionWith(), error: null }),
      ),
    ]);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([
        { path: '/kvittering?ordre=ord_3f9a1c2b7d4e5f60', replace: true },
      ]),
    );
    expect(app.calls.redirects).toEqual([]);
  });

  it('forgets the attempt when the order was cancelled elsewhere', async () => {
    const stored = JSON.stringify({
      intent: newOrderIntent,
      idempotencyKey: 'key-1234567890abcdef',
    });
    const app = startPurchaseStore([], { stored });
    app.store.dispatch(forgetPurchase());
    await waitFor(() => expect(app.storage.has(PURCHASE_STORAGE_KEY)).toBe(false));
    expect(app.store.getState().purchase.pending).toBeNull();
  });
});

describe('confirming the payment', () => {
  const storedAttempt = JSON.stringify({
    intent: newOrderIntent,
    idempotencyKey: 'key-1234567890abcdef',
  });
  const subscriptionRoute = route('GET', '/api/subscription/A-2001/FVN', () =>
    json({
      hasSubscription: true,
      subscription: subscriptionWith({ subscriptionNo: '500000001' }),
      error: null,
    }),
  );

  async function confirm(answer: () => Response, extra: readonly ApiRoute[] = []) {
    const app = startPurchaseStore(
      [
        route('POST', '/api/orders/ord_3f9a1c2b7d4e5f60/complete', answer),
        subscriptionRoute,
        ...extra,
      ],
      { stored: storedAttempt },
    );
    app.store.dispatch(completePurchase({ orderId: 'ord_3f9a1c2b7d4e5f60' }));
    await waitFor(() => expect(app.calls.navigations).toHaveLength(1));
    return app;
  }

  it.each<[string, Partial<Order>, string]>([
    ['a new order', { kind: 'new' }, '/kvittering?ordre=ord_3f9a1c2b7d4e5f60'],
    [
      'a reactivation',
      { kind: 'reactivation' },
      '/abonnement-reaktivert?ordre=ord_3f9a1c2b7d4e5f60',
    ],
    ['an upgrade', { kind: 'upgrade' }, '/receipt2?ordre=ord_3f9a1c2b7d4e5f60'],
  ])(
    'shows the receipt of %s once completed, with the subscription reloaded first',
    async (_name, kind, path) => {
      const app = await confirm(() => json(completedOrder(kind)));
      expect(app.calls.navigations).toEqual([{ path, replace: true }]);
      const state = app.store.getState();
      expect(state.subscription).toMatchObject({ loaded: true, hasSubscription: true });
      expect(state.purchase).toMatchObject({
        step: 'idle',
        lastOutcome: 'completed',
        pending: null,
      });
      expect(app.storage.has(PURCHASE_STORAGE_KEY)).toBe(false);
      const reload = app.requests.findIndex((r) => r.url.endsWith('/api/subscription/A-2001/FVN'));
      expect(reload).toBeGreaterThan(-1);
    },
  );

  it.each<[string, () => Response, string]>([
    [
      'a declined payment',
      () => json(orderWith({ status: 'DECLINED', redirectUrl: null, failureReason: 'DECLINED' })),
      '/feil-kjop?ordre=ord_3f9a1c2b7d4e5f60',
    ],
    [
      'a cancelled payment',
      () => json(orderWith({ status: 'CANCELLED', redirectUrl: null, failureReason: 'CANCELLED' })),
      '/bestilling-feilet?arsak=avbrutt&ordre=ord_3f9a1c2b7d4e5f60',
    ],
    [
      'an expired payment',
      () => json(orderWith({ status: 'EXPIRED', redirectUrl: null, failureReason: 'EXPIRED' })),
      '/bestilling-feilet?arsak=tidsavbrudd&ordre=ord_3f9a1c2b7d4e5f60',
    ],
    ['a server error', () => problem(500, 'INTERNAL_ERROR'), '/bestilling-feilet?arsak=feil'],
    ['an unknown order', () => problem(404, 'NOT_FOUND'), '/feil-kjop'],
  ])('ends %s on its screen, nothing activated', async (_name, answer, path) => {
    const app = await confirm(answer);
    expect(app.calls.navigations).toEqual([{ path, replace: true }]);
    expect(app.requests.some((r) => r.url.includes('/api/subscription/'))).toBe(false);
    expect(app.storage.has(PURCHASE_STORAGE_KEY)).toBe(false);
    expect(app.store.getState().purchase.step).toBe('idle');
  });

  it('asks again with backoff while the payment is pending, showing how long it has waited', async () => {
    let calls = 0;
    const seen: number[] = [];
    const app = startPurchaseStore([
      route('POST', '/api/orders/ord_3f9a1c2b7d4e5f60/complete', () => {
        calls += 1;
        return json(calls < 3 ? orderWith() : completedOrder());
      }),
      subscriptionRoute,
    ]);
    app.store.subscribe(() => {
      const { pendingAnswers } = app.store.getState().purchase;
      if (seen.at(-1) !== pendingAnswers) seen.push(pendingAnswers);
    });
    app.store.dispatch(completePurchase({ orderId: 'ord_3f9a1c2b7d4e5f60' }));
    await waitFor(() => expect(app.calls.navigations).toHaveLength(1));
    expect(calls).toBe(3);
    expect(seen).toEqual([0, 1, 2, 0]);
    expect(app.calls.navigations[0]!.path).toBe('/kvittering?ordre=ord_3f9a1c2b7d4e5f60');
  });

  it('gives up after the time budget while the payment is still pending', async () => {
    let calls = 0;
    const app = startPurchaseStore([
      route('POST', '/api/orders/ord_3f9a1c2b7d4e5f60/complete', () => {
        calls += 1;
        return json(orderWith());
      }),
    ]);
    app.store.dispatch(completePurchase({ orderId: 'ord_3f9a1c2b7d4e5f60' }));
    await waitFor(() =>
      expect(app.calls.navigations).toEqual([
        { path: '/bestilling-feilet?arsak=tidsavbrudd&ordre=ord_3f9a1c2b7d4e5f60', replace: true },
      ]),
    );
    expect(calls).toBe(confirmationDelays(FAST).length + 1);
  });

  it('ignores a second complete (and a start) while confirming', async () => {
    let calls = 0;
    const app = startPurchaseStore([
      route('POST', '/api/orders/ord_3f9a1c2b7d4e5f60/complete', () => {
        calls += 1;
        return json(calls < 2 ? orderWith() : completedOrder());
      }),
      createOrderRoute(() => json(orderWith(), 201)),
      subscriptionRoute,
    ]);
    app.store.dispatch(completePurchase({ orderId: 'ord_3f9a1c2b7d4e5f60' }));
    app.store.dispatch(completePurchase({ orderId: 'ord_3f9a1c2b7d4e5f60' }));
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() => expect(app.calls.navigations).toHaveLength(1));
    expect(calls).toBe(2);
    expect(app.posts('orders')).toHaveLength(0);
  });

  it("waits for the page's session before reloading the subscription", async () => {
    const app = startPurchaseStore(
      [
        route('POST', '/api/orders/ord_3f9a1c2b7d4e5f60/complete', () => json(completedOrder())),
        subscriptionRoute,
      ],
      { sessionStatus: 'loading' },
    );
    app.store.dispatch(completePurchase({ orderId: 'ord_3f9a1c2b7d4e5f60' }));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(app.calls.navigations).toEqual([]);
    expect(app.requests.some((r) => r.url.includes('/api/subscription/'))).toBe(false);
    app.store.dispatch(bootstrapped({ authenticated: true }));
    await waitFor(() => expect(app.calls.navigations).toHaveLength(1));
    expect(app.store.getState().subscription.hasSubscription).toBe(true);
  });

  it('stops without leaving when the session has expired (the re-login returns here)', async () => {
    const app = startPurchaseStore([
      route('POST', '/api/orders/ord_3f9a1c2b7d4e5f60/complete', () =>
        problem(401, 'UNAUTHENTICATED'),
      ),
    ]);
    app.store.dispatch(completePurchase({ orderId: 'ord_3f9a1c2b7d4e5f60' }));
    await waitFor(() => expect(app.store.getState().purchase.step).toBe('idle'));
    expect(app.calls.navigations).toEqual([]);
  });
});

describe('the confirmation budget', () => {
  it('waits about ten seconds in all, doubling from half a second up to two', () => {
    const delays = confirmationDelays({
      budgetMs: CONFIRM_BUDGET_MS,
      firstDelayMs: 500,
      maxDelayMs: 2000,
    });
    expect(delays).toEqual([500, 1000, 2000, 2000, 2000, 2000, 500]);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(10_000);
  });
});

describe('in the app store', () => {
  it('runs with the other sagas: a start opens the payment page', async () => {
    const app = startApp([
      route('GET', '/api/session', () => json(session())),
      route('POST', '/api/orders', () => json(orderWith(), 201)),
    ]);
    app.store.dispatch(startPurchase(newOrderIntent));
    await waitFor(() => expect(app.calls.redirects).toEqual([orderWith().redirectUrl]));
    expect(app.store.getState().purchase.step).toBe('redirecting');
  });
});
