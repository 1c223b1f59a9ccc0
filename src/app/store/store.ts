// The one typed store: RTK Query's cache, the global slices and the sagas.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all, call } from 'redux-saga/effects';

import { baseApi } from '../api/baseApi';
import { purchaseSaga } from '../flows/order/purchaseSaga';
import { purchaseSlice } from '../flows/order/purchaseSlice';
import { paymentMethodSaga } from '../flows/payment-method/paymentMethodSaga';
import { paymentMethodSlice } from '../flows/payment-method/paymentMethodSlice';
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

export function* rootSaga() {
  yield all([call(sessionSaga), call(navigationSaga), call(purchaseSaga), call(paymentMethodSaga)]);
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
