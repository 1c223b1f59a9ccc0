// /kundeservice (no guard): the title's contact channels and answers to common questions about
// Min Side, each a native disclosure (<details>/<summary>: keyboard and screen readers for free).
// The answers say what the product does today, no more: each links to the screens that do it
// (faq.ts, checked against the route table by a test), and what a screen shows from data is told
// from the same data (the payment methods, and from the title's public catalogue the first-month
// offer and the plans with family sharing; without the catalogue those sentences are left out).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import { type Catalogue, useGetCatalogueQuery } from '../../api/order';
import { selectTitle } from '../../session/titleSlice';
import { useAppSelector } from '../../store/hooks';
import { ContactDetails } from '../../ui/ContactDetails';
import { providerSlug } from '../../ui/paymentProviders';
import { Screen } from '../../ui/Screen';

import { faq, type FaqEntry, familySharePlans, firstMonthOffer, paymentMethods } from './faq';

import '../../ui/designsystemet-details.css';

/** The sentences of an answer that come from data (the catalogue), in the reader's language. */
function useDataSentences() {
  const { t } = useTranslation('customer-service');
  const list = (items: readonly string[]) =>
    items.length > 1
      ? `${items.slice(0, -1).join(', ')}${t('customer-service.faq.and')}${items.at(-1)}`
      : (items[0] ?? '');
  return (id: string, catalogue: Catalogue | undefined): string | null => {
    if (!catalogue) return null;
    if (id === 'renewal') {
      const offer = firstMonthOffer(catalogue);
      return offer
        ? t('customer-service.faq.renewal.first-month', {
            plan: offer.plan,
            price: formatKroner(offer.price),
          })
        : null;
    }
    if (id === 'family-sharing') {
      const plans = familySharePlans(catalogue);
      return plans.length > 0
        ? t('customer-service.faq.family-sharing.plans', { plans: list(plans) })
        : t('customer-service.faq.family-sharing.no-plans');
    }
    return null;
  };
}

function Answer({
  entry,
  catalogue,
}: {
  readonly entry: FaqEntry;
  readonly catalogue: Catalogue | undefined;
}) {
  const { t } = useTranslation('customer-service');
  const dataSentence = useDataSentences();
  const methods = paymentMethods
    .map((provider) => t(`customer-service.faq.providers.${providerSlug(provider)}`))
    .join(t('customer-service.faq.or'));
  const fromData = dataSentence(entry.id, catalogue);
  return (
    <div>
      <p className="ds-paragraph">
        {t(`customer-service.faq.${entry.id}.answer`, { methods })}
        {fromData ? ` ${fromData}` : null}
      </p>
      {entry.links.length > 0 ? (
        <ul className="screen-links">
          {entry.links.map((link) => (
            <li key={link.to}>
              <Link className="ds-link" to={link.to}>
                {t(`customer-service.faq.links.${link.label}`)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function CustomerServiceScreen() {
  const { t } = useTranslation('customer-service');
  const title = useAppSelector(selectTitle);
  const titleCode = title?.titleCode ?? '';
  const catalogue = useGetCatalogueQuery({ titleCode }, { skip: !titleCode });
  return (
    <Screen headingId="customer-service-heading" heading={t('customer-service.heading')}>
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
        {faq.map((entry) => (
          <details key={entry.id} className="ds-details">
            <summary>{t(`customer-service.faq.${entry.id}.question`)}</summary>
            <Answer entry={entry} catalogue={catalogue.data} />
          </details>
        ))}
      </section>
    </Screen>
  );
}
