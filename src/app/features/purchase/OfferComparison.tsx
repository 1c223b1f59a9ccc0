// Both offers side by side when a discount code replaces the first month for 1 kr (they are not
// combined): what each costs now, what comes after, from when each is at the full price, and
// which one applies and why. All from the server's quote (`waivedOffer`, `firstFullCharge`).
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { DiscountDetails, FullPriceCharge, OrderQuote, WaivedOffer } from '../../api/order';
import { useLongDate } from '../../hooks/useLongDate';
import { type Fact, Facts } from '../../ui/Facts';
import { usePeriodWords } from '../../ui/usePeriodWords';

import '../../ui/designsystemet-tags.css';

const HEADING_ID = 'purchase-compare-heading';

/** A quote where a discount code replaced an offer. */
export type ComparedQuote = OrderQuote & {
  readonly discount: DiscountDetails;
  readonly waivedOffer: WaivedOffer;
};

export const comparesOffers = (quote: OrderQuote | null): quote is ComparedQuote =>
  !!quote?.discount && !!quote.waivedOffer;

export function OfferComparison({ quote }: { readonly quote: ComparedQuote }) {
  const { t } = useTranslation('purchase');
  const longDate = useLongDate();
  const { pricePer } = usePeriodWords();
  const offer = quote.waivedOffer;
  const code = quote.discount.discountCode;
  const offerPrice = formatKroner(offer.amount);
  const full = (charge: FullPriceCharge): Fact => ({
    key: 'full',
    label: t('purchase.compare.full-price'),
    value: t('purchase.summary.full-price-value', {
      date: longDate(charge.date),
      price: pricePer(charge.amount, quote.period),
    }),
  });
  const offerFacts: Fact[] = [
    { key: 'now', label: t('purchase.compare.now'), value: offerPrice },
    full(offer.firstFullCharge),
  ];
  const codeFacts: Fact[] = [
    { key: 'now', label: t('purchase.compare.now'), value: formatKroner(quote.amount) },
  ];
  // Discounted renewals before the full price (a code over several periods).
  if (quote.firstFullCharge.date > quote.renewalDate)
    codeFacts.push({
      key: 'then',
      label: t('purchase.compare.then'),
      value: t('purchase.summary.then-value', {
        price: pricePer(quote.renewalPrice, quote.period),
        date: longDate(quote.renewalDate),
      }),
    });
  codeFacts.push(full(quote.firstFullCharge));

  return (
    <section aria-labelledby={HEADING_ID} className="purchase-compare">
      <h2 id={HEADING_ID} className="ds-heading" data-size="sm">
        {t('purchase.compare.heading')}
      </h2>
      <p className="ds-paragraph">
        {t('purchase.compare.not-combined', { code, price: offerPrice })}
      </p>
      <div className="purchase-compare-offers">
        <article
          aria-labelledby="purchase-compare-offer"
          className="ds-card purchase-compare-offer"
          data-applies="false"
        >
          <h3 id="purchase-compare-offer" className="ds-heading" data-size="xs">
            {t('purchase.compare.offer-heading', { price: offerPrice })}
          </h3>
          <p className="ds-paragraph">
            <span className="ds-tag" data-color="neutral">
              {t('purchase.compare.not-applied')}
            </span>
          </p>
          <Facts facts={offerFacts} />
        </article>
        <article
          aria-labelledby="purchase-compare-code"
          className="ds-card purchase-compare-offer"
          data-applies="true"
        >
          <h3 id="purchase-compare-code" className="ds-heading" data-size="xs">
            {t('purchase.compare.code-heading', { code })}
          </h3>
          <p className="ds-paragraph">
            <span className="ds-tag" data-color="success">
              {t('purchase.compare.applies')}
            </span>
          </p>
          <Facts facts={codeFacts} />
        </article>
      </div>
      <p className="ds-paragraph">{t('purchase.compare.remove-hint', { price: offerPrice })}</p>
    </section>
  );
}
