// A title's customer-center contact channels (requirements §3 Title): phone, e-mail and organisation
// number, shared by the footer and the screens that send the reader to customer service.
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import type { Title } from '../api/title';

import './contact-details.css';

type Props = Omit<HTMLAttributes<HTMLDListElement>, 'title'> & {
  readonly title: Pick<
    Title,
    'customerCenterPhoneNumber' | 'customerCenterEmail' | 'organizationNumber'
  >;
};

/** `tel:` link of a phone number as written, e.g. "+47 400 00 001" → "tel:+4740000001". */
export function telHref(phone: string): string {
  const dialled = phone.replace(/[^\d+]/g, '');
  return `tel:${/^\d{8}$/.test(dialled) ? `+47${dialled}` : dialled}`;
}

/** A Norwegian organisation number in groups of three, e.g. "999000001" → "999 000 001". */
export function formatOrganizationNumber(number: string): string {
  const digits = number.replace(/\s/g, '');
  return /^\d{9}$/.test(digits) ? digits.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3') : number;
}

export function ContactDetails({ title, className, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <dl className={['contact-details', className].filter(Boolean).join(' ')} {...rest}>
      <div>
        <dt>{t('contact.phone')}</dt>
        <dd>
          <a className="ds-link" href={telHref(title.customerCenterPhoneNumber)}>
            {title.customerCenterPhoneNumber}
          </a>
        </dd>
      </div>
      <div>
        <dt>{t('contact.email')}</dt>
        <dd>
          <a className="ds-link" href={`mailto:${title.customerCenterEmail}`}>
            {title.customerCenterEmail}
          </a>
        </dd>
      </div>
      <div>
        <dt>{t('contact.org-number')}</dt>
        <dd>{formatOrganizationNumber(title.organizationNumber)}</dd>
      </div>
    </dl>
  );
}
