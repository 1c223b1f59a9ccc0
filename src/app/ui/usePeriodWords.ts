// The words for a subscription's period and its price per period, one set for every screen
// (the common namespace): «Månedlig», «kr 279,00 per måned» (nn: «Månadleg», «… per månad»).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../shared/money/money';
import type { Period } from '../api/order';
import { periodSlug } from '../lib/format/subscription';

/** `period(p)` names the period; `pricePer(øre, p)` says what it costs per period. */
export function usePeriodWords() {
  const { t } = useTranslation('common');
  const period = useCallback((value: Period) => t(`period.${periodSlug(value)}`), [t]);
  const pricePer = useCallback(
    (price: number, value: Period) =>
      t(`price-per.${periodSlug(value)}`, { price: formatKroner(price) }),
    [t],
  );
  return { period, pricePer };
}
