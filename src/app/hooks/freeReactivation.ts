// Restarting an ended subscription that costs nothing (business, non-billable): POST
// reactivateSubscription/ with `reactivate`, reload the subscription (requirements §4), and show it on
// /abonnement-reaktivert. A paying subscription is reactivated by ordering it instead (3 months
// for the price of 1); the server says so with 409 PAYMENT_REQUIRED, and the reader is taken to
// the payment for it.
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { hasBusinessInfo } from '../../shared/subscription/status';
import { callFailure, type CallFailure } from '../api/problem';
import { useReactivateSubscriptionMutation, type Subscription } from '../api/subscription';
import { traitsOf } from '../lib/format/subscription';

import { useReloadSubscription } from './useReloadSubscription';

/** Where a reactivation is ordered and paid (the purchase flow's URL intent). */
export const REACTIVATION_ORDER_PATH = '/betaling?type=reaktivering';

/** Whether an ended subscription restarts without payment (business info: the company pays). */
export const reactivatesWithoutPayment = (subscription: Subscription) =>
  hasBusinessInfo(traitsOf(subscription));

export function useFreeReactivation() {
  const navigate = useNavigate();
  const reload = useReloadSubscription();
  const [reactivate] = useReactivateSubscriptionMutation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const running = useRef(false);

  const start = useCallback(
    async (subscription: Subscription) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setFailure(null);
      try {
        await reactivate({
          reactivateSubscriptionRequest: {
            subscriptionNo: subscription.subscriptionNo,
            action: 'reactivate',
          },
        }).unwrap();
        await reload();
        void navigate('/abonnement-reaktivert');
      } catch (error) {
        const problem = callFailure(error);
        if (problem.code === 'PAYMENT_REQUIRED') void navigate(REACTIVATION_ORDER_PATH);
        else setFailure(problem);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [navigate, reactivate, reload],
  );

  return { start, busy, failure };
}
