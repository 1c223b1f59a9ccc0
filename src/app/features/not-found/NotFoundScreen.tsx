// /404 (and every unknown path, redirected here): the page does not exist, at the address the
// reader asked for (carried by the redirect, never taken from the address bar of /404 itself);
// ways on from here.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { HomeLink } from '../../ui/HomeLink';
import { Screen } from '../../ui/Screen';

import './not-found.css';

/** The unknown address the redirect carried, if any. */
function requestedPath(state: unknown): string | null {
  const requested = (state as { requested?: unknown } | null)?.requested;
  return typeof requested === 'string' && requested.startsWith('/') ? requested : null;
}

export default function NotFoundScreen() {
  const { t } = useTranslation('not-found');
  const requested = requestedPath(useLocation().state);
  return (
    <Screen headingId="not-found-heading" heading={t('not-found.heading')}>
      {requested ? (
        <p className="ds-paragraph">
          {t('not-found.requested')} <code className="not-found-path">{requested}</code>
        </p>
      ) : null}
      <p className="ds-paragraph">{t('not-found.body')}</p>
      <ul className="screen-links">
        <li>
          <HomeLink />
        </li>
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('not-found.customer-service-link')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
