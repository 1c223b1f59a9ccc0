// /bestilling-feilet (login): an order that did not go through (spec §8 purchase errors), by
// `?arsak=`: `tidsavbrudd` (the server was too slow: try again), `avbrutt` (the payment was
// cancelled), anything else a generic failure. /order-timeout leads here too. "Prøv igjen"
// starts the same kind of order again.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { selectPurchase } from '../../flows/order/purchaseSlice';
import { useAppSelector } from '../../store/hooks';
import { Notice } from '../../ui/Notice';

import { retryPath } from './orderRules';

const REASONS = { tidsavbrudd: 'timeout', avbrutt: 'cancelled' } as const;

export default function OrderFailedScreen() {
  const { t } = useTranslation('purchase');
  const [query] = useSearchParams();
  const { lastOrder, pending } = useAppSelector(selectPurchase);
  const arsak = query.get('arsak') ?? '';
  const reason = arsak in REASONS ? REASONS[arsak as keyof typeof REASONS] : 'error';

  return (
    <section aria-labelledby="order-failed-heading" className="screen">
      <h1 id="order-failed-heading" className="ds-heading" data-size="lg">
        {t(`purchase.failed.heading.${reason}`)}
      </h1>
      <Notice color={reason === 'cancelled' ? 'info' : 'warning'}>
        {t(`purchase.failed.text.${reason}`)}
      </Notice>
      {reason === 'cancelled' ? null : (
        <p className="ds-paragraph">{t('purchase.failed.late-payment')}</p>
      )}
      <ul className="screen-links">
        <li>
          <Link className="ds-button" to={retryPath(lastOrder ?? pending)}>
            {t('purchase.failed.retry')}
          </Link>
        </li>
        <li>
          <Link className="ds-link" to="/kundeservice">
            {t('purchase.failed.customer-service')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
