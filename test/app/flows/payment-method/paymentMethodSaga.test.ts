// The payment method saga run whole: the real reducers, RTK Query client and saga middleware
// against an API answered by routes, with a platform that records where the browser is sent and
// a session storage the test can read. Short waits stand in for the verify retries.
import { describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import createSagaMiddleware from 'redux-saga';

import { baseApi } from '../../../../src/app/api/baseApi';
import type { Subscription } from '../../../../src/app/api/subscription';
import { subscriptionEndpoints } from '../../../../src/app/api/subscription';
import {
  paymentMethodSaga,
  type VerifyTiming,
} from '../../../../src/app/flows/payment-method/paymentMethodSaga';
import {
  startPaymentMethodChange,
  verifyPaymentMethodChange,
} from '../../../../src/app/flows/payment-method/paymentMethodSlice';
import {
  AGREEMENT_ID_KEY,
  PAYMENT_METHOD_ID_KEY,
  PAYMENT_METHOD_SOURCE_KEY,
} from '../../../../src/app/flows/payment-method/storage';
import { rootReducer } from '../../../../src/app/store/store';
import { lookupRoute } from '../../features/lifecycle-support';
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

const FAST: VerifyTiming = { attempts: 3, delayMs: 5 };

const card = subscriptionWith();
const vipps = subscriptionWith({
  paymentMethod: { provider: 'VIPPS', label: 'Vipps', maskedCardNumber: null, cardExpiry: null },
});
const newCard = subscriptionWith({
  paymentMethod: {
    provider: 'SWEDBANK-PPG',
    label: 'Betalingskort',
    maskedCardNumber: '************0004',
    cardExpiry: '12/29',
  },
});

const vippsRedirect = {
  redirectUrl: '/sandbox/agreement/agr_0123456789abcdef',
  paymentMethodId: 'pm_vipps',
  agreementId: 'agr_0123456789abcdef',
};
const cardRedirect = {
  redirectUrl: '/sandbox/agreement/card_0123456789abcdef',
  paymentMethodId: 'pm_card',
  agreementId: null,
};

const vippsSource = {
  flow: 'vipps',
  startedFrom: '/endre-betalingsmetode',
  returnUrl: '/endre-betalingsmetode/verify',
  subscriptionNo: 'S-1001',
};

function startStore(
  routes: readonly ApiRoute[],
  stored: Record<string, string> = {},
  subscription: Subscription = card,
) {
  const requests = serveApi(routes);
  const { platform, calls, storage } = fakePlatform('/endre-betalingsmetode');
  for (const [key, value] of Object.entries(stored)) storage.set(key, value);
  const sagaMiddleware = createSagaMiddleware({ context: { platform } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      title: { title: fvn },
      user: loggedInUser,
      account,
      subscription: { loaded: true, hasSubscription: true, subscription },
      session: { status: 'ready', loginError: null, callbackError: null },
    },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, sagaMiddleware),
  });
  sagaMiddleware.run(paymentMethodSaga, FAST);
  return { store, requests, calls, storage };
}

const storedVipps = {
  [PAYMENT_METHOD_ID_KEY]: 'pm_vipps',
  [AGREEMENT_ID_KEY]: 'agr_0123456789abcdef',
  [PAYMENT_METHOD_SOURCE_KEY]: JSON.stringify(vippsSource),
};

