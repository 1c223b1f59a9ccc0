// The subscription to this title (spec §3 Subscription), from the session bootstrap, the login
// callback and every later subscription lookup.
import { createSlice } from '@reduxjs/toolkit';

import { identityEndpoints } from '../api/identity';
import { subscriptionEndpoints, type Subscription } from '../api/subscription';

import { loggedOut } from './sessionActions';

export interface SubscriptionState {
  /** The session bootstrap has answered (until then no guard can decide). */
  readonly loaded: boolean;
  readonly hasSubscription: boolean;
  readonly subscription: Subscription | null;
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
      .addMatcher(identityEndpoints.endpoints.getSession.matchFulfilled, (_state, { payload }) =>
        fromSubscription(payload.subscription),
      )
      .addMatcher(identityEndpoints.endpoints.handleCode.matchFulfilled, (_state, { payload }) =>
        fromSubscription(payload.session.subscription),
      )
      .addMatcher(
        subscriptionEndpoints.endpoints.getSubscription.matchFulfilled,
        (_state, { payload }) => fromSubscription(payload.subscription),
      );
  },
});

export const selectSubscription = (state: { subscription: SubscriptionState }) =>
  state.subscription;
