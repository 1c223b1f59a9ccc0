// What the steps of /endre-abonnement share: where the flow is, what a choice adds to the current
// plan, and a failed call said as an alert.
import { useTranslation } from 'react-i18next';

import type { Feature } from '../../../shared/subscription/features';
import type { OrderQuote } from '../../api/order';
import type { FailureKind } from '../../api/problem';
import { Notice } from '../../ui/Notice';

import type { PlanChoice } from './planChoices';

/**
 * Where the flow is: choosing (`returned` after going back, with the choice made before),
 * confirming a downgrade or period change, or an upgrade's quote.
 */
export type Step =
  | { readonly name: 'choose'; readonly returned: boolean; readonly choice: string }
  | { readonly name: 'confirm'; readonly choice: PlanChoice }
  | { readonly name: 'upgrade'; readonly choice: PlanChoice; readonly quote: OrderQuote };

/** What a choice adds to the current plan, as a list; or, for an upgrade, that it adds nothing. */
export function AddedFeatures({
  features,
  upgrade,
}: {
  readonly features: readonly Feature[];
  readonly upgrade: boolean;
}) {
  const { t } = useTranslation('plan-change');
  if (features.length === 0)
    return upgrade ? <p className="ds-paragraph">{t('plan-change.added.nothing')}</p> : null;
  return (
    <>
      <p className="ds-paragraph">{t('plan-change.added.intro')}</p>
      <ul className="ds-list">
        {features.map((feature) => (
          <li key={feature}>{t(`plan-change.features.${feature}`)}</li>
        ))}
      </ul>
    </>
  );
}

/** The catalogue message of a failed call. */
const failureKey = (kind: FailureKind) => `plan-change.errors.${kind}`;

/** A failed call, in words, as an alert. */
export function FailureAlert({ kind }: { readonly kind: FailureKind }) {
  const { t } = useTranslation('plan-change');
  return (
    <Notice color="danger" role="alert">
      {t(failureKey(kind))}
    </Notice>
  );
}