describe('starting a change', () => {
  it('asks for Vipps, keeps the id, agreement and source in session storage, then opens the provider', async () => {
    const app = startStore([
      route('PUT', '/api/subscription/paymentMethod', () => json(vippsRedirect)),
    ]);
    app.store.dispatch(startPaymentMethodChange({ flow: 'vipps', subscriptionNo: 'S-1001' }));
    await waitFor(() => expect(app.calls.redirects).toEqual([vippsRedirect.redirectUrl]));
    const [put] = callsTo(app.requests, 'PUT', '/api/subscription/paymentMethod');
    expect(put!.headers.get('x-minside-request')).toBe('1');
    expect(await put!.json()).toEqual({
      subscriptionNo: 'S-1001',
      provider: 'VIPPS',
      returnUrl: '/endre-betalingsmetode/verify',
    });
    expect(Object.fromEntries(app.storage)).toEqual(storedVipps);
    expect(app.store.getState().paymentMethod).toMatchObject({
      step: 'redirecting',
      flow: 'vipps',
    });
  });

  it('asks for a card page with the card verify screen as return, and stores no agreement id', async () => {
    const app = startStore([route('PUT', '/api/subscription/card', () => json(cardRedirect))], {
      [AGREEMENT_ID_KEY]: 'agr_left_over',
    });
    app.store.dispatch(startPaymentMethodChange({ flow: 'card', subscriptionNo: 'S-1001' }));
    await waitFor(() => expect(app.calls.redirects).toEqual([cardRedirect.redirectUrl]));
    const [put] = callsTo(app.requests, 'PUT', '/api/subscription/card');
    expect(await put!.json()).toEqual({
      subscriptionNo: 'S-1001',
      returnUrl: '/legg-til-betalingskort/verify',
    });
    expect(app.storage.get(PAYMENT_METHOD_ID_KEY)).toBe('pm_card');
    expect(app.storage.has(AGREEMENT_ID_KEY)).toBe(false);
    expect(JSON.parse(app.storage.get(PAYMENT_METHOD_SOURCE_KEY)!)).toEqual({
      flow: 'card',
      startedFrom: '/legg-til-betalingskort',
      returnUrl: '/legg-til-betalingskort/verify',
      subscriptionNo: 'S-1001',
    });
  });

  it('cannot run twice at once: a second start while the first runs is dropped', async () => {
    const answer = held(() => json(vippsRedirect));
    const app = startStore([route('PUT', '/api/subscription/paymentMethod', answer.answer)]);
    app.store.dispatch(startPaymentMethodChange({ flow: 'vipps', subscriptionNo: 'S-1001' }));
    app.store.dispatch(startPaymentMethodChange({ flow: 'vipps', subscriptionNo: 'S-1001' }));
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'vipps' }));
    expect(app.store.getState().paymentMethod.step).toBe('starting');
    answer.release();
    await waitFor(() => expect(app.calls.redirects).toHaveLength(1));
    expect(callsTo(app.requests, 'PUT', '/api/subscription/paymentMethod')).toHaveLength(1);
    expect(callsTo(app.requests, 'POST', '/api/subscription/paymentMethod/verify')).toHaveLength(0);
  });

  it('reports a refusal (already Vipps) and stores nothing', async () => {
    const app = startStore([
      route('PUT', '/api/subscription/paymentMethod', () =>
        problem(409, 'PAYMENT_METHOD_UNCHANGED'),
      ),
    ]);
    app.store.dispatch(startPaymentMethodChange({ flow: 'vipps', subscriptionNo: 'S-1001' }));
    await waitFor(() =>
      expect(app.store.getState().paymentMethod).toMatchObject({
        step: 'idle',
        problem: { status: 409, code: 'PAYMENT_METHOD_UNCHANGED' },
      }),
    );
    expect(app.calls.redirects).toEqual([]);
    expect(app.storage.size).toBe(0);
  });
});

