// The one way to refresh the session's subscription to this title after something changed it
// (a purchase, cancel, undo, reactivation, plan change, payment method, connected account):
// requirements §4 "Reactivation reloads the subscription afterwards". It asks the server again (never
// the cache); the answer lands in subscriptionSlice through its matchers, which the guards and
// every screen read. Components call it through hooks/useReloadSubscription, sagas through
// reloadSubscriptionSaga (which first waits for the page's own session load).
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { putResolve, select, take } from 'redux-saga/effects';

import { identityEndpoints } from '../api/identity';
import { subscriptionEndpoints, type Subscription } from '../api/subscription';

import { type AccountState, selectAccount } from './accountSlice';
import { bootstrapFailed, bootstrapped } from './sessionActions';
import { selectSession } from './sessionSlice';
import { selectSubscription, type SubscriptionState } from './subscriptionSlice';
import { selectTitle, type TitleState } from './titleSlice';

type ReloadState = {
  readonly account: AccountState;
  readonly title: TitleState;
  readonly subscription: SubscriptionState;
};

/** Which subscription to ask for: the session's account and title (or the subscription's own). */
function lookupOf(state: ReloadState): { accountNo: string; titleCode: string } | null {
  const { ariaAccountNo } = selectAccount(state);
  const title = selectTitle(state);
  const { subscription } = selectSubscription(state);
  const accountNo = ariaAccountNo || subscription?.ariaAccountNo || '';
  const titleCode = title?.titleCode ?? subscription?.titleCode ?? '';
  return accountNo && titleCode ? { accountNo, titleCode } : null;
}

/**
 * Fetches the subscription again and resolves with it, or with null when the lookup failed (the
 * store then keeps what it had) or there is no account or title to ask about. With
 * `orSession`, that last case reads the session again instead (it carries the subscription, and
 * the slice follows it): the purchase saga's way after a completed order.
 */
export function reloadSubscription({ orSession = false } = {}): ThunkAction<
  Promise<Subscription | null>,
  ReloadState,
  unknown,
  UnknownAction
> {
  return async (dispatch, getState) => {
    const lookup = lookupOf(getState());
    if (!lookup) {
      if (!orSession) return null;
      const result = await dispatch(
        identityEndpoints.endpoints.getSession.initiate(undefined, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
      return result.data?.subscription ?? null;
    }
    const result = await dispatch(
      subscriptionEndpoints.endpoints.getSubscription.initiate(lookup, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    return result.data?.subscription ?? null;
  };
}

/** Resolves once the page's own session load has answered (or at once when it has). */
export function* sessionSettled(): SagaIterator<void> {
  const { status }: ReturnType<typeof selectSession> = yield select(selectSession);
  if (status === 'loading') yield take([bootstrapped.type, bootstrapFailed.type]);
}

/**
 * The reload for a saga: waits for the page's own session load first (an answer from before a
 * change must not win), then reloads as above.
 */
export function* reloadSubscriptionSaga(
  options: { readonly orSession?: boolean } = {},
): SagaIterator<Subscription | null> {
  yield* sessionSettled();
  const subscription: Subscription | null = yield putResolve(reloadSubscription(options));
  return subscription;
}
