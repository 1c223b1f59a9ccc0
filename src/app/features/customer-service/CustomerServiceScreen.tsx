// /kundeservice (no guard): the title's contact channels and answers to common questions about
// Min Side, each a native disclosure (<details>/<summary>: keyboard and screen readers for free).
import { useTranslation } from 'react-i18next';

import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { ContactDetails } from '../../ui/ContactDetails';

/** The questions, in the order shown: customer-service.faq.<id>.question / .answer. */
const faqIds = [
  'login',
  'payment-method',
  'cancel',
  'renewal',
  'delivery',
  'family-sharing',
  'invoices',
  'data',
] as const;

export default function CustomerServiceScreen() {
  const { t } = useTranslation('customer-service');
  const title = useAppSelector(selectTitle);
  return (
    <section aria-labelledby="customer-service-heading" className="screen">
      <h1 id="customer-service-heading" className="ds-heading" data-size="lg">
        {t('customer-service.heading')}
      </h1>
      <p className="ds-paragraph">{t('customer-service.intro')}</p>
      <section aria-labelledby="customer-service-contact-heading">
        <h2 id="customer-service-contact-heading" className="ds-heading" data-size="sm">
          {title
            ? t('customer-service.contact-heading-title', { name: title.name })
            : t('customer-service.contact-heading')}
        </h2>
        <p className="ds-paragraph">{t('customer-service.contact-intro')}</p>
        {title ? <ContactDetails title={title} /> : null}
      </section>
      <section aria-labelledby="customer-service-faq-heading">
        <h2 id="customer-service-faq-heading" className="ds-heading" data-size="sm">
          {t('customer-service.faq-heading')}
        </h2>
        {faqIds.map((id) => (
          <details key={id} className="ds-details">
            <summary>{t(`customer-service.faq.${id}.question`)}</summary>
            <div>
              <p className="ds-paragraph">{t(`customer-service.faq.${id}.answer`)}</p>
            </div>
          </details>
        ))}
      </section>
    </section>
  );
}
