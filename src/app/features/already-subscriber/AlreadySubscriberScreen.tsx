// /allerede-abonnent (login and subscription): shown when someone who already subscribes tries
// to order again. Says which subscription they have (plan, period, renewal or last day) and
// offers to change it instead, or to go back to Min side.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { useLongDate } from '../../hooks/useLongDate';
import { periodSlug } from '../../lib/format/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Screen } from '../../ui/Screen';

export default function AlreadySubscriberScreen() {
  const { t } = useTranslation('already-subscriber');
  const longDate = useLongDate();
  const { subscription } = useAppSelector(selectSubscription);
  const slug = subscription ? periodSlug(subscription.period) : null;
  const facts: Fact[] = [];
  if (subscription && slug) {
    facts.push(
      { key: 'plan', label: t('already-subscriber.facts.plan'), value: subscription.planName },
      {
        key: 'period',
        label: t('already-subscriber.facts.period'),
        value: (
          <>
            {t(`already-subscriber.period.${slug}`)},{' '}
            {t(`already-subscriber.price-per.${slug}`, {
              price: formatKroner(subscription.price),
            })}
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
      {subscription && slug ? (
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
