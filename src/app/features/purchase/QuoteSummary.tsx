// The order in words for the purchase screens: the server's quote as a summary (what is bought,
// what an upgrade adds, what it costs now and afterwards, and from when the full price is paid),
// the facts of a finished or refused order (with its short reference for the customer centre),
// and a price per period. Built on the ui kit's Facts.
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { Order, OrderQuote } from '../../api/order';
import { useDateRange, useLongDate } from '../../hooks/useLongDate';
import { reactivationOfferText } from '../../lib/format/offer';
import { type Fact, Facts } from '../../ui/Facts';
import { providerSlug } from '../../ui/paymentProviders';
import { usePeriodWords } from '../../ui/usePeriodWords';

import './purchase.css';

/** An upgrade's gain as a list, or in plain words that it adds no content. */
function AddedFeatures({ features }: { readonly features: OrderQuote['addedFeatures'] }) {
  const { t } = useTranslation('purchase');
  if (features.length === 0) return <>{t('purchase.summary.added-nothing')}</>;
  return (
    <ul className="ds-list">
      {features.map((feature) => (
        <li key={feature}>{t(`purchase.features.${feature}`)}</li>
      ))}
    </ul>
  );
}

/**
 * The quote in words: product, period, what an upgrade adds, offer or discount, the amount now
 * and afterwards, and the first payment at the full price when discounted renewals come first.
 */
export function QuoteSummary({ quote }: { readonly quote: OrderQuote }) {
  const { t } = useTranslation('purchase');
  const longDate = useLongDate();
  const dateRange = useDateRange();
  const { period, pricePer } = usePeriodWords();
  const facts: Fact[] = [
    {
      key: 'plan',
      label: t('purchase.summary.plan'),
      value: t('purchase.summary.plan-value', { plan: quote.planName, product: quote.product }),
    },
    {
      key: 'period',
      label: t('purchase.summary.period'),
      value: period(quote.period),
    },
  ];
  if (quote.kind === 'upgrade')
    facts.push({
      key: 'added',
      label: t('purchase.summary.added'),
      value: <AddedFeatures features={quote.addedFeatures} />,
    });
  if (quote.offer === 'FIRST_MONTH_1KR')
    facts.push({
      key: 'offer',
      label: t('purchase.summary.offer'),
      value: t('purchase.summary.offer-first-month', { price: formatKroner(quote.amount) }),
    });
  if (quote.offer === 'REACTIVATION_3_FOR_1')
    facts.push({
      key: 'offer',
      label: t('purchase.summary.offer'),
      value: t('purchase.summary.offer-reactivation', { offer: reactivationOfferText(t) }),
    });
  // An offer the plan has that this reader is not given, and why (the server decides it).
  const unavailable = quote.unavailableOffer;
  if (unavailable)
    facts.push({
      key: 'offer',
      label: t('purchase.summary.offer'),
      value:
        unavailable.offer === 'FIRST_MONTH_1KR'
          ? t('purchase.summary.offer-unavailable-first-month')
          : t('purchase.summary.offer-unavailable-reactivation', {
              usedOn: unavailable.usedOn ? longDate(unavailable.usedOn) : '',
              availableFrom: unavailable.availableFrom ? longDate(unavailable.availableFrom) : '',
              offer: reactivationOfferText(t),
            }),
    });
  if (quote.discount)
    facts.push({
      key: 'discount',
      label: t('purchase.summary.discount', { code: quote.discount.discountCode }),
      value: quote.discount.description,
    });
  if (quote.proration)
    facts.push({
      key: 'proration',
      label: t('purchase.summary.proration'),
      // More days left than one period has: several periods are paid (an offer's).
      value: t(
        quote.proration.remainingDays > quote.proration.periodDays
          ? 'purchase.summary.proration-value-paid'
          : 'purchase.summary.proration-value',
        {
          from: formatKroner(quote.proration.fromPrice),
          to: formatKroner(quote.proration.toPrice),
          remaining: quote.proration.remainingDays,
          days: quote.proration.periodDays,
          until: longDate(quote.renewalDate),
        },
      ),
    });
  facts.push(
    {
      key: 'now',
      label: t('purchase.summary.now'),
      value: t('purchase.summary.now-value', {
        amount: formatKroner(quote.amount),
        period: dateRange(quote.periodStart, quote.periodEnd),
      }),
    },
    {
      key: 'then',
      label: t('purchase.summary.then'),
      value: t('purchase.summary.then-value', {
        price: pricePer(quote.renewalPrice, quote.period),
        date: longDate(quote.renewalDate),
      }),
    },
  );
  // A discount code over several periods: when its lower price ends (the server counts the
  // periods). When the next renewal is already at the full price, "then" above says so.
  if (quote.firstFullCharge.date > quote.renewalDate)
    facts.push({
      key: 'full-price',
      label: t('purchase.summary.full-price'),
      value: t('purchase.summary.full-price-value', {
        date: longDate(quote.firstFullCharge.date),
        price: pricePer(quote.firstFullCharge.amount, quote.period),
      }),
    });
  return (
    <section aria-labelledby="purchase-summary-heading" className="purchase-summary">
      <h2 id="purchase-summary-heading" className="ds-heading" data-size="sm">
        {t('purchase.summary.heading')}
      </h2>
      <Facts facts={facts} />
      <p className="ds-paragraph">{t('purchase.summary.no-binding')}</p>
    </section>
  );
}

/** Order facts shown on the result screens (receipt, declined payment). */
export function useOrderFacts() {
  const { t } = useTranslation('purchase');
  const { period } = usePeriodWords();
  return (order: Order): Fact[] => [
    // What the reader gives the customer centre to find the order (never its technical id).
    { key: 'reference', label: t('purchase.facts.reference'), value: order.reference },
    { key: 'plan', label: t('purchase.summary.plan'), value: order.planName },
    {
      key: 'period',
      label: t('purchase.summary.period'),
      value: period(order.period),
    },
    // Only a completed order was paid: for any other, what was tried and that nothing was taken.
    ...(order.status === 'COMPLETED'
      ? [{ key: 'amount', label: t('purchase.facts.amount'), value: formatKroner(order.amount) }]
      : [
          {
            key: 'attempted',
            label: t('purchase.facts.attempted'),
            value: formatKroner(order.amount),
          },
          { key: 'charged', label: t('purchase.facts.charged'), value: formatKroner(0) },
        ]),
    {
      key: 'payment',
      label: t(
        order.status === 'COMPLETED'
          ? 'purchase.facts.payment-method'
          : 'purchase.facts.attempted-method',
      ),
      value: t(`purchase.provider.${providerSlug(order.paymentProvider)}`),
    },
  ];
}
