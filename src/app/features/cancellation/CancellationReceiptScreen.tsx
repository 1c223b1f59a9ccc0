// /abonnement-avsluttet (login and subscription): the receipt of a cancellation. The
// subscription is cancelled and gives access until its last day; what happens next; the way to
// undo it and back to Min side. Reads the subscription reloaded after the cancellation; the
// cancellation's own answer (carried in the navigation) counts only when that reload failed, so
// an old history entry cannot call an active subscription cancelled. A subscription that is not
// cancelled is said to be so.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { SubscriptionStatus } from '../../../shared/subscription/status';
import { useLongDate } from '../../hooks/useLongDate';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Screen } from '../../ui/Screen';

import './cancellation.css';

function receiptDate(state: unknown): string | null {
  const expiryDate = (state as { expiryDate?: unknown } | null)?.expiryDate;
  return typeof expiryDate === 'string' ? expiryDate : null;
}

export default function CancellationReceiptScreen() {
  const { t } = useTranslation('cancellation');
  const longDate = useLongDate();
  const location = useLocation();
  const { subscription, error } = useAppSelector(selectSubscription);
  // Cancelled while suspended for an unpaid amount: it ends on its day, with no access until
  // the amount is paid, and cannot be undone before that.
  const suspended =
    subscription?.instStatusCode === SubscriptionStatus.SUSPENDED && !!subscription.expiryDate;
  const pending =
    subscription?.instStatusCode === SubscriptionStatus.PENDING_CANCELLATION || suspended;
  const endDate =
    (pending ? subscription.expiryDate : null) ?? (error ? receiptDate(location.state) : null);

  if (!endDate) {
    return (
      <Screen headingId="receipt-heading" heading={t('cancellation.receipt.not-cancelled-heading')}>
        <p className="ds-paragraph">{t('cancellation.receipt.not-cancelled')}</p>
        <ul className="screen-links">
          <li>
            <Link className="ds-link" to="/avslutt-abonnement">
              {t('cancellation.receipt.cancel-link')}
            </Link>
          </li>
          <li>
            <HomeLink />
          </li>
        </ul>
      </Screen>
    );
  }

  const date = longDate(endDate);
  return (
    <Screen headingId="receipt-heading" heading={t('cancellation.receipt.heading')}>
      <Notice color="success">
        {suspended
          ? t('cancellation.receipt.ends', { plan: subscription.planName, date })
          : subscription
            ? t('cancellation.receipt.access', { plan: subscription.planName, date })
            : t('cancellation.receipt.access-without-plan', { date })}
      </Notice>
      <section aria-labelledby="receipt-next-heading">
        <h2 id="receipt-next-heading" className="ds-heading" data-size="sm">
          {t('cancellation.receipt.next-heading')}
        </h2>
        {suspended ? (
          <ul className="ds-list">
            <li>{t('cancellation.receipt.next.no-renewal')}</li>
            <li>{t('cancellation.receipt.next.still-owed', { date })}</li>
            <li>{t('cancellation.receipt.next.come-back')}</li>
          </ul>
        ) : (
          <ul className="ds-list">
            <li>{t('cancellation.receipt.next.no-more-payments')}</li>
            <li>{t('cancellation.receipt.next.access', { date })}</li>
            <li>{t('cancellation.receipt.next.undo', { date })}</li>
            <li>{t('cancellation.receipt.next.come-back')}</li>
          </ul>
        )}
      </section>
      <div className="cancel-actions">
        {suspended ? (
          <Link className="ds-button" data-variant="secondary" to="/fakturaoversikt">
            {t('cancellation.receipt.pay')}
          </Link>
        ) : (
          <Link className="ds-button" data-variant="secondary" to="/angre-oppsigelse">
            {t('cancellation.receipt.undo')}
          </Link>
        )}
        <HomeLink className="ds-button" />
      </div>
    </Screen>
  );
}
