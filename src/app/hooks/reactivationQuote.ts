// What starting an ended subscription again costs this reader, as the server prices the order
// (quoteOrder, kind reactivation): whether the 3-months-for-1 offer is given depends on the
// server's records (at most once in 12 months), so a page that advertises it asks first and
// never promises what the payment page would then refuse. A business subscription restarts at
// no cost and is not priced.
import { useEffect, useMemo } from 'react';

import { reactivationOffer } from '../../shared/subscription/proration';
import { type OrderQuoteRequest, type UnavailableOffer, useQuoteOrderMutation } from '../api/order';
import type { Subscription } from '../api/subscription';

import { reactivatesWithoutPayment } from './freeReactivation';

export type ReactivationPrice =
  /** The server has not answered yet. */
  | { readonly kind: 'loading' }
  /** The offer is given: `amountOre` now for what would cost `ordinaryAmountOre`. */
  | { readonly kind: 'offer'; readonly amountOre: number; readonly ordinaryAmountOre: number }
  /**
   * The ordinary price; `unavailable` says why the plan's offer is not given (used within the
   * last 12 months, and from when it can be given again), null when the plan has none.
   */
  | { readonly kind: 'ordinary'; readonly unavailable: UnavailableOffer | null }
  /** The server could not price it now: the page shows the ordinary price, promising no offer. */
  | { readonly kind: 'unknown' };

export function useReactivationPrice(subscription: Subscription): ReactivationPrice {
  const free = reactivatesWithoutPayment(subscription);
  const request = useMemo<OrderQuoteRequest | null>(
    () =>
      free
        ? null
        : {
            kind: 'reactivation',
            titleCode: subscription.titleCode,
            ariaPlanID: subscription.ariaPlanID,
            period: subscription.period,
            subscriptionNo: subscription.subscriptionNo,
          },
    [
      free,
      subscription.titleCode,
      subscription.ariaPlanID,
      subscription.period,
      subscription.subscriptionNo,
    ],
  );
  const [requestQuote, result] = useQuoteOrderMutation();
  useEffect(() => {
    if (request) void requestQuote({ orderQuoteRequest: request });
  }, [request, requestQuote]);

  if (!request) return { kind: 'ordinary', unavailable: null };
  if (result.isError) return { kind: 'unknown' };
  if (!result.isSuccess) return { kind: 'loading' };
  const quote = result.data;
  const rule = reactivationOffer({ period: subscription.period, priceOre: subscription.price });
  if (quote.offer === 'REACTIVATION_3_FOR_1' && rule)
    return {
      kind: 'offer',
      amountOre: quote.amount,
      ordinaryAmountOre: rule.ordinaryAmountOre,
    };
  return { kind: 'ordinary', unavailable: quote.unavailableOffer ?? null };
}
