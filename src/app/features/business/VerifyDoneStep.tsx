// The end of /bedrift: the seat is the reader's. What they now have (plan, what it includes, who
// pays) and the way home.
import { useTranslation } from 'react-i18next';

import type { Subscription } from '../../api/subscription';
import { type Fact, Facts } from '../../ui/Facts';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';

import type { Invitation } from './verification';

const FEATURE_KEYS: Readonly<Record<string, string>> = {
  content: 'business.verify.features.content',
  'e-paper': 'business.verify.features.e-paper',
  paper: 'business.verify.features.paper',
  'partner-content': 'business.verify.features.partner-content',
};

export function VerifyDoneStep({
  subscription,
  invitation,
  titleName,
}: {
  readonly subscription: Subscription | null;
  readonly invitation: Invitation;
  readonly titleName: string;
}) {
  const { t } = useTranslation('business');
  const company = invitation.companyName;
  const facts: Fact[] = [];
  if (subscription) {
    facts.push({
      key: 'plan',
      label: t('business.verify.done.plan'),
      value: subscription.planName,
    });
    const features = subscription.features
      .map((feature) => FEATURE_KEYS[feature])
      .filter((key): key is string => !!key)
      .map((key) => t(key));
    if (features.length > 0)
      facts.push({
        key: 'features',
        label: t('business.verify.done.features'),
        value: features.join(', '),
      });
  }
  if (company)
    facts.push({ key: 'paid-by', label: t('business.verify.done.paid-by'), value: company });
  return (
    <>
      <Notice color="success">
        {company
          ? t('business.verify.done.text', { title: titleName, company })
          : t('business.verify.done.text-without-company', { title: titleName })}
      </Notice>
      {facts.length > 0 ? <Facts facts={facts} /> : null}
      <p className="ds-paragraph">{t('business.verify.done.next')}</p>
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </>
  );
}
