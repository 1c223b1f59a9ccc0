// The current plan of /endre-abonnement as facts: plan, period, price and the renewal date.
import { useTranslation } from 'react-i18next';

import type { Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { type Fact, Facts } from '../../ui/Facts';
import { usePeriodWords } from '../../ui/usePeriodWords';

/** The subscription's plan, period, price and (when it has one) renewal date. */
export function CurrentPlan({ subscription }: { readonly subscription: Subscription }) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const facts: Fact[] = [
    { key: 'plan', label: t('plan-change.facts.plan'), value: subscription.planName },
    { key: 'period', label: t('plan-change.facts.period'), value: period(subscription.period) },
    {
      key: 'price',
      label: t('plan-change.facts.price'),
      value: pricePer(subscription.price, subscription.period),
    },
  ];
  if (subscription.renewalDate)
    facts.push({
      key: 'renewal',
      label: t('plan-change.facts.renewal'),
      value: longDate(subscription.renewalDate),
    });
  return (
    <section aria-labelledby="plan-change-current-heading">
      <h2 id="plan-change-current-heading" className="ds-heading" data-size="sm">
        {t('plan-change.current.heading')}
      </h2>
      <Facts facts={facts} />
    </section>
  );
}
