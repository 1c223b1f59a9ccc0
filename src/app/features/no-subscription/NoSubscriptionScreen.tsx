// /ingen-abonnement (login): the reader is logged in but has no subscription to this title that
// gives access now. Says when an ended subscription ended and offers to start it again (ordered
// and paid as a reactivation, 3 months for the price of 1; a business subscription restarts at
// no cost), which user is logged in (a common cause is another login), and how to reach
// customer service. A reader whose subscription gives access (bought in another tab, or the URL
// opened by hand) has nothing to read here and is sent home, replacing this page: the same flag
// the guards read, so the two cannot send the reader back and forth.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { hasAccess, SubscriptionStatus } from '../../../shared/subscription/status';
import { failureKind } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import {
  reactivatesWithoutPayment,
  REACTIVATION_ORDER_PATH,
  useFreeReactivation,
} from '../../hooks/freeReactivation';
import { useReactivationPrice } from '../../hooks/reactivationQuote';
import { useLongDate } from '../../hooks/useLongDate';
import { reactivationOfferText } from '../../lib/format/offer';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { ContactDetails } from '../../ui/ContactDetails';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';
import { usePeriodWords } from '../../ui/usePeriodWords';

const ended = (subscription: Subscription) =>
  subscription.instStatusCode === SubscriptionStatus.CANCELLED ||
  subscription.instStatusCode === SubscriptionStatus.TERMINATED;

function Reactivation({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('no-subscription');
  const { pricePer } = usePeriodWords();
  const longDate = useLongDate();
  const { start, busy, failure } = useFreeReactivation();
  const price = useReactivationPrice(subscription);
  const offer = price.kind === 'offer' ? price : null;
  const used = price.kind === 'ordinary' ? price.unavailable : null;
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  if (reactivatesWithoutPayment(subscription)) {
    return (
      <section aria-labelledby="no-subscription-reactivate-heading" className="screen">
        <h2 id="no-subscription-reactivate-heading" className="ds-heading" data-size="sm">
          {t('no-subscription.reactivate.heading')}
        </h2>
        <p className="ds-paragraph">
          {t('no-subscription.reactivate.free', { plan: subscription.planName })}
        </p>
        {failure ? (
          <Notice color="danger" role="alert" tabIndex={-1} ref={failureRef}>
            {t(
              failureKind(failure) === 'conflict'
                ? 'no-subscription.reactivate.conflict'
                : 'no-subscription.reactivate.failed',
            )}
          </Notice>
        ) : null}
        <p className="ds-paragraph">
          <button
            type="button"
            className="ds-button"
            disabled={busy}
            onClick={() => void start(subscription)}
          >
            {t('no-subscription.reactivate.start')}
          </button>
        </p>
        <p role="status" className="ds-paragraph">
          {busy ? t('no-subscription.reactivate.starting') : null}
        </p>
      </section>
    );
  }

  const perPeriod = pricePer(subscription.price, subscription.period);
  return (
    <section aria-labelledby="no-subscription-reactivate-heading" className="screen">
      <h2 id="no-subscription-reactivate-heading" className="ds-heading" data-size="sm">
        {offer
          ? t('no-subscription.reactivate.offer-heading', { offer: reactivationOfferText(t) })
          : t('no-subscription.reactivate.heading')}
      </h2>
      {price.kind === 'loading' ? (
        <Progress>{t('no-subscription.reactivate.pricing')}</Progress>
      ) : (
        <p className="ds-paragraph">
          {offer
            ? t('no-subscription.reactivate.offer', {
                plan: subscription.planName,
                amount: formatKroner(offer.amountOre),
                ordinary: formatKroner(offer.ordinaryAmountOre),
                price: perPeriod,
              })
            : t('no-subscription.reactivate.ordinary', {
                plan: subscription.planName,
                price: perPeriod,
              })}
        </p>
      )}
      {used?.availableFrom ? (
        <p className="ds-paragraph">
          {t('no-subscription.reactivate.offer-used', {
            date: longDate(used.availableFrom),
            offer: reactivationOfferText(t),
          })}
        </p>
      ) : null}
      <p className="ds-paragraph">
        <Link className="ds-button" to={REACTIVATION_ORDER_PATH}>
          {t('no-subscription.reactivate.start')}
        </Link>
      </p>
    </section>
  );
}

export default function NoSubscriptionScreen() {
  const { t } = useTranslation('no-subscription');
  const longDate = useLongDate();
  const title = useAppSelector(selectTitle);
  const user = useAppSelector(selectUser);
  const { subscription, hasSubscription } = useAppSelector(selectSubscription);
  const previous = subscription && !hasAccess(subscription.instStatusCode) ? subscription : null;
  const endedOn = previous?.expiryDate ?? null;

  if (hasSubscription) return <Navigate replace to="/" />;

  return (
    <Screen headingId="no-subscription-heading" heading={t('no-subscription.heading')}>
      <p className="ds-paragraph">
        {title
          ? t('no-subscription.intro', { name: title.name })
          : t('no-subscription.intro-without-title')}
      </p>
      {previous?.instStatusCode === SubscriptionStatus.SUSPENDED ? (
        // Suspended for an unpaid invoice or a failed charge: home says which, and how to pay
        // it or change the payment method (dunning).
        <p className="ds-paragraph">
          {t(
            previous.suspension?.cause === 'PAYMENT_FAILED'
              ? 'no-subscription.suspended-payment-failed'
              : 'no-subscription.suspended',
            { plan: previous.planName },
          )}{' '}
          <Link className="ds-link" to="/">
            {t('no-subscription.suspended-link')}
          </Link>
        </p>
      ) : previous ? (
        <p className="ds-paragraph">
          {endedOn
            ? t('no-subscription.ended', { plan: previous.planName, date: longDate(endedOn) })
            : t('no-subscription.inactive', { plan: previous.planName })}
        </p>
      ) : null}
      {previous && ended(previous) ? (
        <Reactivation subscription={previous} />
      ) : !previous ? (
        <p className="ds-paragraph">
          <Link className="ds-link" to="/bestill-abonnement">
            {t('no-subscription.order-link')}
          </Link>
        </p>
      ) : null}
      {user.email ? (
        <p className="ds-paragraph">{t('no-subscription.logged-in-as', { email: user.email })}</p>
      ) : null}
      <p className="ds-paragraph">
        {t('no-subscription.connect-intro')}{' '}
        <Link className="ds-link" to="/koble-bruker">
          {t('no-subscription.connect-link')}
        </Link>
      </p>
      <section aria-labelledby="no-subscription-contact-heading">
        <h2 id="no-subscription-contact-heading" className="ds-heading" data-size="sm">
          {t('no-subscription.contact-heading')}
        </h2>
        <p className="ds-paragraph">{t('no-subscription.contact-intro')}</p>
        {title ? <ContactDetails title={title} /> : null}
        <p className="ds-paragraph">
          <Link className="ds-link" to="/kundeservice">
            {t('no-subscription.customer-service-link')}
          </Link>
        </p>
      </section>
    </Screen>
  );
}
