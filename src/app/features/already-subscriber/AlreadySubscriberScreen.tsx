// /allerede-abonnent (login and subscription): shown when someone who already subscribes tries
// to order again. Says which subscription they have (plan, period, renewal or last day) and
// offers to change it instead, or to go back to Min side.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { periodSlug } from '../../format/subscription';
import { useLongDate } from '../../format/useLongDate';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppSelector } from '../../store/hooks';

export default function AlreadySubscriberScreen() {
  const { t } = useTranslation('already-subscriber');
  const longDate = useLongDate();
  const { subscription } = useAppSelector(selectSubscription);
  const slug = subscription ? periodSlug(subscription.period) : null;

  return (
    <section aria-labelledby="already-subscriber-heading" className="screen">
      <h1 id="already-subscriber-heading" className="ds-heading" data-size="lg">
        {t('already-subscriber.heading')}
      </h1>
      {subscription && slug ? (
        <>
          <p className="ds-paragraph">
            {t('already-subscriber.intro', { product: subscription.product })}
          </p>
          <dl className="facts">
            <div>
              <dt>{t('already-subscriber.facts.plan')}</dt>
              <dd>{subscription.planName}</dd>
            </div>
            <div>
              <dt>{t('already-subscriber.facts.period')}</dt>
              <dd>
                {t(`already-subscriber.period.${slug}`)},{' '}
                {t(`already-subscriber.price-per.${slug}`, {
                  price: formatKroner(subscription.price),
                })}
              </dd>
            </div>
            {subscription.renewalDate ? (
              <div>
                <dt>{t('already-subscriber.facts.renewal')}</dt>
                <dd>{longDate(subscription.renewalDate)}</dd>
              </div>
            ) : subscription.expiryDate ? (
              <div>
                <dt>{t('already-subscriber.facts.expires')}</dt>
                <dd>{longDate(subscription.expiryDate)}</dd>
              </div>
            ) : null}
          </dl>
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
          <Link className="ds-button" data-variant="secondary" to="/">
            {t('already-subscriber.home')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
