// /maintenance: Min Side is closed for maintenance; try again later, or call customer service
// when it cannot wait.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { ContactDetails } from '../../ui/ContactDetails';
import { Screen } from '../../ui/Screen';

export default function MaintenanceScreen() {
  const { t } = useTranslation('maintenance');
  const title = useAppSelector(selectTitle);
  return (
    <Screen headingId="maintenance-heading" heading={t('maintenance.heading')}>
      <p className="ds-paragraph">{t('maintenance.body')}</p>
      <p className="ds-paragraph">
        <Link className="ds-link" to="/">
          {t('maintenance.try-again')}
        </Link>
      </p>
      {title ? (
        <section aria-labelledby="maintenance-contact-heading">
          <h2 id="maintenance-contact-heading" className="ds-heading" data-size="sm">
            {t('maintenance.contact-heading')}
          </h2>
          <p className="ds-paragraph">{t('maintenance.contact')}</p>
          <ContactDetails title={title} />
        </section>
      ) : null}
    </Screen>
  );
}
