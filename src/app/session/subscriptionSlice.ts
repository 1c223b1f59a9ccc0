// The subscription to this title (requirements §3 Subscription), from the session bootstrap, the login
// callback and every later subscription lookup.
import { createSlice, isAnyOf } from '@reduxjs/toolkit';

import { identityEndpoints } from '../api/identity';
import { callFailure } from '../api/problem';
import { subscriptionEndpoints, type Subscription } from '../api/subscription';

import { loggedOut, sessionFromPage } from './sessionActions';

export interface SubscriptionState {
  /** The session bootstrap has answered (until then no guard can decide). */
  readonly loaded: boolean;
  readonly hasSubscription: boolean;
  readonly subscription: Subscription | null;
  /**
   * The problem code (or FETCH_ERROR) of the last subscription lookup when it failed; the store
   * then keeps the subscription it had, and screens say that what they show may be stale (the
   * payment method: "Det oppstod en feil ved henting av betalingsmetode."). Cleared by an answer.
   */
  readonly error?: string | null;
}

export const initialSubscriptionState: SubscriptionState = {
  loaded: false,
  hasSubscription: false,
  subscription: null,
};

const fromSubscription = (subscription: Subscription | null): SubscriptionState => ({
  loaded: true,
  hasSubscription: subscription?.hasSubscription ?? false,
  subscription,
});

export const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState: initialSubscriptionState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => ({ ...initialSubscriptionState, loaded: true }))
      .addMatcher(
        isAnyOf(identityEndpoints.endpoints.getSession.matchFulfilled, sessionFromPage),
        (_state, { payload }) => fromSubscription(payload.subscription),
      )
      .addMatcher(identityEndpoints.endpoints.handleCode.matchFulfilled, (_state, { payload }) =>
        fromSubscription(payload.session.subscription),
      )
      .addMatcher(
        subscriptionEndpoints.endpoints.getSubscription.matchFulfilled,
        (state, { payload }) =>
          // The lookup answered that the subscription system failed: keep what we had.
          payload.error?.code === 'UPSTREAM_ERROR' && !payload.subscription
            ? { ...state, error: payload.error.code }
            : fromSubscription(payload.subscription),
      )
      .addMatcher(
        subscriptionEndpoints.endpoints.getSubscription.matchRejected,
        (state, { payload, meta }) => {
          // A lookup skipped by RTK Query's own condition (already running) is no failure.
          if (meta.condition) return state;
          return { ...state, error: callFailure(payload).code ?? 'FETCH_ERROR' };
        },
      );
  },
});

export const selectSubscription = (state: { subscription: SubscriptionState }) =>
  state.subscription;
