// Where the one purchase in progress stands (shared by the purchase screens; the saga in
// purchaseSaga.ts drives it): placing the order, on the way to the payment page, confirming the
// payment after the return, and what the last attempt ended in. Paying an invoice (/betal-faktura)
// runs through the same steps. The screens only dispatch `startPurchase`, `startInvoicePayment`,
// `completePurchase`, `forgetPurchase` and `purchaseResumed`; the saga reports with the others.
import { createAction, createSlice } from '@reduxjs/toolkit';

import type { CreateOrderRequest, Order, OrderPaymentProvider } from '../../api/order';

/** What the reader is buying: the createOrder body (new order, reactivation or upgrade). */
export type PurchaseIntent = CreateOrderRequest;

/** Paying an unpaid invoice (payInvoice): which invoice, its amount due, and how. */
export interface InvoicePayment {
  readonly ariaInvoiceNo: string;
  /** The amount due in øre, as the invoice showed it (kept in session storage, requirements §9). */
  readonly amount: number;
  readonly paymentProvider: OrderPaymentProvider;
}

/**
 * idle: nothing runs (the pay button is enabled); ordering: createOrder is under way;
 * redirecting: the browser is leaving for the payment page; confirming: completeOrder is being
 * asked (and asked again while the payment is pending).
 */
export type PurchaseStep = 'idle' | 'ordering' | 'redirecting' | 'confirming';

/** How a purchase ended; decides where the saga sends the reader. */
export type PurchaseOutcome =
  'completed' | 'declined' | 'cancelled' | 'timeout' | 'error' | 'not-found' | 'already-subscriber';

/** A refused createOrder the reader can act on (shown by the screen that started it). */
export interface PurchaseProblem {
  readonly status: number | string;
  /** The problem's code, e.g. AGE_BELOW_MINIMUM; UNKNOWN when the answer had none. */
  readonly code: string;
  /** The request fields the server refused (400), dotted. */
  readonly fields: readonly string[];
}

export interface PurchaseState {
  readonly step: PurchaseStep;
  /** The attempt kept in session storage: restored after a reload until the flow ends. */
  readonly pending: PurchaseIntent | null;
  /** The order being confirmed. */
  readonly orderId: string | null;
  /** How many times the provider has answered "still pending" while confirming. */
  readonly pendingAnswers: number;
  readonly problem: PurchaseProblem | null;
  /** The order and outcome of the last flow that ended (retry links on the result screens). */
  readonly lastOrder: Order | null;
  readonly lastOutcome: PurchaseOutcome | null;
}

export const initialPurchaseState: PurchaseState = {
  step: 'idle',
  pending: null,
  orderId: null,
  pendingAnswers: 0,
  problem: null,
  lastOrder: null,
  lastOutcome: null,
};

/** Place an order and go to its payment page (ignored while a purchase runs). */
export const startPurchase = createAction<PurchaseIntent>('purchase/start');
/** Pay an invoice and go to its payment page (ignored while a purchase runs). */
export const startInvoicePayment = createAction<InvoicePayment>('purchase/startInvoicePayment');
/** Confirm an order after the payment page (ignored while a purchase runs). */
export const completePurchase = createAction<{ orderId: string }>('purchase/complete');
/** The order was cancelled elsewhere (/avbryt-bestilling): drop the stored attempt. */
export const forgetPurchase = createAction('purchase/forget');
/** The page came back from the back/forward cache after leaving for the payment page. */
export const purchaseResumed = createAction('purchase/resumed');

/** The actions the purchase saga acts on (the rest are the reducer's). */
export const PURCHASE_TRIGGERS: readonly string[] = [
  startPurchase.type,
  startInvoicePayment.type,
  completePurchase.type,
  forgetPurchase.type,
];

// Reported by the saga.
export const purchaseRestored = createAction<PurchaseIntent | null>('purchase/restored');
export const orderRequested = createAction<PurchaseIntent>('purchase/orderRequested');
export const invoicePaymentRequested = createAction<InvoicePayment>(
  'purchase/invoicePaymentRequested',
);
export const orderRefused = createAction<PurchaseProblem>('purchase/orderRefused');
export const paymentOpened = createAction<Order>('purchase/paymentOpened');
export const confirmationStarted = createAction<{ orderId: string }>(
  'purchase/confirmationStarted',
);
export const confirmationWaiting = createAction<{ pendingAnswers: number }>(
  'purchase/confirmationWaiting',
);
/** The session ended while confirming: the re-login returns to the confirmation page. */
export const confirmationInterrupted = createAction('purchase/confirmationInterrupted');
export const purchaseFinished = createAction<{
  outcome: PurchaseOutcome;
  order: Order | null;
  /** The attempt stays stored: createOrder failed and a retry must re-send the same key. */
  keepAttempt?: boolean;
}>('purchase/finished');

export const purchaseSlice = createSlice({
  name: 'purchase',
  initialState: initialPurchaseState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(purchaseRestored, (state, { payload }) => ({ ...state, pending: payload }))
      .addCase(orderRequested, (state, { payload }) => ({
        ...state,
        step: 'ordering',
        pending: payload,
        problem: null,
      }))
      .addCase(invoicePaymentRequested, (state) => ({ ...state, step: 'ordering', problem: null }))
      .addCase(orderRefused, (state, { payload }) => ({
        ...state,
        step: 'idle',
        problem: payload,
      }))
      .addCase(paymentOpened, (state, { payload }) => ({
        ...state,
        step: 'redirecting',
        orderId: payload.orderId,
      }))
      .addCase(purchaseResumed, (state) =>
        state.step === 'redirecting' ? { ...state, step: 'idle' } : state,
      )
      .addCase(confirmationStarted, (state, { payload }) => ({
        ...state,
        step: 'confirming',
        orderId: payload.orderId,
        pendingAnswers: 0,
        problem: null,
      }))
      .addCase(confirmationWaiting, (state, { payload }) => ({
        ...state,
        pendingAnswers: payload.pendingAnswers,
      }))
      .addCase(confirmationInterrupted, (state) => ({ ...state, step: 'idle' }))
      .addCase(forgetPurchase, (state) => ({ ...state, pending: null }))
      .addCase(purchaseFinished, (state, { payload }) => ({
        ...initialPurchaseState,
        pending: payload.keepAttempt ? state.pending : null,
        lastOrder: payload.order,
        lastOutcome: payload.outcome,
      }));
  },
});

export const selectPurchase = (state: { purchase: PurchaseState }) => state.purchase;

/** A purchase runs: the pay buttons are disabled and show progress. */
export const selectPurchaseBusy = (state: { purchase: PurchaseState }) =>
  state.purchase.step !== 'idle';
