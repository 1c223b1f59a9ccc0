// The plan-change screens' words for a period and a price per period.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { Period } from '../../api/order';
import { periodSlug } from '../../lib/format/subscription';

/** "Månedlig", and "kr 279,00 per måned", in the reader's language. */
export function usePeriodWords() {
  const { t } = useTranslation('plan-change');
  const period = useCallback((value: Period) => t(`plan-change.period.${periodSlug(value)}`), [t]);
  const pricePer = useCallback(
    (price: number, value: Period) =>
      t(`plan-change.price-per.${periodSlug(value)}`, { price: formatKroner(price) }),
    [t],
  );
  return { period, pricePer };
}
