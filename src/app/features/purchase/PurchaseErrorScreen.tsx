// /feil-kjop (no guard): the payment was declined or the purchase could not be completed. With
// `?ordre=<id>` the order is shown (for a logged-in reader). Nothing was charged; the reader can
// try again with another payment method.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { useGetOrderQuery } from '../../api/order';
import { selectLoggedIn } from '../../session/userSlice';
import { useAppSelector } from '../../store/hooks';
import { Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';

import { retryPath } from './orderRules';
import { useOrderFacts } from './QuoteSummary';

export default function PurchaseErrorScreen() {
  const { t } = useTranslation('purchase');
  const orderFacts = useOrderFacts();
  const [query] = useSearchParams();
  const loggedIn = useAppSelector(selectLoggedIn);
  const orderId = query.get('ordre')?.trim() ?? '';
  // Only a logged-in reader's own order can be shown (a 401 would start a login from here).
  const { data: order } = useGetOrderQuery({ orderId }, { skip: !orderId || !loggedIn });
  const declined = order?.status === 'DECLINED';

  return (
    <section aria-labelledby="purchase-error-heading" className="screen">
      <h1 id="purchase-error-heading" className="ds-heading" data-size="lg">
        {t(orderId ? 'purchase.error.heading' : 'purchase.error.heading-unknown')}
      </h1>
      <Notice color="warning">
        {t(
          declined
            ? 'purchase.error.declined'
            : orderId
              ? 'purchase.error.not-completed'
              : 'purchase.error.unknown-order',
        )}
      </Notice>
      <p className="ds-paragraph">{t('purchase.error.nothing-charged')}</p>
      {order ? (
        <section aria-labelledby="purchase-error-order-heading">
          <h2 id="purchase-error-order-heading" className="ds-heading" data-size="sm">
            {t('purchase.error.order-heading')}
          </h2>
          <Facts facts={orderFacts(order)} />
        </section>
      ) : null}
      <ul className="screen-links">
        <li>
          <Link className="ds-button" to={retryPath(order ?? null)}>
            {t('purchase.error.try-another-method')}
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