describe('verifying after the provider', () => {
  const verifyRoute = (answer: Answer) =>
    route('POST', '/api/subscription/paymentMethod/verify', answer);

  it('verifies the stored change, reloads the subscription and clears the storage', async () => {
    const app = startStore([verifyRoute(() => json(vipps)), lookupRoute(() => vipps)], storedVipps);
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'vipps' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('approved'));
    const [post] = callsTo(app.requests, 'POST', '/api/subscription/paymentMethod/verify');
    expect(await post!.json()).toEqual({ subscriptionNo: 'S-1001', paymentMethodId: 'pm_vipps' });
    expect(callsTo(app.requests, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(1);
    expect(app.store.getState().subscription.subscription?.paymentMethod?.provider).toBe('VIPPS');
    expect(app.store.getState().paymentMethod.subscription?.paymentMethod?.provider).toBe('VIPPS');
    expect(app.storage.size).toBe(0);
  });

  it('asks again while the provider has not decided, with the answers counted', async () => {
    let answers = 0;
    const app = startStore(
      [
        verifyRoute(() => (++answers < 3 ? problem(409, 'PAYMENT_METHOD_PENDING') : json(newCard))),
        lookupRoute(() => newCard),
      ],
      {
        ...storedVipps,
        [PAYMENT_METHOD_SOURCE_KEY]: JSON.stringify({ ...vippsSource, flow: 'card' }),
      },
    );
    const seen: number[] = [];
    app.store.subscribe(() => {
      const { pendingAnswers } = app.store.getState().paymentMethod;
      if (!seen.includes(pendingAnswers)) seen.push(pendingAnswers);
    });
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'card' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('approved'));
    expect(answers).toBe(3);
    expect(seen).toEqual(expect.arrayContaining([1, 2]));
    expect(app.store.getState().subscription.subscription?.paymentMethod?.cardExpiry).toBe('12/29');
    expect(app.storage.size).toBe(0);
  });

  it('gives up after the retries, keeps the stored change, and checks again on request', async () => {
    let decided = false;
    const app = startStore(
      [
        verifyRoute(() => (decided ? json(vipps) : problem(409, 'PAYMENT_METHOD_PENDING'))),
        lookupRoute(() => vipps),
      ],
      storedVipps,
    );
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'vipps' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('pending'));
    expect(callsTo(app.requests, 'POST', '/api/subscription/paymentMethod/verify')).toHaveLength(
      FAST.attempts,
    );
    expect(Object.fromEntries(app.storage)).toEqual(storedVipps);

    decided = true;
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'vipps' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('approved'));
    expect(app.storage.size).toBe(0);
  });

  it('keeps the old method when the change was declined, and clears the storage', async () => {
    const app = startStore(
      [verifyRoute(() => problem(409, 'PAYMENT_METHOD_NOT_APPROVED'))],
      storedVipps,
    );
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'vipps' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('declined'));
    expect(app.store.getState().subscription.subscription?.paymentMethod?.provider).toBe(
      'SWEDBANK-PPG',
    );
    expect(callsTo(app.requests, 'GET', '/api/subscription/A-2001/FVN')).toHaveLength(0);
    expect(app.storage.size).toBe(0);
  });

  it('says not found for a change the server does not know, and clears the storage', async () => {
    const app = startStore(
      [verifyRoute(() => problem(404, 'PAYMENT_METHOD_NOT_FOUND'))],
      storedVipps,
    );
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'vipps' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('not-found'));
    expect(app.storage.size).toBe(0);
  });

  it('ends in an error on a server failure, and clears the storage', async () => {
    const app = startStore([verifyRoute(() => problem(500, 'INTERNAL_ERROR'))], storedVipps);
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'vipps' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('error'));
    expect(app.storage.size).toBe(0);
  });

  it('has nothing to verify without the stored keys, and asks the server nothing', async () => {
    const app = startStore([], { [AGREEMENT_ID_KEY]: 'agr_half_stored' });
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'vipps' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('missing'));
    expect(app.requests).toHaveLength(0);
    expect(app.storage.size).toBe(0);
  });

  it("leaves a change of the other flow alone for that flow's verify screen", async () => {
    const app = startStore([], storedVipps);
    app.store.dispatch(verifyPaymentMethodChange({ flow: 'card' }));
    await waitFor(() => expect(app.store.getState().paymentMethod.outcome).toBe('missing'));
    expect(app.requests).toHaveLength(0);
    expect(Object.fromEntries(app.storage)).toEqual(storedVipps);
  });
});

describe('the subscription lookup failing', () => {
  it('keeps the subscription and records the error until a lookup answers', async () => {
    let fail = true;
    const app = startStore([
      route('GET', '/api/subscription/A-2001/FVN', () =>
        fail
          ? problem(500, 'INTERNAL_ERROR')
          : json({ hasSubscription: true, subscription: vipps, error: null }),
      ),
    ]);
    const lookup = () =>
      app.store.dispatch(
        subscriptionEndpoints.endpoints.getSubscription.initiate(
          { accountNo: 'A-2001', titleCode: 'FVN' },
          { subscribe: false, forceRefetch: true },
        ),
      );
    await lookup();
    expect(app.store.getState().subscription).toMatchObject({
      subscription: card,
      error: 'INTERNAL_ERROR',
    });
    fail = false;
    await lookup();
    expect(app.store.getState().subscription.error).toBeUndefined();
    expect(app.store.getState().subscription.subscription).toEqual(vipps);
  });
});
