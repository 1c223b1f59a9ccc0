// /allerede-abonnent (login and subscription): shown when someone who already subscribes tries
// to order again. Says which subscription they have (plan, period, renewal or last day) and
// offers to change it instead, or to go back to Min side.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useLongDate } from '../../hooks/useLongDate';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Screen } from '../../ui/Screen';
import { usePeriodWords } from '../../ui/usePeriodWords';

export default function AlreadySubscriberScreen() {
  const { t } = useTranslation('already-subscriber');
  const longDate = useLongDate();
  const { subscription } = useAppSelector(selectSubscription);
  const { period, pricePer } = usePeriodWords();
  const facts: Fact[] = [];
  if (subscription) {
    facts.push(
      { key: 'plan', label: t('already-subscriber.facts.plan'), value: subscription.planName },
      {
        key: 'period',
        label: t('already-subscriber.facts.period'),
        value: (
          <>
            {period(subscription.period)}, {pricePer(subscription.price, subscription.period)}
          </>
        ),
      },
    );
    if (subscription.renewalDate)
      facts.push({
        key: 'renewal',
        label: t('already-subscriber.facts.renewal'),
        value: longDate(subscription.renewalDate),
      });
    else if (subscription.expiryDate)
      facts.push({
        key: 'expires',
        label: t('already-subscriber.facts.expires'),
        value: longDate(subscription.expiryDate),
      });
  }

  return (
    <Screen headingId="already-subscriber-heading" heading={t('already-subscriber.heading')}>
      {subscription ? (
        <>
          <p className="ds-paragraph">
            {t('already-subscriber.intro', { product: subscription.product })}
          </p>
          <Facts facts={facts} />
        </>
      ) : null}
      <p className="ds-paragraph">{t('already-subscriber.change-intro')}</p>
      <ul className="screen-links">
        <li>
          <Link className="ds-button" to="/endre-abonnement">
            {t('already-subscriber.change')}
          </Link>
        </li>
        <li>
          <HomeLink className="ds-button" data-variant="secondary" />
        </li>
      </ul>
    </Screen>
  );
}
