// The one typed store: RTK Query's cache, the global slices and the sagas.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, call } from 'redux-saga/effects';

import { baseApi } from '../api/baseApi';
import { PURCHASE_TRIGGERS, purchaseSlice } from '../flows/order/purchaseSlice';
import { restorePurchase } from '../flows/order/restoreSaga';
import {
  PAYMENT_METHOD_TRIGGERS,
  paymentMethodSlice,
} from '../flows/payment-method/paymentMethodSlice';
import { accountSlice } from '../session/accountSlice';
import { navigationSaga } from '../session/navigationSaga';
import { navigationSlice } from '../session/navigationSlice';
import { browserPlatform, type Platform } from '../session/platform';
import { sessionSaga } from '../session/sagas';
import { sessionSlice } from '../session/sessionSlice';
import { spinnerSlice } from '../session/spinnerSlice';
import { subscriptionSlice } from '../session/subscriptionSlice';
import { titleSlice, type TitleState } from '../session/titleSlice';
import { userSlice } from '../session/userSlice';

import { loadPaymentMethodFlow, loadPurchaseFlow } from './flowModules';
import { lazyFlow } from './lazyFlow';

export const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  user: userSlice.reducer,
  account: accountSlice.reducer,
  subscription: subscriptionSlice.reducer,
  title: titleSlice.reducer,
  spinner: spinnerSlice.reducer,
  session: sessionSlice.reducer,
  navigation: navigationSlice.reducer,
  purchase: purchaseSlice.reducer,
  paymentMethod: paymentMethodSlice.reducer,
});

const purchaseFlow = lazyFlow(PURCHASE_TRIGGERS, () =>
  loadPurchaseFlow().then(
    ({ purchaseSaga }) =>
      (first) =>
        purchaseSaga(undefined, first),
  ),
);
const paymentMethodFlow = lazyFlow(PAYMENT_METHOD_TRIGGERS, () =>
  loadPaymentMethodFlow().then(
    ({ paymentMethodSaga }) =>
      (first) =>
        paymentMethodSaga(undefined, first),
  ),
);

export function* rootSaga() {
  yield all([
    call(sessionSaga),
    call(navigationSaga),
    call(restorePurchase),
    call(purchaseFlow),
    call(paymentMethodFlow),
  ]);
}

export interface StoreOptions {
  readonly platform?: Platform;
  /** The title the server put into the page, if any. */
  readonly title?: TitleState['title'];
}

export function createStore(options: StoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({
    context: { platform: options.platform ?? browserPlatform },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.title ? { title: { title: options.title } } : undefined,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware, sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
