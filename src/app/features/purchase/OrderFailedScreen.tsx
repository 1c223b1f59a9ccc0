// /bestilling-feilet (login): an order that did not go through (spec §8 purchase errors):
// the payment was cancelled, took too long (/order-timeout leads here too), or a generic failure.
// "Prøv igjen" starts the same kind of order again. It says only what the server says: with
// `?ordre=<id>` (where the purchase saga sends a cancelled or expired order) the order is read
// from the server and its status decides (CANCELLED: cancelled; PENDING or EXPIRED: took too
// long), and an order that was paid or declined goes to the screen that reports it (orderPath).
// Without an order, `?arsak=` words the purchase this page just ended on, or the attempt this tab
// still keeps (`tidsavbrudd`, `avbrutt`, anything else a generic failure); with neither there is
// nothing to report, and the reader is sent home (replacing this page).
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';

import { type Order, useGetOrderQuery } from '../../api/order';
import { callFailure } from '../../api/problem';
import { orderPath } from '../../flows/order/outcome';
import { selectPurchase } from '../../flows/order/purchaseSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';

import { retryPath } from './orderRules';

const REASONS = { tidsavbrudd: 'timeout', avbrutt: 'cancelled' } as const;

type Reason = 'timeout' | 'cancelled' | 'error';

/** How an order the server has reads here; null for one another screen reports. */
function reasonOf(order: Order): Reason | null {
  switch (order.status) {
    case 'CANCELLED':
      return 'cancelled';
    case 'PENDING':
    case 'EXPIRED':
      return 'timeout';
    default:
      return null;
  }
}

function CustomerServiceLink() {
  const { t } = useTranslation('purchase');
  return (
    <Link className="ds-link" to="/kundeservice">
      {t('purchase.failed.customer-service')}
    </Link>
  );
}

function Failed({ reason, retry }: { readonly reason: Reason; readonly retry: string }) {
  const { t } = useTranslation('purchase');
  return (
    <section aria-labelledby="order-failed-heading" className="screen">
      <h1 id="order-failed-heading" className="ds-heading" data-size="lg">
        {t(`purchase.failed.heading.${reason}`)}
      </h1>
      <Notice color={reason === 'cancelled' ? 'info' : 'warning'}>
        {t(`purchase.failed.text.${reason}`)}
      </Notice>
      {reason === 'cancelled' ? null : (
        <p className="ds-paragraph">{t('purchase.failed.late-payment')}</p>
      )}
      <ul className="screen-links">
        <li>
          <Link className="ds-button" to={retry}>
            {t('purchase.failed.retry')}
          </Link>
        </li>
        <li>
          <CustomerServiceLink />
        </li>
      </ul>
    </section>
  );
}

export default function OrderFailedScreen() {
  const { t } = useTranslation('purchase');
  const [query] = useSearchParams();
  const { lastOrder, lastOutcome, pending } = useAppSelector(selectPurchase);
  const orderId = query.get('ordre')?.trim() ?? '';
  const result = useGetOrderQuery({ orderId }, { skip: !orderId });
  const order = result.data;
  const failure = result.isError ? callFailure(result.error) : null;

  if (!orderId) {
    // Nothing ended here and nothing is under way in this tab: nothing to report.
    if (!lastOutcome && !pending) return <Navigate replace to="/" />;
    const arsak = query.get('arsak') ?? '';
    const reason = arsak in REASONS ? REASONS[arsak as keyof typeof REASONS] : 'error';
    return <Failed reason={reason} retry={retryPath(lastOrder ?? pending)} />;
  }

  if (order) {
    const reason = reasonOf(order);
    if (!reason) return <Navigate replace to={orderPath(order)} />;
    return <Failed reason={reason} retry={retryPath(order)} />;
  }

  return (
    <section aria-labelledby="order-failed-heading" className="screen">
      <h1 id="order-failed-heading" className="ds-heading" data-size="lg">
        {failure?.status === 404
          ? t('purchase.cancel.heading.not-found')
          : t('purchase.error.heading-checking')}
      </h1>
      {failure?.status === 404 ? (
        <>
          <p className="ds-paragraph">{t('purchase.cancel.not-found')}</p>
          <ul className="screen-links">
            <li>
              <Link className="ds-button" to={retryPath(null)}>
                {t('purchase.cancel.order-again')}
              </Link>
            </li>
            <li>
              <CustomerServiceLink />
            </li>
          </ul>
        </>
      ) : failure ? (
        <Notice color="danger" role="alert">
          <p>{t('purchase.error.failed')}</p>
          <button type="button" className="ds-button" onClick={() => void result.refetch()}>
            {t('purchase.summary.retry')}
          </button>
        </Notice>
      ) : (
        <Progress>{t('purchase.error.loading')}</Progress>
      )}
    </section>
  );
}
