// /deling-akseptert (login and subscription): where an invitee lands after accepting. What they
// now have (whose subscription, the plan and its digital features, at no cost) and what to do
// next: read on the title's site or app with this login, find the share on Min side, and what
// happens if the owner ends it. The share is the session's subscription (the store); who shares
// it comes from GET family-sharing/{titleCode} and is left out while that is not known.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { isFamilyShare } from '../../../shared/subscription/status';
import { useGetFamilySharingQuery } from '../../api/family';
import { traitsOf } from '../../lib/format/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { selectUser } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Screen } from '../../ui/Screen';

import { SharedFeatures } from './MemberView';

import './family-sharing.css';

export default function ShareAcceptedScreen() {
  const { t } = useTranslation('family-sharing');
  const title = useAppSelector(selectTitle);
  const user = useAppSelector(selectUser);
  const { subscription } = useAppSelector(selectSubscription);
  const titleCode = title?.titleCode ?? subscription?.titleCode ?? '';
  const titleName = title?.name ?? '';
  const shared = !!subscription && isFamilyShare(traitsOf(subscription));
  const family = useGetFamilySharingQuery({ titleCode }, { skip: !titleCode || !shared });
  const owner = family.data?.membership?.ownerName ?? null;

  if (!subscription || !shared)
    return (
      <Screen
        headingId="family-accepted-heading"
        className="family"
        heading={t('family-sharing.accepted.not-shared-heading')}
      >
        <Notice>{t('family-sharing.accepted.not-shared', { title: titleName })}</Notice>
        <ul className="screen-links">
          <li>
            <Link className="ds-link" to="/familiedeling">
              {t('family-sharing.accepted.family-link')}
            </Link>
          </li>
          <li>
            <HomeLink />
          </li>
        </ul>
      </Screen>
    );

  const site = title?.pageUrl ?? null;
  return (
    <Screen
      headingId="family-accepted-heading"
      className="family"
      heading={t('family-sharing.accepted.heading')}
    >
      <Notice color="success">
        {owner
          ? t('family-sharing.accepted.text', { owner, title: titleName })
          : t('family-sharing.accepted.text-without-owner', { title: titleName })}
      </Notice>
      <section aria-labelledby="family-accepted-includes" className="ds-card family-offer">
        <h2 id="family-accepted-includes" className="ds-heading" data-size="sm">
          {t('family-sharing.accepted.includes', { plan: subscription.planName })}
        </h2>
        <SharedFeatures features={subscription.features} />
        <p className="ds-paragraph">{t('family-sharing.accepted.free')}</p>
      </section>
      <section aria-labelledby="family-accepted-next" className="screen">
        <h2 id="family-accepted-next" className="ds-heading" data-size="sm">
          {t('family-sharing.accepted.next-heading')}
        </h2>
        <ol className="ds-list family-next">
          <li>
            {user.email
              ? t('family-sharing.accepted.next-login', { email: user.email })
              : t('family-sharing.accepted.next-login-without-email')}{' '}
            {site ? (
              <a className="ds-link" href={site}>
                {t('family-sharing.accepted.site-link', { title: titleName })}
              </a>
            ) : null}
          </li>
          <li>
            {t('family-sharing.accepted.next-manage')}{' '}
            <Link className="ds-link" to="/familiedeling">
              {t('family-sharing.accepted.family-link')}
            </Link>
          </li>
          <li>
            {owner
              ? t('family-sharing.accepted.next-ends', { owner })
              : t('family-sharing.accepted.next-ends-without-owner')}
          </li>
        </ol>
      </section>
      <p className="ds-paragraph">
        <HomeLink className="ds-button" data-variant="primary" />
      </p>
    </Screen>
  );
}
