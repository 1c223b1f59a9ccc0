// /404 (and every unknown path, redirected here): the page does not exist; ways on from here.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundScreen() {
  const { t } = useTranslation('not-found');
  return (
    <section aria-labelledby="not-found-heading" className="screen">
      <h1 id="not-found-heading" className="ds-heading" data-size="lg">
        {t('not-found.heading')}
      </h1>
      <p className="ds-paragraph">{t('not-found.body')}</p>
      <ul className="screen-links">
        <li>
          <Link className="ds-link" to="/">
            {t('not-found.home-link')}
          </Link>
        </li>
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('not-found.customer-service-link')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
