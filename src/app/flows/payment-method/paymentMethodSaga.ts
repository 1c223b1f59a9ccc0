// The payment method saga: changing how a subscription pays, to Vipps (a recurring agreement) or
// to a new card, across the provider's page.
// 1. startPaymentMethodChange(flow): PUT subscription/paymentMethod (Vipps) or subscription/card;
//    the pending change's id, the agreement id and the source are kept in session storage
//    (requirements §9), then off to the provider's page, which returns to the flow's verify screen.
// 2. verifyPaymentMethodChange(flow), back on the verify screen: POST the stored id to
//    subscription/paymentMethod/verify, asked again a few times while the provider has not
//    decided. Approved: the subscription is reloaded so every screen shows the new method.
//    Declined, not found or failed: the old method stays. The stored keys are cleared when the
//    flow ends (approved, declined, not found, error); only "still pending" keeps them so the
//    reader can check again.
// It cannot run twice at once: a blocking `call` inside a `take` loop drops any start or verify
// that arrives while one runs.
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, putResolve, take } from 'redux-saga/effects';

import { paymentEndpoints, type PaymentRedirect } from '../../api/payment';
import { type ApiResult, callFailure, failureKind, flowProblem } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import type { Platform } from '../../session/platform';
import { reloadSubscriptionSaga } from '../../session/reloadSubscription';

import {
  changeInterrupted,
  changeRefused,
  changeRequested,
  PAYMENT_METHOD_TRIGGERS,
  type PaymentMethodOutcome,
  providerOpened,
  startPaymentMethodChange,
  verificationFinished,
  verificationStarted,
  verificationWaiting,
  verifyPaymentMethodChange,
} from './paymentMethodSlice';
import {
  clearStoredChange,
  FLOW_PATHS,
  type PaymentMethodFlow,
  readStoredChange,
  writeStoredChange,
} from './storage';

export interface VerifyTiming {
  /** How many times "not decided yet" is answered before the reader is asked to check again. */
  readonly attempts: number;
  /** The wait between two verify calls. */
  readonly delayMs: number;
}

export const VERIFY_TIMING: VerifyTiming = { attempts: 5, delayMs: 1_500 };

export function* startChange(flow: PaymentMethodFlow, subscriptionNo: string): SagaIterator {
  const platform: Platform = yield getContext('platform');
  yield put(changeRequested({ flow }));
  const returnUrl = FLOW_PATHS[flow].verify;
  const result: ApiResult<PaymentRedirect> =
    flow === 'vipps'
      ? yield putResolve(
          paymentEndpoints.endpoints.changePaymentMethod.initiate(
            { changePaymentMethodRequest: { subscriptionNo, provider: 'VIPPS', returnUrl } },
            { track: false },
          ),
        )
      : yield putResolve(
          paymentEndpoints.endpoints.changeCard.initiate(
            { changeCardRequest: { subscriptionNo, returnUrl } },
            { track: false },
          ),
        );
  const redirect = result.data;
  if (redirect) {
    // Stored before leaving: the verify screen reads them after the provider's page.
    writeStoredChange(platform.storage, {
      paymentMethodId: redirect.paymentMethodId,
      agreementId: redirect.agreementId ?? null,
      source: { flow, startedFrom: FLOW_PATHS[flow].start, returnUrl, subscriptionNo },
    });
    yield put(providerOpened());
    yield call([platform, platform.redirect], redirect.redirectUrl);
    return;
  }
  const problem = flowProblem(result.error);
  // A 401: the session saga sends the reader to login.
  if (problem.status === 401) yield put(changeInterrupted());
  else yield put(changeRefused(problem));
}

function* finish(
  outcome: PaymentMethodOutcome,
  subscription: Subscription | null = null,
): SagaIterator {
  const platform: Platform = yield getContext('platform');
  if (outcome !== 'pending') clearStoredChange(platform.storage);
  yield put(verificationFinished({ outcome, subscription }));
}

export function* verifyChange(
  flow: PaymentMethodFlow,
  timing: VerifyTiming = VERIFY_TIMING,
): SagaIterator {
  const platform: Platform = yield getContext('platform');
  yield put(verificationStarted({ flow }));
  const stored = readStoredChange(platform.storage);
  if (!stored || stored.source.flow !== flow) {
    // Nothing of this flow to verify. A change of the other flow (a started card change when
    // the Vipps verify screen is opened) is left alone for its own verify screen.
    if (!stored) clearStoredChange(platform.storage);
    yield put(verificationFinished({ outcome: 'missing', subscription: null }));
    return;
  }
  const request = {
    verifyPaymentMethodRequest: {
      subscriptionNo: stored.source.subscriptionNo,
      paymentMethodId: stored.paymentMethodId,
    },
  };
  for (let answers = 0; ; answers += 1) {
    const result: ApiResult<Subscription> = yield putResolve(
      paymentEndpoints.endpoints.verifyPaymentMethod.initiate(request, { track: false }),
    );
    if (result.data) {
      // The guards and every screen read the subscription slice: reload it.
      const reloaded: Subscription | null = yield call(reloadSubscriptionSaga);
      yield call(finish, 'approved', reloaded ?? result.data);
      return;
    }
    const problem = flowProblem(result.error);
    if (problem.status === 401) {
      // The re-login comes back here; the stored change stays for it.
      yield put(changeInterrupted());
      return;
    }
    if (problem.code === 'PAYMENT_METHOD_PENDING') {
      if (answers + 1 >= timing.attempts) {
        yield call(finish, 'pending');
        return;
      }
      yield put(verificationWaiting({ pendingAnswers: answers + 1 }));
      yield delay(timing.delayMs);
      continue;
    }
    if (problem.code === 'PAYMENT_METHOD_NOT_APPROVED') yield call(finish, 'declined');
    else if (failureKind(callFailure(result.error)) === 'not-found')
      yield call(finish, 'not-found');
    else yield call(finish, 'error');
    return;
  }
}

/**
 * `first`: the action that started the saga when it is loaded on demand (store/lazyFlow.ts); it
 * is handled before the saga waits for the next.
 */
export function* paymentMethodSaga(
  timing: VerifyTiming = VERIFY_TIMING,
  first?: { type: string },
): SagaIterator {
  let next = first;
  for (;;) {
    const action: { type: string } = next ?? (yield take([...PAYMENT_METHOD_TRIGGERS]));
    next = undefined;
    try {
      if (startPaymentMethodChange.match(action))
        yield call(startChange, action.payload.flow, action.payload.subscriptionNo);
      else if (verifyPaymentMethodChange.match(action))
        yield call(verifyChange, action.payload.flow, timing);
    } catch (error) {
      // A bug must not end the saga (and the app's other sagas with it).
      console.error('The payment method change failed', error);
      const platform: Platform = yield getContext('platform');
      clearStoredChange(platform.storage);
      if (startPaymentMethodChange.match(action))
        yield put(changeRefused({ status: 'FETCH_ERROR', code: 'UNKNOWN' }));
      else yield put(verificationFinished({ outcome: 'error', subscription: null }));
    }
  }
}
