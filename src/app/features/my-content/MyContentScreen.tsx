// /mitt-innhold (a subscriber): what the subscription gives access to (requirements §3 features:
// content, e-paper, paper, family sharing, the partner titles' content), each with where to use
// it; for a plan with the partner content, the other titles of the group, each linked. A family
// member's share says whose it is.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { publications } from '../../../shared/publications/registry';
import type { Feature } from '../../../shared/subscription/features';
import { isFamilyShare } from '../../../shared/subscription/status';
import type { Title } from '../../api/title';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { Screen } from '../../ui/Screen';

import './my-content.css';

/** The other titles of the title's regional group (the partner content), by name. */
function partnersOf(titleCode: string) {
  const own = publications.find((p) => p.titleCode === titleCode);
  if (!own) return [];
  return publications
    .filter((p) => p.group === own.group && p.titleCode !== titleCode)
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'nb'));
}

/** Where a feature is used: the title's site, its e-paper, a Min Side page. */
function placesOf(feature: Feature, title: Title) {
  const site = title.pageUrl.replace(/\/$/, '');
  switch (feature) {
    case 'content':
      return [{ key: 'site', href: title.pageUrl, external: true }];
    case 'e-paper':
      return [{ key: 'e-paper', href: `${site}/eavis/`, external: true }];
    case 'paper':
      return [
        { key: 'delivery-change', href: '/endre-avislevering', external: false },
        { key: 'complaint', href: '/tilbakemelding', external: false },
      ];
    case 'family-share':
      return [{ key: 'family', href: '/familiedeling', external: false }];
    case 'partner-content':
      return [];
  }
}

export default function MyContentScreen() {
  const { t } = useTranslation('my-content');
  const title = useAppSelector(selectTitle);
  const { subscription } = useAppSelector(selectSubscription);
  if (!title || !subscription) return null;
  const features = subscription.features as readonly Feature[];
  const partners = features.includes('partner-content') ? partnersOf(title.titleCode) : [];
  return (
    <Screen headingId="my-content-heading" className="my-content" heading={t('my-content.heading')}>
      <p className="ds-paragraph">
        {t(isFamilyShare(subscription) ? 'my-content.intro-share' : 'my-content.intro', {
          plan: subscription.planName,
          title: title.name,
        })}
      </p>
      <ul className="my-content-list">
        {features.map((feature) => (
          <li key={feature} className="my-content-item">
            <h2 className="ds-heading" data-size="xs">
              {t(`my-content.feature.${feature}.heading`)}
            </h2>
            <p className="ds-paragraph">
              {t(`my-content.feature.${feature}.text`, { title: title.name })}
            </p>
            {feature === 'content' && title.videoBaseUrl ? (
              <p className="my-content-links">
                <a className="ds-link" href={title.pageUrl}>
                  {t('my-content.place.site', { title: title.name })}
                </a>
                <a className="ds-link" href={title.videoBaseUrl}>
                  {t('my-content.place.video')}
                </a>
              </p>
            ) : (
              <p className="my-content-links">
                {placesOf(feature, title).map((place) =>
                  place.external ? (
                    <a key={place.key} className="ds-link" href={place.href}>
                      {t(`my-content.place.${place.key}`, { title: title.name })}
                    </a>
                  ) : (
                    <Link key={place.key} className="ds-link" to={place.href}>
                      {t(`my-content.place.${place.key}`)}
                    </Link>
                  ),
                )}
              </p>
            )}
            {feature === 'partner-content' && partners.length > 0 ? (
              <ul className="my-content-partners" aria-label={t('my-content.partners')}>
                {partners.map((p) => (
                  <li key={p.titleCode}>
                    <a className="ds-link" href={`${p.baseUrl}/`}>
                      {p.displayName}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </Screen>
  );
}
