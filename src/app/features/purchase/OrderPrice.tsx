// The price on the order form: the server's quote of what is chosen now (announced as it comes),
// "asking" while it is on its way, and the quote's refusal, with "try again" when the reason is
// not known. A refused discount code is said under its box instead (DiscountCodeField). When a
// code replaces the first month for 1 kr, both are shown side by side first (OfferComparison).
import { useTranslation } from 'react-i18next';

import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';

import { comparesOffers, OfferComparison } from './OfferComparison';
import { QuoteSummary } from './QuoteSummary';
import type { OrderQuoteState } from './useOrderQuote';

export function OrderPrice({
  quoteState,
  problem,
}: {
  readonly quoteState: OrderQuoteState;
  /** The message key of the quote's refusal, if the server refused it. */
  readonly problem: string | null;
}) {
  const { t } = useTranslation('purchase');
  const { quote, loading, retry } = quoteState;
  return (
    <>
      <div aria-live="polite">
        {comparesOffers(quote) ? <OfferComparison quote={quote} /> : null}
        {quote ? <QuoteSummary quote={quote} /> : null}
        {loading ? <Progress>{t('purchase.summary.loading')}</Progress> : null}
      </div>
      {problem ? (
        <Notice color="danger" role="alert">
          <p>{t(problem)}</p>
          {problem === 'purchase.problems.generic' ? (
            <button type="button" className="ds-button" data-variant="secondary" onClick={retry}>
              {t('purchase.summary.retry')}
            </button>
          ) : null}
        </Notice>
      ) : null}
    </>
  );
}
