// At start-up, the purchase attempt kept in session storage (attemptStorage.ts) goes back into
// the store, so the order screens show the purchase a reload interrupted. It runs with the store;
// the purchase saga itself is loaded when a reader first starts or completes a purchase.
import type { SagaIterator } from 'redux-saga';
import { getContext, put } from 'redux-saga/effects';

import type { Platform } from '../../session/platform';

import { readAttempt, restoredPurchase } from './attemptStorage';
import { purchaseRestored } from './purchaseSlice';

export function* restorePurchase(): SagaIterator {
  const platform: Platform = yield getContext('platform');
  yield put(purchaseRestored(restoredPurchase(readAttempt(platform.storage))));
}
