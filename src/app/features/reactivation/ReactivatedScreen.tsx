// /abonnement-reaktivert (login and subscription): the receipt of a reactivation. After a
// reactivation order (`?ordre=<orderId>`) it shows what was paid (3 months for the price of 1 for
// a monthly plan) from the order, and the subscription reloaded from the server (spec §4:
// reactivation reloads the subscription). Without an order (a business subscription restarted at
// no cost) it shows the reloaded subscription alone.
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { reactivationOffer } from '../../../shared/subscription/proration';
import { hasAccess, SubscriptionStatus } from '../../../shared/subscription/status';
import { useGetOrderQuery, type Order } from '../../api/order';
import { callFailure } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { periodSlug } from '../../lib/format/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';

function Payment({
  order,
  subscription,
}: {
  readonly order: Order;
  readonly subscription: Subscription;
}) {
  const { t } = useTranslation('reactivation');
  if (order.status === 'PENDING')
    return <Notice color="warning">{t('reactivation.order.pending')}</Notice>;
  if (order.status !== 'COMPLETED')
    return <Notice color="danger">{t('reactivation.order.not-completed')}</Notice>;
  const offer =
    order.kind === 'reactivation'
      ? reactivationOffer({ period: order.period, priceOre: subscription.price })
      : null;
  return (
    <p className="ds-paragraph">
      {offer && offer.amountOre === order.amount
        ? t('reactivation.order.paid-offer', {
            amount: formatKroner(order.amount),
            months: offer.months,
          })
        : t('reactivation.order.paid', { amount: formatKroner(order.amount) })}
    </p>
  );
}

export default function ReactivatedScreen() {
  const { t } = useTranslation('reactivation');
  const longDate = useLongDate();
  const [params] = useSearchParams();
  const orderId = params.get('ordre');
  const order = useGetOrderQuery(orderId ? { orderId } : skipToken);
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

  const active =
    !!subscription &&
    hasAccess(subscription.instStatusCode) &&
    subscription.instStatusCode !== SubscriptionStatus.PENDING_CANCELLATION;
  const waiting = reloading || order.isLoading;

  return (
    <section aria-labelledby="reactivated-heading" className="screen">
      <h1 id="reactivated-heading" className="ds-heading" data-size="lg">
        {active ? t('reactivation.heading') : t('reactivation.heading-other')}
      </h1>
      <p role="status" className="ds-paragraph">
        {waiting ? t('reactivation.loading') : null}
      </p>
      {subscription ? (
        <>
          {active ? (
            <Notice color="success">
              {subscription.renewalDate
                ? t('reactivation.renews', {
                    plan: subscription.planName,
                    date: longDate(subscription.renewalDate),
                    price: t(`reactivation.price-per.${periodSlug(subscription.period)}`, {
                      price: formatKroner(subscription.price),
                    }),
                  })
                : t('reactivation.active', { plan: subscription.planName })}
            </Notice>
          ) : (
            <p className="ds-paragraph">
              {t('reactivation.not-active', { plan: subscription.planName })}
            </p>
          )}
          {order.data ? <Payment order={order.data} subscription={subscription} /> : null}
        </>
      ) : null}
      {order.isError ? (
        <Notice color="warning">
          {callFailure(order.error).status === 404
            ? t('reactivation.order.not-found')
            : t('reactivation.order.failed')}
        </Notice>
      ) : null}
      <p className="ds-paragraph">
        <Link className="ds-button" to="/">
          {t('reactivation.home')}
        </Link>
      </p>
    </section>
  );
}
