// /receipt2 (no guard): the receipt of a plan change.
// - With ?ordre=<orderId>, an upgrade paid through the purchase screens: the order (amount paid,
//   new plan) and the reloaded subscription (next renewal).
// - Without, a downgrade or period change just scheduled: the subscription's pending change and
//   the date it takes effect.
// The route has no guard, so a reader who is not logged in (or has nothing to show) gets a
// clear message and a link to Min side, which asks them to log in.
// An order of another kind goes to the screen that reports it (orderPath).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { type Order, useGetOrderQuery } from '../../api/order';
import { callFailure, failureKind } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import { orderPath } from '../../flows/order/outcome';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { selectSession } from '../../session/sessionSlice';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { PdfLink } from '../../ui/PdfLink';
import { usePeriodWords } from '../../ui/usePeriodWords';

function HomeParagraph() {
  return (
    <p className="ds-paragraph">
      <HomeLink />
    </p>
  );
}

/** A receipt that cannot be shown: a heading, why, and the way to Min side. */
function NothingToShow({ message }: { readonly message: string }) {
  const { t } = useTranslation('plan-change');
  return (
    <section aria-labelledby="receipt-heading" className="screen">
      <h1 id="receipt-heading" className="ds-heading" data-size="lg">
        {t('plan-change.receipt.heading')}
      </h1>
      <p className="ds-paragraph">{message}</p>
      <HomeParagraph />
    </section>
  );
}

function Loading() {
  const { t } = useTranslation('plan-change');
  return (
    <section aria-labelledby="receipt-heading" className="screen">
      <h1 id="receipt-heading" className="ds-heading" data-size="lg">
        {t('plan-change.receipt.heading')}
      </h1>
      <p className="ds-paragraph" role="status">
        {t('plan-change.receipt.loading')}
      </p>
    </section>
  );
}

function UpgradeReceipt({
  order,
  subscription,
}: {
  readonly order: Order;
  readonly subscription: Subscription | null;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  if (order.status !== 'COMPLETED')
    return (
      <NothingToShow
        message={t(
          order.status === 'PENDING'
            ? 'plan-change.receipt.order-pending'
            : 'plan-change.receipt.order-failed',
        )}
      />
    );
  // The renewal comes from the subscription the order changed (reloaded on arrival).
  const renewal =
    subscription && subscription.subscriptionNo === order.subscriptionNo
      ? subscription.renewalDate
      : null;
  const facts: Fact[] = [
    { key: 'paid', label: t('plan-change.receipt.paid'), value: formatKroner(order.amount) },
    {
      key: 'plan',
      label: t('plan-change.receipt.new-plan'),
      value: t('plan-change.plan-and-period', {
        plan: order.planName,
        period: period(order.period),
      }),
    },
  ];
  if (renewal && subscription)
    facts.push({
      key: 'renewal',
      label: t('plan-change.receipt.renewal'),
      value: t('plan-change.receipt.renewal-value', {
        date: longDate(renewal),
        price: pricePer(subscription.price, subscription.period),
      }),
    });
  // The short reference the customer centre finds the order by, never the technical id.
  facts.push({
    key: 'reference',
    label: t('plan-change.receipt.reference'),
    value: order.reference,
  });
  return (
    <section aria-labelledby="receipt-heading" className="screen">
      <h1 id="receipt-heading" className="ds-heading" data-size="lg">
        {t('plan-change.receipt.upgraded-heading')}
      </h1>
      <Notice color="success">
        {t('plan-change.receipt.upgraded-text', { plan: order.planName })}
      </Notice>
      <Facts facts={facts} />
      <p className="ds-paragraph">
        <PdfLink orderId={order.orderId} reference={order.reference} />
      </p>
      <p className="ds-paragraph">{t('plan-change.receipt.no-binding')}</p>
      <HomeParagraph />
    </section>
  );
}

function OrderReceipt({ orderId }: { readonly orderId: string }) {
  const { t } = useTranslation('plan-change');
  const { subscription } = useAppSelector(selectSubscription);
  const reload = useReloadSubscription();
  const order = useGetOrderQuery({ orderId });
  // The upgrade changed the subscription on the server: show it as it is now.
  useEffect(() => {
    void reload();
  }, [reload]);

  if (order.isLoading) return <Loading />;
  if (!order.data) {
    const kind = failureKind(callFailure(order.error));
    return (
      <NothingToShow
        message={t(
          kind === 'not-found' || kind === 'invalid'
            ? 'plan-change.receipt.order-not-found'
            : 'plan-change.receipt.order-unavailable',
        )}
      />
    );
  }
  // Another kind of order (a new subscription, a reactivation, an invoice) has its own screen.
  if (order.data.kind !== 'upgrade') return <Navigate replace to={orderPath(order.data)} />;
  return <UpgradeReceipt order={order.data} subscription={subscription} />;
}

function ScheduledReceipt() {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const { subscription } = useAppSelector(selectSubscription);
  const change = subscription?.pendingChange;
  if (!subscription || !change) return <NothingToShow message={t('plan-change.receipt.nothing')} />;
  const date = longDate(change.effectiveDate);
  const facts: Fact[] = [
    {
      key: 'from',
      label: t('plan-change.receipt.until', { date }),
      value: t('plan-change.plan-and-period-price', {
        plan: subscription.planName,
        period: period(subscription.period),
        price: pricePer(subscription.price, subscription.period),
      }),
    },
    {
      key: 'to',
      label: t('plan-change.receipt.from', { date }),
      value: t('plan-change.plan-and-period-price', {
        plan: change.planName,
        period: period(change.period),
        price: pricePer(change.price, change.period),
      }),
    },
  ];
  return (
    <section aria-labelledby="receipt-heading" className="screen">
      <h1 id="receipt-heading" className="ds-heading" data-size="lg">
        {t('plan-change.receipt.scheduled-heading')}
      </h1>
      <Notice color="success">{t('plan-change.receipt.scheduled-text', { date })}</Notice>
      <Facts facts={facts} />
      <p className="ds-paragraph">{t('plan-change.receipt.withdraw-note')}</p>
      <p className="ds-paragraph">
        <Link className="ds-link" to="/endre-abonnement">
          {t('plan-change.receipt.change-link')}
        </Link>
      </p>
      <HomeParagraph />
    </section>
  );
}

export default function ChangeReceiptScreen() {
  const { t } = useTranslation('plan-change');
  const [params] = useSearchParams();
  const orderId = params.get('ordre');
  const session = useAppSelector(selectSession);
  const user = useAppSelector(selectUser);
  // The route has no guard: wait for the session before deciding who is looking.
  if (session.status === 'loading' && !user.loggedIn) return <Loading />;
  if (!user.loggedIn) return <NothingToShow message={t('plan-change.receipt.logged-out')} />;
  return orderId ? <OrderReceipt orderId={orderId} /> : <ScheduledReceipt />;
}
