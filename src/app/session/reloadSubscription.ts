// Reloads the session's subscription to this title after a change (cancel, undo, reactivate,
// plan change): spec §4 "Reactivation reloads the subscription afterwards". The lookup's answer
// lands in subscriptionSlice, which the guards and every screen read.
import { useCallback } from 'react';
import type { SagaIterator } from 'redux-saga';
import { putResolve, select, take } from 'redux-saga/effects';

import { subscriptionEndpoints, type Subscription } from '../api/subscription';
import { useAppDispatch, useAppSelector } from '../store/hooks';

import { selectAccount } from './accountSlice';
import { bootstrapFailed, bootstrapped } from './sessionActions';
import { selectSession } from './sessionSlice';
import { selectSubscription } from './subscriptionSlice';
import { selectTitle } from './titleSlice';

/**
 * A function that fetches the subscription again (never from the cache) and resolves with it,
 * or with null when the lookup failed (the store then keeps what it had).
 */
export function useReloadSubscription(): () => Promise<Subscription | null> {
  const dispatch = useAppDispatch();
  const { ariaAccountNo } = useAppSelector(selectAccount);
  const title = useAppSelector(selectTitle);
  const { subscription } = useAppSelector(selectSubscription);
  const accountNo = ariaAccountNo || subscription?.ariaAccountNo || '';
  const titleCode = title?.titleCode ?? subscription?.titleCode ?? '';
  return useCallback(async () => {
    if (!accountNo || !titleCode) return null;
    const result = await dispatch(
      subscriptionEndpoints.endpoints.getSubscription.initiate(
        { accountNo, titleCode },
        { subscribe: false, forceRefetch: true },
      ),
    );
    return result.data?.subscription ?? null;
  }, [dispatch, accountNo, titleCode]);
}

/**
 * The same reload for a saga: waits for the page's own session load first (an answer from
 * before a change must not win), then fetches the subscription again and returns it, or null
 * when the lookup failed or there is no account or title to ask about.
 */
export function* reloadSubscriptionSaga(): SagaIterator<Subscription | null> {
  const { status }: ReturnType<typeof selectSession> = yield select(selectSession);
  if (status === 'loading') yield take([bootstrapped.type, bootstrapFailed.type]);
  const { ariaAccountNo }: ReturnType<typeof selectAccount> = yield select(selectAccount);
  const title: ReturnType<typeof selectTitle> = yield select(selectTitle);
  const { subscription }: ReturnType<typeof selectSubscription> = yield select(selectSubscription);
  const accountNo = ariaAccountNo || subscription?.ariaAccountNo || '';
  const titleCode = title?.titleCode ?? subscription?.titleCode ?? '';
  if (!accountNo || !titleCode) return null;
  const result: { data?: { subscription: Subscription | null } } = yield putResolve(
    subscriptionEndpoints.endpoints.getSubscription.initiate(
      { accountNo, titleCode },
      { subscribe: false, forceRefetch: true },
    ),
  );
  return result.data?.subscription ?? null;
}
