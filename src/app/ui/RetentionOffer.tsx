// The retention offer (src/shared/subscription/winback.ts): a cheaper way to keep the
// subscription, put forward before a cancellation is confirmed and on /winback, in one wording:
// the plan and its price per period (or the youth plan), the yearly saving, and the renewal day
// the change takes effect. The heading is the screen's (a card heading, or none when the step's
// heading already says it); the actions stay with the screen.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../shared/money/money';
import type { WinbackOffer } from '../../shared/subscription/winback';
import { formatLongDate } from '../lib/format/date';
import { periodSlug } from '../lib/format/subscription';
import { DEFAULT_LANGUAGE, isLanguage } from '../lib/i18n/i18n';

import { OfferCard } from './OfferCard';
import { usePeriodWords } from './usePeriodWords';

export interface RetentionOfferProps {
  readonly offer: WinbackOffer;
  /** The card's own heading (an h2); none when the heading above already names the offer. */
  readonly heading?: ReactNode;
}

export function RetentionOffer({ offer, heading }: RetentionOfferProps) {
  const { t, i18n } = useTranslation('common');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const slug = periodSlug(offer.period);
  const { pricePer } = usePeriodWords();
  return (
    <OfferCard heading={heading}>
      <p className="ds-paragraph">
        {t(offer.kind === 'youth' ? 'retention-offer.youth' : 'retention-offer.period', {
          plan: offer.planName,
          period: t(`retention-offer.period-words.${slug}`),
          price: pricePer(offer.price, offer.period),
          saving: formatKroner(offer.yearlySaving),
        })}
      </p>
      <p className="ds-paragraph">
        {t('retention-offer.effective', { date: formatLongDate(offer.effectiveDate, language) })}
      </p>
    </OfferCard>
  );
}
