// /abonnement-reaktivert (login and subscription): the receipt of a reactivation. After a
// reactivation order (`?ordre=<orderId>`) it shows what was paid (3 months for the price of 1 for
// a monthly plan) from the order, and the subscription reloaded from the server (requirements §4:
// reactivation reloads the subscription). Without an order (a business subscription restarted at
// no cost) it shows the reloaded subscription alone.
// It reports only what the server says happened: an order that is not a paid reactivation goes
// to the screen of that order (orderPath), and without an order the subscription's audit trail
// must have a reactivation as its latest change of status, else there is nothing to report and
// the reader is sent home (replacing this page).
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { REACTIVATION_OFFER } from '../../../shared/subscription/proration';
import { hasAccess, SubscriptionStatus } from '../../../shared/subscription/status';
import { useGetOrderQuery, type Order } from '../../api/order';
import { callFailure, failureKind } from '../../api/problem';
import { orderPath } from '../../flows/order/outcome';
import { useLastStatusChange } from '../../hooks/useLastStatusChange';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { reactivationOfferText } from '../../lib/format/offer';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { PdfLink } from '../../ui/PdfLink';
import { Screen } from '../../ui/Screen';
import { usePeriodWords } from '../../ui/usePeriodWords';

/** What a paid reactivation order cost (only a completed one reaches this screen). */
function Payment({ order }: { readonly order: Order }) {
  const { t } = useTranslation('reactivation');
  // The offer as the server priced the order: one month at the ordinary price costs the same
  // as the offer's three, so the amount cannot tell them apart.
  return (
    <>
      <p className="ds-paragraph">
        {order.offer === 'REACTIVATION_3_FOR_1'
          ? t('reactivation.order.paid-offer', {
              amount: formatKroner(order.amount),
              months: REACTIVATION_OFFER.months,
              offer: reactivationOfferText(t),
            })
          : t('reactivation.order.paid', { amount: formatKroner(order.amount) })}
      </p>
      {/* The short reference the customer centre finds the order by. */}
      <p className="ds-paragraph">
        {t('reactivation.order.reference', { reference: order.reference })}
      </p>
      <p className="ds-paragraph">
        <PdfLink orderId={order.orderId} reference={order.reference} />
      </p>
    </>
  );
}

export default function ReactivatedScreen() {
  const { t } = useTranslation('reactivation');
  const { pricePer } = usePeriodWords();
  const longDate = useLongDate();
  const [params] = useSearchParams();
  const orderId = params.get('ordre')?.trim() || null;
  const order = useGetOrderQuery(orderId ? { orderId } : skipToken);
  // Without an order, the audit trail says whether a reactivation happened.
  const trail = useLastStatusChange({ skip: !!orderId });
  const reload = useReloadSubscription();
  const [reloading, setReloading] = useState(true);
  useEffect(() => {
    let current = true;
    void reload().finally(() => {
      if (current) setReloading(false);
    });
    return () => {
      current = false;
    };
  }, [reload]);
  const { subscription } = useAppSelector(selectSubscription);

  const paid = order.data;
  // An order that is not a paid reactivation is reported by its own screen.
  if (paid && (paid.kind !== 'reactivation' || paid.status !== 'COMPLETED'))
    return <Navigate replace to={orderPath(paid)} />;
  const reactivatedFree =
    !orderId &&
    trail.change?.kind === 'reactivated' &&
    trail.subscriptionNo === subscription?.subscriptionNo;
  // Nothing was reactivated (or it cannot be told): nothing to report here.
  if (!orderId && !trail.loading && !reactivatedFree) return <Navigate replace to="/" />;

  // The subscription the reactivation restarted, as it is now.
  const restarted =
    subscription && (paid ? paid.subscriptionNo === subscription.subscriptionNo : reactivatedFree)
      ? subscription
      : null;
  const active =
    !!restarted &&
    hasAccess(restarted.instStatusCode) &&
    restarted.instStatusCode !== SubscriptionStatus.PENDING_CANCELLATION;
  const waiting = reloading || order.isLoading || trail.loading;

  return (
    <Screen
      headingId="reactivated-heading"
      heading={active ? t('reactivation.heading') : t('reactivation.heading-other')}
    >
      <p role="status" className="ds-paragraph">
        {waiting ? t('reactivation.loading') : null}
      </p>
      {restarted ? (
        <>
          {active ? (
            <Notice color="success">
              {restarted.renewalDate
                ? t('reactivation.renews', {
                    plan: restarted.planName,
                    date: longDate(restarted.renewalDate),
                    price: pricePer(restarted.price, restarted.period),
                  })
                : t('reactivation.active', { plan: restarted.planName })}
            </Notice>
          ) : (
            <p className="ds-paragraph">
              {t('reactivation.not-active', { plan: restarted.planName })}
            </p>
          )}
          {paid ? <Payment order={paid} /> : null}
        </>
      ) : paid ? (
        <Payment order={paid} />
      ) : null}
      {order.isError ? (
        <Notice color="warning">
          {failureKind(callFailure(order.error)) === 'not-found'
            ? t('reactivation.order.not-found')
            : t('reactivation.order.failed')}
        </Notice>
      ) : null}
      <p className="ds-paragraph">
        <HomeLink className="ds-button" />
      </p>
    </Screen>
  );
}
