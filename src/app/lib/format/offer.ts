// The reactivation offer in words ("3 måneder for prisen av 1"): one wording in the common
// catalogue, with the numbers of the offer's rule, that every text naming the offer takes in as
// {{offer}}.
import type { TFunction } from 'i18next';

import { REACTIVATION_OFFER } from '../../../shared/subscription/proration';

export function reactivationOfferText(t: TFunction): string {
  return t('common:offers.reactivation', {
    months: REACTIVATION_OFFER.months,
    paid: REACTIVATION_OFFER.paidMonths,
  });
}
