// The navigation guard sequence of requirements §4, exactly:
// 1. start the spinner; 2. load the title if missing; 3. on a guarded route check login (and the
// subscription where required), sending a logged-out user to login with the return path;
// 4. A+S without a subscription → /ingen-abonnement (a suspended one reaches what it needs to pay,
// access.ts); 5. initialise consent when analytics is on;
// 6. on error stop the spinner and cancel the navigation. After navigation: stop the spinner and
// send a page view (not for /callback).
import type { SagaIterator } from 'redux-saga';
import { call, getContext, put, putResolve, select, take, takeLatest } from 'redux-saga/effects';

import { SubscriptionStatus } from '../../shared/subscription/status';
import { titleEndpoints, type Title } from '../api/title';
import { startConsentManagerOnce } from '../lib/consent/cmp';
import { initConsent } from '../lib/consent/consent';
import { readIntegrations } from '../lib/integrations';
import { screenShown } from '../lib/screenShown';

import { accessFor } from './access';
import { sendPageView } from './analytics';
import {
  navigationAllowed,
  navigationCancelled,
  navigationCompleted,
  navigationRequested,
} from './navigationSlice';
import type { Platform } from './platform';
import { bootstrapFailed, bootstrapped, loginRequested } from './sessionActions';
import { selectSession } from './sessionSlice';
import { DEFAULT_SPINNER_MESSAGE, startSpinner, stopSpinner } from './spinnerSlice';
import { selectSubscription } from './subscriptionSlice';
import { selectTitle, titleLoaded } from './titleSlice';
import { selectLoggedIn } from './userSlice';

export const FALLBACK_TITLE_CODE = 'POL';

/** The title from the store, or through the API: origin → code (POL on failure) → title. */
export function* ensureTitle(): SagaIterator<Title> {
  const existing: Title | null = yield select(selectTitle);
  if (existing) return existing;
  const lookup: { data?: { titleCode: string } } = yield putResolve(
    titleEndpoints.endpoints.retrieveTitleCode.initiate({
      retrieveTitleCodeRequest: { minsideUrl: `${window.location.origin}/` },
    }),
  );
  const titleCode = lookup.data?.titleCode ?? FALLBACK_TITLE_CODE;
  const title: { data?: Title } = yield putResolve(
    titleEndpoints.endpoints.getTitle.initiate({ titleCode }),
  );
  if (!title.data) throw new Error(`Title ${titleCode} could not be loaded`);
  yield put(titleLoaded(title.data));
  return title.data;
}

function* sessionReady(): SagaIterator<void> {
  const { status }: ReturnType<typeof selectSession> = yield select(selectSession);
  if (status === 'ready') return;
  if (status === 'failed') throw new Error('The session could not be loaded');
  const outcome: { type: string } = yield take([bootstrapped.type, bootstrapFailed.type]);
  if (outcome.type === bootstrapFailed.type) throw new Error('The session could not be loaded');
}

export function* guardSaga(action: ReturnType<typeof navigationRequested>): SagaIterator {
  const { location, guard, path } = action.payload;
  const platform: Platform = yield getContext('platform');
  yield put(startSpinner(DEFAULT_SPINNER_MESSAGE));
  try {
    const title: Title = yield call(ensureTitle);
    if (guard !== 'none') {
      yield call(sessionReady);
      const loggedIn: boolean = yield select(selectLoggedIn);
      const { hasSubscription, subscription }: ReturnType<typeof selectSubscription> =
        yield select(selectSubscription);
      // A paused subscription (no access until it resumes) reaches the same pages as a suspended one.
      const suspended =
        subscription?.instStatusCode === SubscriptionStatus.SUSPENDED ||
        subscription?.instStatusCode === SubscriptionStatus.PAUSED;
      const access = accessFor(guard, { loggedIn, hasSubscription, suspended }, path);
      if (access === 'login') {
        yield put(loginRequested({ returnUrl: location }));
        return;
      }
      if (access === 'no-subscription') {
        yield call([platform, platform.navigate], '/ingen-abonnement', { replace: true });
        return;
      }
    }
    if (title.analyticsEnabled) {
      try {
        yield call(initConsent, title);
        // In production the consent manager the server names (none: the first-party dialog).
        yield call(startConsentManagerOnce, readIntegrations().cmp);
      } catch (error) {
        // requirements §8: a consent-manager failure is only logged.
        console.error('Consent manager could not be initialised', error);
      }
    }
    yield put(navigationAllowed({ location }));
  } catch (error) {
    console.error(`Navigation to ${location} cancelled`, error);
    yield put(stopSpinner());
    yield put(navigationCancelled({ location }));
  }
}

export function* completedSaga(action: ReturnType<typeof navigationCompleted>): SagaIterator {
  screenShown();
  yield put(stopSpinner());
  if (!action.payload.track) return;
  const title: Title | null = yield select(selectTitle);
  if (title) yield call(sendPageView, title, action.payload.path, action.payload.location);
}

export function* navigationSaga(): SagaIterator {
  yield takeLatest(navigationRequested, guardSaga);
  yield takeLatest(navigationCompleted, completedSaga);
}
