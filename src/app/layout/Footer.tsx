// The page footer of spec §2: the title's name linking to its home page, the customer center's
// phone, e-mail and organisation number, the legal pages (terms, privacy, cookies, the
// accessibility statement), the current year, and the privacy settings (the consent manager's
// dialog).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useConsentSync } from '../hooks/useConsentSync';
import { openPrivacyManager } from '../lib/consent/cmp';
import { currentYear } from '../lib/format/date';
import { readIntegrations } from '../lib/integrations';
import { selectTitle } from '../session/titleSlice';
import { useAppSelector } from '../store/hooks';
import { ContactDetails } from '../ui/ContactDetails';

import { ConsentDialog } from './ConsentDialog';

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
      {consentOpen ? <ConsentDialog onClose={() => setConsentOpen(false)} /> : null}
    </footer>
  );
}
