// The server's price for exactly what the order form has chosen now (plan, period, discount
// code): asks quoteOrder whenever the choice changes and tells a current answer from one for an
// earlier choice, so nothing is paid before its own price has been seen.
import { useEffect, useMemo } from 'react';

import {
  type Catalogue,
  type OrderQuote,
  type OrderQuoteRequest,
  type Period,
  useQuoteOrderMutation,
} from '../../api/order';
import { type CallFailure, callFailure } from '../../api/problem';

export interface OrderQuoteState {
  /** The quote of the current choice, once the server has answered it. */
  readonly quote: OrderQuote | null;
  /** Asking for the current choice's price. */
  readonly loading: boolean;
  /** The server refused to price the current choice. */
  readonly failure: CallFailure | null;
  /** Asks again for the current choice (after a failure). */
  readonly retry: () => void;
}

export function useOrderQuote(
  catalogue: Catalogue,
  choice: { readonly ariaPlanID: string; readonly period: Period; readonly discountCode: string },
): OrderQuoteState {
  const { ariaPlanID, period, discountCode } = choice;
  const request = useMemo<OrderQuoteRequest>(
    () => ({
      kind: 'new',
      titleCode: catalogue.titleCode,
      ariaPlanID,
      period,
      ...(discountCode ? { discountCode } : {}),
    }),
    [catalogue, ariaPlanID, period, discountCode],
  );
  const [requestQuote, result] = useQuoteOrderMutation();
  useEffect(() => {
    void requestQuote({ orderQuoteRequest: request });
  }, [request, requestQuote]);
  const current =
    JSON.stringify(result.originalArgs?.orderQuoteRequest) === JSON.stringify(request);
  return {
    quote: current && result.isSuccess ? result.data : null,
    loading: result.isLoading,
    failure: current && result.isError ? callFailure(result.error) : null,
    retry: () => void requestQuote({ orderQuoteRequest: request }),
  };
}
