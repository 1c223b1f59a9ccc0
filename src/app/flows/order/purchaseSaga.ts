// The purchase saga: the one multi-step purchase of the SPA (new order, reactivation, upgrade).
// 1. startPurchase(intent): createOrder with an Idempotency-Key made once per attempt and kept in
//    session storage with the intent, so a reload or a second click re-sends the same key (the
//    server answers the same order, never a second payment); then off to the payment page.
// 2. completePurchase(orderId), back from the payment page: completeOrder, asked again with
//    backoff while the payment is pending, for at most CONFIRM_BUDGET_MS; then to the screen of
//    the outcome. After a completed order (and after "already a subscriber") the subscription is
//    reloaded so the guards see it.
// 3. startInvoicePayment(payment), on /betal-faktura: payInvoice, with its Idempotency-Key kept
//    the same way, and the invoice number and amount due under their own keys (requirements §9); then
//    off to the payment page, which returns to 2. (an invoice order's outcome is its own page).
// It cannot run twice at once: a blocking `call` inside a `take` loop drops any start or
// complete that arrives while one runs (redux-saga's "checkout" pattern). This file is the
// orchestration only: the attempt's storage is attemptStorage.ts, where each outcome leads is
// outcome.ts.
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, putResolve, take } from 'redux-saga/effects';

import { orderEndpoints, type Order } from '../../api/order';
import { paymentEndpoints } from '../../api/payment';
import { type ApiResult, callFailure, failureKind, flowProblem } from '../../api/problem';
import type { Platform } from '../../session/platform';
import { reloadSubscriptionSaga } from '../../session/reloadSubscription';

import { clearAttempt, keepAttempt } from './attemptStorage';
import { outcomeOf, outcomePath } from './outcome';
import {
  completePurchase,
  confirmationInterrupted,
  confirmationStarted,
  confirmationWaiting,
  type InvoicePayment,
  invoicePaymentRequested,
  orderRefused,
  orderRequested,
  paymentOpened,
  purchaseFinished,
  PURCHASE_TRIGGERS,
  type PurchaseIntent,
  type PurchaseOutcome,
  type PurchaseProblem,
  startInvoicePayment,
  startPurchase,
} from './purchaseSlice';

/** How long a pending payment is asked about before the reader is told it took too long. */
export const CONFIRM_BUDGET_MS = 10_000;
/** The first wait after a "still pending" answer; each next wait doubles, up to the maximum. */
export const CONFIRM_FIRST_DELAY_MS = 500;
export const CONFIRM_MAX_DELAY_MS = 2_000;

