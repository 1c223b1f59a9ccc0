// /kvittering (login and subscription): the receipt of a new subscription, `?ordre=<id>` (also
// /student-kvittering(2), the student plan's, with a note on the yearly verification). What
// was bought and paid (from the order) with the one number a reader needs for it (the order's
// reference, for the customer centre), when and at what price it renews (from the subscription,
// reloaded by the purchase saga after the payment), a link to the receipt as a PDF (written by
// the server), the 14-day right of withdrawal, and the way to start reading. The order is
// read from the server: another kind of order (a reactivation, an upgrade, an invoice) or one
// whose payment is not settled goes to the screen that reports it (orderPath); without an order
// there is nothing to report, and the reader is sent home (replacing this page).
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';

import { STUDENT_PLAN_ID } from '../../../shared/subscription/plans';
import { useGetOrderQuery } from '../../api/order';
import { callFailure, failureKind } from '../../api/problem';
import { orderPath } from '../../flows/order/outcome';
import { useLongDate } from '../../hooks/useLongDate';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { PdfLink } from '../../ui/PdfLink';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';
import { usePeriodWords } from '../../ui/usePeriodWords';

import { retryPath } from './orderRules';
import { useOrderFacts } from './QuoteSummary';

export default function ReceiptScreen() {
  const { t } = useTranslation('purchase');
  const longDate = useLongDate();
  const { pricePer } = usePeriodWords();
  const orderFacts = useOrderFacts();
  const [query] = useSearchParams();
  const orderId = query.get('ordre')?.trim() ?? '';
  const { subscription } = useAppSelector(selectSubscription);
  const title = useAppSelector(selectTitle);
  const result = useGetOrderQuery({ orderId }, { skip: !orderId });
  const order = result.data;
  const failure = result.isError ? callFailure(result.error) : null;

  if (!orderId) return <Navigate replace to="/" />;
  // Another kind of order has its own receipt; a payment not settled yet is confirmed first.
  if (order && (order.kind !== 'new' || order.status === 'PENDING'))
    return <Navigate replace to={orderPath(order)} />;

  let body;
  if (failure && failureKind(failure) === 'not-found')
    body = <p className="ds-paragraph">{t('purchase.receipt.not-found')}</p>;
  else if (failure)
    body = (
      <Notice color="danger" role="alert">
        <p>{t('purchase.receipt.failed')}</p>
        <button type="button" className="ds-button" onClick={() => void result.refetch()}>
          {t('purchase.summary.retry')}
        </button>
      </Notice>
    );
  else if (!order) body = <Progress reserve>{t('purchase.receipt.loading')}</Progress>;
  else if (order.status !== 'COMPLETED')
    body = (
      <>
        <p className="ds-paragraph">{t('purchase.receipt.not-completed')}</p>
        <p className="ds-paragraph">
          <Link className="ds-link" to={retryPath(order)}>
            {t('purchase.receipt.order-again')}
          </Link>
        </p>
      </>
    );
  else {
    // The subscription this order made, as it is now.
    const current =
      subscription && subscription.subscriptionNo === order.subscriptionNo ? subscription : null;
    const facts = orderFacts(order);
    if (current?.renewalDate)
      facts.push({
        key: 'renewal',
        label: t('purchase.facts.renewal'),
        value: t('purchase.facts.renewal-value', {
          date: longDate(current.renewalDate),
          price: pricePer(current.price, current.period),
        }),
      });
    body = (
      <>
        <p className="ds-paragraph">{t('purchase.receipt.intro', { plan: order.planName })}</p>
        <Facts facts={facts} />
        <p className="ds-paragraph">
          <PdfLink orderId={order.orderId} reference={order.reference} />
        </p>
        <p className="ds-paragraph">{t('purchase.summary.no-binding')}</p>
        {order.ariaPlanID === STUDENT_PLAN_ID ? (
          <p className="ds-paragraph">{t('purchase.receipt.student-note')}</p>
        ) : null}
        <p className="ds-paragraph">
          {t('purchase.receipt.withdrawal')}{' '}
          <Link className="ds-link" to="/angrerett">
            {t('purchase.receipt.withdrawal-link')}
          </Link>
        </p>
      </>
    );
  }

  const paid = order?.status === 'COMPLETED';
  return (
    <Screen
      headingId="receipt-heading"
      heading={t(paid ? 'purchase.receipt.heading' : 'purchase.receipt.heading-plain')}
    >
      {body}
      <p className="ds-paragraph form-actions">
        {paid && title ? (
          // The title's own site: where the subscription is read.
          <a className="ds-button" href={title.pageUrl}>
            {t('purchase.receipt.start-reading', { name: title.name })}
          </a>
        ) : null}
        <HomeLink className="ds-button" data-variant={paid && title ? 'secondary' : undefined} />
      </p>
    </Screen>
  );
}
