// /ingen-abonnement (login): the reader is logged in but has no subscription to this title that
// gives access now. Says when an ended subscription ended, which user is logged in (a common
// cause is another login), and how to reach customer service.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { hasAccess } from '../../../shared/subscription/status';
import { useLongDate } from '../../format/useLongDate';
import { ContactDetails } from '../../layout/ContactDetails';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';

export default function NoSubscriptionScreen() {
  const { t } = useTranslation('no-subscription');
  const longDate = useLongDate();
  const title = useAppSelector(selectTitle);
  const user = useAppSelector(selectUser);
  const { subscription } = useAppSelector(selectSubscription);
  const previous = subscription && !hasAccess(subscription.instStatusCode) ? subscription : null;
  const endedOn = previous?.expiryDate ?? null;

  return (
    <section aria-labelledby="no-subscription-heading" className="screen">
      <h1 id="no-subscription-heading" className="ds-heading" data-size="lg">
        {t('no-subscription.heading')}
      </h1>
      <p className="ds-paragraph">
        {title
          ? t('no-subscription.intro', { name: title.name })
          : t('no-subscription.intro-without-title')}
      </p>
      {previous ? (
        <p className="ds-paragraph">
          {endedOn
            ? t('no-subscription.ended', { plan: previous.planName, date: longDate(endedOn) })
            : t('no-subscription.inactive', { plan: previous.planName })}
        </p>
      ) : null}
      {user.email ? (
        <p className="ds-paragraph">{t('no-subscription.logged-in-as', { email: user.email })}</p>
      ) : null}
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
    </section>
  );
}
