// What the order screen says about the age rules (src/shared's eligibility): a reader under the
// catalogue's minimum age cannot order at all, and a plan for younger readers is not offered to
// one who is too old for it; its reason is said in its place.
import { useTranslation } from 'react-i18next';

import type { CatalogueProduct } from '../../api/order';
import { Notice } from '../../ui/Notice';

/** Instead of the form: the reader is too young to order. */
export function UnderAgeNotice() {
  const { t } = useTranslation('purchase');
  return (
    <Notice color="warning" role="alert">
      {t('purchase.problems.age-below-minimum')}
    </Notice>
  );
}

/** In the plan choice: one line per youth plan the reader is too old for, with the age. */
export function YouthWithheldNotes({
  plans,
  maximumAge,
}: {
  readonly plans: readonly CatalogueProduct[];
  readonly maximumAge: number;
}) {
  const { t } = useTranslation('purchase');
  return (
    <>
      {plans.map((p) => (
        <p className="ds-paragraph" key={p.ariaPlanID}>
          {t('purchase.order.youth-too-old', { plan: p.planName, age: maximumAge })}
        </p>
      ))}
    </>
  );
}
