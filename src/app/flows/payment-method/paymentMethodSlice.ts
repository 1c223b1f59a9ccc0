// Where the one payment method change in progress stands (shared by the start and verify screens
// of /endre-betalingsmetode and /legg-til-betalingskort; the saga in paymentMethodSaga.ts drives
// it): asking the server for the provider's page, on the way there, verifying after the return
// (and again while the provider has not decided), and how the last attempt ended. The screens
// only dispatch `startPaymentMethodChange`, `verifyPaymentMethodChange` and
// `paymentMethodResumed`; the saga reports with the other actions.
import { createAction, createSlice } from '@reduxjs/toolkit';

import type { Subscription } from '../../api/subscription';

import type { PaymentMethodFlow } from './storage';

/**
 * idle: nothing runs (the start button is enabled); starting: the change is being asked for;
 * redirecting: the browser is leaving for the provider's page; verifying: the server is asked
 * whether the provider approved (and asked again while it is pending).
 */
export type PaymentMethodStep = 'idle' | 'starting' | 'redirecting' | 'verifying';

/**
 * approved: the subscription pays the new way; declined: not approved, the old method is kept;
 * pending: the provider had not decided within the retries (the stored change is kept so the
 * reader can check again); not-found: the server knows no such change; missing: nothing stored
 * in this browser to verify; error: the verification failed otherwise.
 */
export type PaymentMethodOutcome =
  'approved' | 'declined' | 'pending' | 'not-found' | 'missing' | 'error';

/** A refused start the screen words (problem+json code, e.g. PAYMENT_METHOD_UNCHANGED). */
export interface PaymentMethodProblem {
  readonly status: number | string;
  readonly code: string;
}

export interface PaymentMethodState {
  readonly step: PaymentMethodStep;
  readonly flow: PaymentMethodFlow | null;
  /** Counts the starts and verifications, so a screen shows only what its own visit asked for. */
  readonly runs: number;
  /** How many times the server answered "not decided yet" while verifying. */
  readonly pendingAnswers: number;
  readonly problem: PaymentMethodProblem | null;
  readonly outcome: PaymentMethodOutcome | null;
  /** The subscription with its new payment method after an approved change. */
  readonly subscription: Subscription | null;
}

export const initialPaymentMethodState: PaymentMethodState = {
  step: 'idle',
  flow: null,
  runs: 0,
  pendingAnswers: 0,
  problem: null,
  outcome: null,
  subscription: null,
};

/** Ask for the provider's page for a change (ignored while a change runs). */
export const startPaymentMethodChange = createAction<{
  flow: PaymentMethodFlow;
  subscriptionNo: string;
}>('paymentMethod/start');
/** Back from the provider: verify the stored change (ignored while a change runs). */
export const verifyPaymentMethodChange = createAction<{ flow: PaymentMethodFlow }>(
  'paymentMethod/verify',
);
/** The page came back from the back/forward cache after leaving for the provider. */
export const paymentMethodResumed = createAction('paymentMethod/resumed');

/** The actions the payment method saga acts on (the rest are the reducer's). */
export const PAYMENT_METHOD_TRIGGERS: readonly string[] = [
  startPaymentMethodChange.type,
  verifyPaymentMethodChange.type,
];

// Reported by the saga.
export const changeRequested = createAction<{ flow: PaymentMethodFlow }>(
  'paymentMethod/changeRequested',
);
export const changeRefused = createAction<PaymentMethodProblem>('paymentMethod/changeRefused');
/** The session ended while starting or verifying: the re-login takes over. */
export const changeInterrupted = createAction('paymentMethod/changeInterrupted');
export const providerOpened = createAction('paymentMethod/providerOpened');
export const verificationStarted = createAction<{ flow: PaymentMethodFlow }>(
  'paymentMethod/verificationStarted',
);
export const verificationWaiting = createAction<{ pendingAnswers: number }>(
  'paymentMethod/verificationWaiting',
);
export const verificationFinished = createAction<{
  outcome: PaymentMethodOutcome;
  subscription: Subscription | null;
}>('paymentMethod/verificationFinished');

export const paymentMethodSlice = createSlice({
  name: 'paymentMethod',
  initialState: initialPaymentMethodState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(changeRequested, (state, { payload }) => ({
        ...state,
        step: 'starting',
        flow: payload.flow,
        runs: state.runs + 1,
        problem: null,
        outcome: null,
        subscription: null,
      }))
      .addCase(changeRefused, (state, { payload }) => ({
        ...state,
        step: 'idle',
        problem: payload,
      }))
      .addCase(changeInterrupted, (state) => ({ ...state, step: 'idle' }))
      .addCase(providerOpened, (state) => ({ ...state, step: 'redirecting' }))
      .addCase(paymentMethodResumed, (state) =>
        state.step === 'redirecting' ? { ...state, step: 'idle' } : state,
      )
      .addCase(verificationStarted, (state, { payload }) => ({
        ...state,
        step: 'verifying',
        flow: payload.flow,
        runs: state.runs + 1,
        pendingAnswers: 0,
        problem: null,
        outcome: null,
        subscription: null,
      }))
      .addCase(verificationWaiting, (state, { payload }) => ({
        ...state,
        pendingAnswers: payload.pendingAnswers,
      }))
      .addCase(verificationFinished, (state, { payload }) => ({
        ...state,
        step: 'idle',
        outcome: payload.outcome,
        subscription: payload.subscription,
      }));
  },
});

export const selectPaymentMethodChange = (state: { paymentMethod: PaymentMethodState }) =>
  state.paymentMethod;