export interface PurchaseTiming {
  readonly budgetMs: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

export const PURCHASE_TIMING: PurchaseTiming = {
  budgetMs: CONFIRM_BUDGET_MS,
  firstDelayMs: CONFIRM_FIRST_DELAY_MS,
  maxDelayMs: CONFIRM_MAX_DELAY_MS,
};

/** The waits between completeOrder calls: doubling from the first, capped, summing to the budget. */
export function confirmationDelays(timing: PurchaseTiming): number[] {
  const delays: number[] = [];
  let total = 0;
  let next = timing.firstDelayMs;
  while (total < timing.budgetMs && next > 0) {
    const wait = Math.min(next, timing.maxDelayMs, timing.budgetMs - total);
    delays.push(wait);
    total += wait;
    next *= 2;
  }
  return delays;
}

/** A refusal as the order flow keeps it: status, code and the refused fields. */
function problemOf(error: unknown): PurchaseProblem {
  const { fields } = callFailure(error);
  return { ...flowProblem(error), fields };
}

/** Refusals the reader can act on where they are (age, birth date, discount code, a field). */
const shownWhereStarted = new Set<number | string>([400, 404, 409, 422]);

function* finish(outcome: PurchaseOutcome, order: Order | null): SagaIterator {
  const platform: Platform = yield getContext('platform');
  // A completed order changed the subscription; "already a subscriber" means the server knows
  // one this page may not (bought in another tab): the guards and screens read it afresh.
  if (outcome === 'completed' || outcome === 'already-subscriber')
    yield call(reloadSubscriptionSaga, { orSession: true });
  clearAttempt(platform.storage);
  yield put(purchaseFinished({ outcome, order }));
  yield call([platform, platform.navigate], outcomePath(outcome, order), { replace: true });
}

/** Off to the order's payment page; or, when it is already decided, to its outcome. */
function* openPayment(order: Order): SagaIterator {
  const platform: Platform = yield getContext('platform');
  if (order.status === 'PENDING' && order.redirectUrl) {
    yield put(paymentOpened(order));
    yield call([platform, platform.redirect], order.redirectUrl);
  } else {
    // The same key after the payment was finished: the order's outcome as it stands.
    yield call(finish, outcomeOf(order), order);
  }
}

export function* placeOrder(intent: PurchaseIntent): SagaIterator {
  const platform: Platform = yield getContext('platform');
  const attempt = keepAttempt(platform.storage, intent);
  yield put(orderRequested(intent));
  const result: ApiResult<Order> = yield putResolve(
    orderEndpoints.endpoints.createOrder.initiate(
      { 'Idempotency-Key': attempt.idempotencyKey, createOrderRequest: intent },
      { track: false },
    ),
  );
  const order = result.data;
  if (order) {
    yield call(openPayment, order);
    return;
  }
  const problem = problemOf(result.error);
  if (problem.code === 'ALREADY_SUBSCRIBER') {
    yield call(finish, 'already-subscriber', null);
  } else if (problem.status === 401) {
    // The session saga sends the reader to login; the attempt stays for the retry.
    yield put(orderRefused(problem));
  } else if (problem.code === 'IDEMPOTENCY_KEY_REUSED' || problem.code === 'ORDER_IN_PROGRESS') {
    // This key's order is settled (refused, or replaced by another tab's): the next try is new.
    clearAttempt(platform.storage);
    yield put(orderRefused(problem));
  } else if (shownWhereStarted.has(problem.status)) {
    yield put(orderRefused(problem));
  } else {
    // Server or network trouble: the order may exist. The attempt (and its key) stays, so
    // trying again cannot create a second order.
    yield put(purchaseFinished({ outcome: 'error', order: null, keepAttempt: true }));
    yield call([platform, platform.navigate], outcomePath('error', null));
  }
}

/**
 * Paying an invoice: payInvoice with the attempt's key, then the payment page. Every refusal is
 * shown on the invoice's page: a paid (409) or unknown (404) invoice ends the attempt; the
 * session ending, server or network trouble keep it (and its key), so trying again cannot pay
 * twice.
 */
export function* payInvoice(payment: InvoicePayment): SagaIterator {
  const platform: Platform = yield getContext('platform');
  const attempt = keepAttempt(platform.storage, { kind: 'invoice', ...payment });
  yield put(invoicePaymentRequested(payment));
  const result: ApiResult<Order> = yield putResolve(
    paymentEndpoints.endpoints.payInvoice.initiate(
      {
        ariaInvoiceNo: payment.ariaInvoiceNo,
        'Idempotency-Key': attempt.idempotencyKey,
        payInvoiceRequest: { paymentProvider: payment.paymentProvider },
      },
      { track: false },
    ),
  );
  if (result.data) {
    yield call(openPayment, result.data);
    return;
  }
  const problem = problemOf(result.error);
  if (shownWhereStarted.has(problem.status)) clearAttempt(platform.storage);
  yield put(orderRefused(problem));
}

export function* confirmOrder(
  orderId: string,
  timing: PurchaseTiming = PURCHASE_TIMING,
): SagaIterator {
  yield put(confirmationStarted({ orderId }));
  const delays = confirmationDelays(timing);
  for (let answers = 0; ; answers += 1) {
    const result: ApiResult<Order> = yield putResolve(
      orderEndpoints.endpoints.completeOrder.initiate({ orderId }, { track: false }),
    );
    const order = result.data;
    if (!order) {
      const problem = problemOf(result.error);
      if (problem.status === 401) {
        yield put(confirmationInterrupted());
        return;
      }
      const notFound = failureKind(callFailure(result.error)) === 'not-found';
      yield call(finish, notFound ? 'not-found' : 'error', null);
      return;
    }
    const wait = delays[answers];
    if (order.status !== 'PENDING' || wait === undefined) {
      yield call(finish, outcomeOf(order), order);
      return;
    }
    yield put(confirmationWaiting({ pendingAnswers: answers + 1 }));
    yield delay(wait);
  }
}

/**
 * `first`: the action that started the saga when it is loaded on demand (store/lazyFlow.ts); it
 * is handled before the saga waits for the next. The attempt kept in session storage is
 * restored at start-up by restorePurchase (attemptStorage.ts), before this saga is loaded.
 */
export function* purchaseSaga(
  timing: PurchaseTiming = PURCHASE_TIMING,
  first?: { type: string },
): SagaIterator {
  const platform: Platform = yield getContext('platform');
  let next = first;
  for (;;) {
    const action: { type: string } = next ?? (yield take([...PURCHASE_TRIGGERS]));
    next = undefined;
    try {
      if (startPurchase.match(action)) yield call(placeOrder, action.payload);
      else if (startInvoicePayment.match(action)) yield call(payInvoice, action.payload);
      else if (completePurchase.match(action))
        yield call(confirmOrder, action.payload.orderId, timing);
      else clearAttempt(platform.storage);
    } catch (error) {
      // A bug must not end the saga (and the app's other sagas with it).
      console.error('The purchase failed', error);
      yield put(purchaseFinished({ outcome: 'error', order: null, keepAttempt: true }));
      yield call([platform, platform.navigate], outcomePath('error', null));
    }
  }
}
