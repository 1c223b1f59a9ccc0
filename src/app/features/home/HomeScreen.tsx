// / (login and subscription): the subscriber's home, readable in five seconds. A greeting; what
// needs the reader's attention now, most urgent first (Attention); the messages for readers like
// them (SegmentBanners: a price notice, a campaign; closed for good with one tap); the subscription at a glance
// with its next charge (SubscriptionSummary); and what people come to do, grouped, each one step
// away (HomeActions).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useSegmentMessages } from '../../hooks/useSegmentMessages';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { Screen } from '../../ui/Screen';
import { SegmentBanners } from '../../ui/SegmentBanners';

import { Attention } from './Attention';
import { HomeActions } from './HomeActions';
import { SubscriptionSummary } from './SubscriptionSummary';

export default function HomeScreen() {
  const { t } = useTranslation('home');
  const user = useAppSelector(selectUser);
  const { subscription, error } = useAppSelector(selectSubscription);
  const segment = useSegmentMessages(subscription, 'home');
  return (
    <Screen
      headingId="home-heading"
      className="home"
      heading={user.givenName ? t('home.greeting', { name: user.givenName }) : t('home.heading')}
    >
      {subscription ? (
        <>
          <Attention subscription={subscription} />
          <SegmentBanners banners={segment.messages} onDismiss={segment.dismiss} />
          <SubscriptionSummary subscription={subscription} paymentLookupFailed={!!error} />
        </>
      ) : (
        <p className="ds-paragraph">{t('home.missing-subscription')}</p>
      )}
      <HomeActions subscription={subscription} />
      <p className="ds-paragraph">
        {t('home.help')}{' '}
        <Link className="ds-link" to="/kundeservice">
          {t('home.customer-service-link')}
        </Link>
      </p>
    </Screen>
  );
}
