// What a stop on /endre-avislevering means for the price: how many issues it stops and what they
// are credited (a sum, the title's rule for it, or nothing), in words.
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { DeliveryChangeOverview } from '../../api/delivery';

import type { ChangeValues } from './changeValues';
import { daysInPeriod } from './format';

/** What the chosen stop means: how many issues, and the price (a credit, or unchanged). */
export function PriceEffect({
  overview,
  values,
}: {
  readonly overview: DeliveryChangeOverview;
  readonly values: ChangeValues;
}) {
  const { t } = useTranslation('delivery-change');
  const { price, calendar } = overview;
  const credits = price.stopCredit === 'PER_ISSUE';
  const perIssue = credits ? price.creditPerIssueOre : null;
  const issues =
    values.fromDate && values.toDate && !values.openEnd && values.toDate >= values.fromDate
      ? daysInPeriod(calendar!.deliveryDays, values.fromDate, values.toDate)
      : null;
  return (
    <div className="delivery-change-price" aria-live="polite">
      {issues !== null ? (
        <p className="ds-paragraph">
          {t(issues === 1 ? 'delivery-change.price.issue' : 'delivery-change.price.issues', {
            count: issues,
          })}
        </p>
      ) : null}
      <p className="ds-paragraph">
        {!credits ? (
          t('delivery-change.price.none')
        ) : perIssue !== null && issues !== null ? (
          t('delivery-change.price.credit-total', {
            amount: formatKroner(issues * perIssue),
            perIssue: formatKroner(perIssue),
          })
        ) : (
          <StopCreditText price={price} />
        )}
      </p>
    </div>
  );
}

/** What a stopped issue is credited, by the title's paper share (the screen's price note too). */
export function StopCreditText({ price }: { readonly price: DeliveryChangeOverview['price'] }) {
  const { t } = useTranslation('delivery-change');
  const share = price.paperSharePercent ?? 0;
  return (
    <>
      {price.creditPerIssueOre !== null
        ? t('delivery-change.price.credit', {
            perIssue: formatKroner(price.creditPerIssueOre),
            share,
          })
        : t('delivery-change.price.credit-unpriced', { share })}{' '}
      {t('delivery-change.price.credit-paid-only')}
    </>
  );
}
