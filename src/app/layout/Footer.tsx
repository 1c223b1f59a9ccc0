// The page footer of requirements §2: the title's name linking to its home page, the customer center's
// phone, e-mail and organisation number, the legal pages (terms, privacy, cookies, the
// accessibility statement), the current year, and the privacy settings (the consent manager's
// dialog). A subscriber who can cancel in self-service finds «Si opp abonnementet» here on every
// page: leaving is one click away, as joining is.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useConsentSync } from '../hooks/useConsentSync';
import { openPrivacyManager } from '../lib/consent/cmp';
import { currentYear } from '../lib/format/date';
import { cancelBlock } from '../lib/format/subscription';
import { readIntegrations } from '../lib/integrations';
import { withPreloadError } from '../lib/preloadError';
import { selectSubscription } from '../session/subscriptionSlice';
import { selectTitle } from '../session/titleSlice';
import { useAppSelector } from '../store/hooks';
import { ContactDetails } from '../ui/ContactDetails';

// The first-party consent dialog (with its form and dialog styles) is fetched when a reader is
// about to open it, not on every first visit: most never do, and it was 1.5 KB of script and
// 3 KB of styles (brotli) in every page's first load.
const loadConsentDialog = withPreloadError(() => import('./ConsentDialog'));
const ConsentDialog = lazy(() =>
  loadConsentDialog().then((module) => ({ default: module.ConsentDialog })),
);

/** The legal pages every page links to: terms, privacy, cookies, accessibility. */
const FOOTER_LINKS = [
  ['/vilkaar', 'terms'],
  ['/personvern', 'privacy'],
  ['/cookie-policy', 'cookies'],
  ['/tilgjengelighet', 'accessibility'],
] as const;

export function Footer() {
  const { t } = useTranslation();
  const title = useAppSelector(selectTitle);
  const { subscription } = useAppSelector(selectSubscription);
  const [consentOpen, setConsentOpen] = useState(false);
  useConsentSync();
  const name = title?.name ?? t('app.name');
  return (
    <footer className="site-footer">
      <div className="site-footer__content">
        {title ? (
          <section aria-labelledby="site-footer-contact">
            <h2 id="site-footer-contact" className="ds-heading" data-size="2xs">
              <a className="ds-link" href={title.pageUrl}>
                {title.name}
              </a>
            </h2>
            <p className="site-footer__lead">{t('footer.customer-center')}</p>
            <ContactDetails title={title} />
            {subscription && cancelBlock(subscription) === null ? (
              <p>
                <Link className="ds-link" to="/avslutt-abonnement">
                  {t('footer.cancel')}
                </Link>
              </p>
            ) : null}
          </section>
        ) : null}
        <nav className="site-footer__links" aria-labelledby="site-footer-links">
          <h2 id="site-footer-links" className="ds-heading" data-size="2xs">
            {t('footer.links.heading')}
          </h2>
          <ul>
            {FOOTER_LINKS.map(([path, key]) => (
              <li key={path}>
                <Link className="ds-link" to={path}>
                  {t(`footer.links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__meta">
          <button
            type="button"
            className="ds-button"
            data-variant="tertiary"
            data-size="sm"
            onPointerEnter={() => void loadConsentDialog()}
            onFocus={() => void loadConsentDialog()}
            onClick={() => {
              // The production consent manager's own privacy manager, else the first-party dialog.
              const cmp = readIntegrations().cmp;
              if (!(cmp && openPrivacyManager(cmp))) setConsentOpen(true);
            }}
          >
            {t('footer.privacy-settings')}
          </button>
          <p>{t('footer.copyright', { year: currentYear(), name })}</p>
        </div>
      </div>
      {consentOpen ? (
        <Suspense fallback={null}>
          <ConsentDialog onClose={() => setConsentOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
