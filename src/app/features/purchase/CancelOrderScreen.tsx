// /avbryt-bestilling (no guard): where "Avbryt" on the payment page leads, with `?ordre=<id>`.
// The order and its payment are cancelled on the server (nothing is charged) and the attempt
// kept for retries is dropped. An order that was paid after all cannot be cancelled: the
// reader is told so and finds the receipt instead. Without an order there is nothing to cancel
// or report: the reader is sent home (replacing this page).
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';

import { useCancelOrderMutation } from '../../api/order';
import { callFailure, failureKind } from '../../api/problem';
import { forgetPurchase } from '../../flows/order/purchaseSlice';
import { useFocusOnChange } from '../../hooks/useFocusOnChange';
import { useAppDispatch } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';

import { retryPath } from './orderRules';

type Outcome = 'cancelling' | 'cancelled' | 'paid' | 'not-found' | 'failed';

export default function CancelOrderScreen() {
  const { t } = useTranslation('purchase');
  const dispatch = useAppDispatch();
  const [query] = useSearchParams();
  const orderId = query.get('ordre')?.trim() ?? '';
  const [cancelOrder, result] = useCancelOrderMutation();
  const asked = useRef('');

  const cancel = useCallback(() => {
    asked.current = orderId;
    cancelOrder({ orderId })
      .unwrap()
      .then(
        () => dispatch(forgetPurchase()),
        () => undefined,
      );
  }, [cancelOrder, dispatch, orderId]);
  // Once per order id (StrictMode runs effects twice; cancelling twice answers the same).
  useEffect(() => {
    if (orderId && asked.current !== orderId) cancel();
  }, [cancel, orderId]);

  const failure = result.isError ? callFailure(result.error) : null;
  let outcome: Outcome;
  if (!orderId || (failure && failureKind(failure) === 'not-found')) outcome = 'not-found';
  else if (failure?.code === 'ORDER_COMPLETED') outcome = 'paid';
  else if (failure && failure.status !== 401) outcome = 'failed';
  else if (result.isSuccess) outcome = result.data.status === 'COMPLETED' ? 'paid' : 'cancelled';
  else outcome = 'cancelling';
  const heading = useFocusOnChange<HTMLHeadingElement>(outcome);

  if (!orderId) return <Navigate replace to="/" />;

  return (
    <section aria-labelledby="cancel-order-heading" className="screen">
      <h1
        id="cancel-order-heading"
        className="ds-heading"
        data-size="lg"
        tabIndex={-1}
        ref={heading}
      >
        {t(`purchase.cancel.heading.${outcome}`)}
      </h1>
      {outcome === 'cancelling' ? <Progress>{t('purchase.cancel.cancelling')}</Progress> : null}
      {outcome === 'cancelled' ? (
        <>
          <p className="ds-paragraph">{t('purchase.cancel.cancelled')}</p>
          <p className="ds-paragraph">
            <Link className="ds-link" to={retryPath(result.data ?? null)}>
              {t('purchase.cancel.order-again')}
            </Link>
          </p>
        </>
      ) : null}
      {outcome === 'paid' ? (
        <>
          <p className="ds-paragraph">{t('purchase.cancel.paid')}</p>
          <p className="ds-paragraph">
            <Link className="ds-link" to={`/kvittering?ordre=${encodeURIComponent(orderId)}`}>
              {t('purchase.cancel.to-receipt')}
            </Link>
          </p>
        </>
      ) : null}
      {outcome === 'not-found' ? (
        <>
          <p className="ds-paragraph">{t('purchase.cancel.not-found')}</p>
          <p className="ds-paragraph">
            <Link className="ds-link" to="/bestill-abonnement">
              {t('purchase.cancel.order-again')}
            </Link>
          </p>
        </>
      ) : null}
      {outcome === 'failed' ? (
        <Notice color="danger" role="alert">
          <p>{t('purchase.cancel.failed')}</p>
          <button type="button" className="ds-button" onClick={cancel} disabled={result.isLoading}>
            {t('purchase.summary.retry')}
          </button>
        </Notice>
      ) : null}
    </section>
  );
}
