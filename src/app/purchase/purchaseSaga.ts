// The purchase saga: the one multi-step purchase of the SPA (new order, reactivation, upgrade).
// 1. startPurchase(intent): createOrder with an Idempotency-Key made once per attempt and kept in
//    session storage with the intent, so a reload or a second click re-sends the same key (the
//    server answers the same order, never a second payment); then off to the payment page.
// 2. completePurchase(orderId), back from the payment page: completeOrder, asked again with
//    backoff while the payment is pending, for at most CONFIRM_BUDGET_MS; then to the screen of
//    the outcome. After a completed order the subscription is reloaded so the guards see it.
// 3. startInvoicePayment(payment), on /betal-faktura: payInvoice, with its Idempotency-Key kept
//    the same way, and the invoice number and amount due under their own keys (spec §9); then
//    off to the payment page, which returns to 2. (an invoice order's outcome is its own page).
// It cannot run twice at once: a blocking `call` inside a `take` loop drops any start or
// complete that arrives while one runs (redux-saga's "checkout" pattern).
import type { SagaIterator } from 'redux-saga';
import { call, delay, getContext, put, putResolve, select, take } from 'redux-saga/effects';

import { identityEndpoints } from '../api/identity';
import { orderEndpoints, type Order } from '../api/order';
import { paymentEndpoints } from '../api/payment';
import { subscriptionEndpoints } from '../api/subscription';
import { selectAccount } from '../session/accountSlice';
import type { Platform } from '../session/platform';
import { bootstrapFailed, bootstrapped } from '../session/sessionActions';
import { selectSession } from '../session/sessionSlice';
import { selectTitle } from '../session/titleSlice';

import {
  completePurchase,
  confirmationInterrupted,
  confirmationStarted,
  confirmationWaiting,
  forgetPurchase,
  type InvoicePayment,
  invoicePaymentRequested,
  orderRefused,
  orderRequested,
  paymentOpened,
  purchaseFinished,
  type PurchaseIntent,
  type PurchaseOutcome,
  type PurchaseProblem,
  purchaseRestored,
  startInvoicePayment,
  startPurchase,
} from './purchaseSlice';

/** Session storage key of the attempt in progress (intent + idempotency key). */
export const PURCHASE_STORAGE_KEY = 'minside.purchase';
/** Spec §9 "invoice number": the invoice being paid, while its payment runs. */
export const INVOICE_NUMBER_STORAGE_KEY = 'minside.invoice-number';
/** Spec §9 "invoice due amount": its amount due in øre, while its payment runs. */
export const INVOICE_DUE_AMOUNT_STORAGE_KEY = 'minside.invoice-due-amount';

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

const receiptPaths: Record<Exclude<Order['kind'], 'invoice'>, string> = {
  new: '/kvittering',
  reactivation: '/abonnement-reaktivert',
  upgrade: '/receipt2',
};

/** Where the reader goes when a purchase ends. */
export function outcomePath(outcome: PurchaseOutcome, order: Order | null): string {
  const ordre = order ? `?ordre=${encodeURIComponent(order.orderId)}` : '';
  // Paying an invoice ends on the invoice's own page, which shows the outcome.
  if (order?.kind === 'invoice' && order.ariaInvoiceNo)
    return `/betal-faktura/${encodeURIComponent(order.ariaInvoiceNo)}${ordre}`;
  switch (outcome) {
    case 'completed':
      return order && order.kind !== 'invoice' ? `${receiptPaths[order.kind]}${ordre}` : '/';
    case 'declined':
      return `/feil-kjop${ordre}`;
    case 'not-found':
      return '/feil-kjop';
    case 'cancelled':
      return '/bestilling-feilet?arsak=avbrutt';
    case 'timeout':
      return '/bestilling-feilet?arsak=tidsavbrudd';
    case 'already-subscriber':
      return '/allerede-abonnent';
    case 'error':
      return '/bestilling-feilet?arsak=feil';
  }
}

/** The outcome of an order as the server answered it (PENDING here means: out of time). */
export function outcomeOf(order: Order): PurchaseOutcome {
  switch (order.status) {
    case 'COMPLETED':
      return 'completed';
    case 'DECLINED':
      return 'declined';
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
    case 'PENDING':
      return 'timeout';
  }
}

/** An invoice payment as an attempt's intent (told apart from orders by its kind). */
export interface InvoiceIntent extends InvoicePayment {
  readonly kind: 'invoice';
}

type AttemptIntent = PurchaseIntent | InvoiceIntent;

interface StoredAttempt {
  readonly intent: AttemptIntent;
  readonly idempotencyKey: string;
}

type Storage = Platform['storage'];

