// The way back to Min side ("Tilbake til Min side"), as a screen offers it below its content or
// in a notice that ends the flow.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function HomeLink() {
  const { t } = useTranslation('common');
  return (
    <Link className="ds-link" to="/">
      {t('links.home')}
    </Link>
  );
}