function readAttempt(storage: Storage): StoredAttempt | null {
  try {
    const raw = storage.getItem(PURCHASE_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<StoredAttempt> | null;
    return value &&
      typeof value.idempotencyKey === 'string' &&
      value.intent &&
      typeof value.intent.kind === 'string'
      ? (value as StoredAttempt)
      : null;
  } catch {
    return null;
  }
}

function writeAttempt(storage: Storage, attempt: StoredAttempt) {
  const { intent } = attempt;
  try {
    storage.setItem(PURCHASE_STORAGE_KEY, JSON.stringify(attempt));
    if (intent.kind === 'invoice') {
      storage.setItem(INVOICE_NUMBER_STORAGE_KEY, intent.ariaInvoiceNo);
      storage.setItem(INVOICE_DUE_AMOUNT_STORAGE_KEY, String(intent.amount));
    } else {
      storage.removeItem(INVOICE_NUMBER_STORAGE_KEY);
      storage.removeItem(INVOICE_DUE_AMOUNT_STORAGE_KEY);
    }
  } catch {
    // Storage may be blocked: the key then lasts as long as this page (double clicks).
  }
}

function clearAttempt(storage: Storage) {
  for (const key of [
    PURCHASE_STORAGE_KEY,
    INVOICE_NUMBER_STORAGE_KEY,
    INVOICE_DUE_AMOUNT_STORAGE_KEY,
  ]) {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing was stored.
    }
  }
}

/**
 * The attempt for this intent: the stored one when it is the same (a retry or a reload re-sends
 * its key), else a new one with a new key. Stored before the request: a reload while it runs
 * re-sends the same key.
 */
function keepAttempt(storage: Storage, intent: AttemptIntent): StoredAttempt {
  const stored = readAttempt(storage);
  const attempt: StoredAttempt =
    stored && sameIntent(stored.intent, intent)
      ? stored
      : { intent, idempotencyKey: newIdempotencyKey() };
  writeAttempt(storage, attempt);
  return attempt;
}

/** The purchase of a restored attempt (an invoice payment is not restored as one). */
const restoredPurchase = (attempt: StoredAttempt | null): PurchaseIntent | null =>
  attempt && attempt.intent.kind !== 'invoice' ? attempt.intent : null;

/** Objects with their keys sorted, so two intents compare by content. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

export const sameIntent = (a: AttemptIntent, b: AttemptIntent) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** A new key per order attempt (the contract: 16–128 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; plain http on a LAN address has only getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

type Result<T> = { data?: T; error?: { status?: number | string; data?: unknown } };

function problemOf(error: Result<unknown>['error']): PurchaseProblem {
  const data = error?.data as { code?: unknown; errors?: unknown } | undefined;
  const fields = Array.isArray(data?.errors)
    ? data.errors
        .map((e) => (e as { field?: unknown } | null)?.field)
        .filter((field): field is string => typeof field === 'string')
    : [];
  return {
    status: error?.status ?? 'FETCH_ERROR',
    code: typeof data?.code === 'string' ? data.code : 'UNKNOWN',
    fields,
  };
}

/** Refusals the reader can act on where they are (age, birth date, discount code, a field). */
const shownWhereStarted = new Set<number | string>([400, 404, 409, 422]);

function* sessionSettled(): SagaIterator<void> {
  const { status }: ReturnType<typeof selectSession> = yield select(selectSession);
  if (status === 'loading') yield take([bootstrapped.type, bootstrapFailed.type]);
}

/**
 * The subscription after a completed order, so the guards (/kvittering is A+S) see it. Waits for
 * the page's own session load first: an answer from before the payment must not win.
 */
function* reloadSubscription(): SagaIterator {
  yield call(sessionSettled);
  const account: ReturnType<typeof selectAccount> = yield select(selectAccount);
  const title: ReturnType<typeof selectTitle> = yield select(selectTitle);
  if (account.ariaAccountNo && title) {
    yield putResolve(
      subscriptionEndpoints.endpoints.getSubscription.initiate(
        { accountNo: account.ariaAccountNo, titleCode: title.titleCode },
        { subscribe: false, forceRefetch: true },
      ),
    );
  } else {
    yield putResolve(
      identityEndpoints.endpoints.getSession.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
  }
}

function* finish(outcome: PurchaseOutcome, order: Order | null): SagaIterator {
  const platform: Platform = yield getContext('platform');
  if (outcome === 'completed') yield call(reloadSubscription);
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
  const result: Result<Order> = yield putResolve(
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
  } else if (problem.code === 'IDEMPOTENCY_KEY_REUSED') {
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
  const result: Result<Order> = yield putResolve(
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
    const result: Result<Order> = yield putResolve(
      orderEndpoints.endpoints.completeOrder.initiate({ orderId }, { track: false }),
    );
    const order = result.data;
    if (!order) {
      const problem = problemOf(result.error);
      if (problem.status === 401) {
        yield put(confirmationInterrupted());
        return;
      }
      yield call(finish, problem.status === 404 ? 'not-found' : 'error', null);
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

export function* purchaseSaga(timing: PurchaseTiming = PURCHASE_TIMING): SagaIterator {
  const platform: Platform = yield getContext('platform');
  yield put(purchaseRestored(restoredPurchase(readAttempt(platform.storage))));
  for (;;) {
    const action: { type: string } = yield take([
      startPurchase.type,
      startInvoicePayment.type,
      completePurchase.type,
      forgetPurchase.type,
    ]);
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
