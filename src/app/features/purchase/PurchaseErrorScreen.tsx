// /feil-kjop (no guard): the payment was declined or the purchase could not be completed. With
// `?ordre=<id>` the order is read from the server (for a logged-in reader) and shown: nothing was
// charged, and the reader can try again with another payment method. It says only what the
// server says: an order that was not declined goes to the screen that reports it (orderPath: the
// receipt of a paid one, the confirmation of one not settled, /bestilling-feilet for a cancelled
// or expired one); a visitor who is not logged in is asked to log in to see it (and comes back
// here). Without an order it reports the purchase this page just ended on (the server did not
// know its order), and otherwise there is nothing to report: the reader is sent home.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';

import { useGetOrderQuery } from '../../api/order';
import { callFailure, failureKind } from '../../api/problem';
import { orderPath } from '../../flows/order/outcome';
import { selectPurchase } from '../../flows/order/purchaseSlice';
import { loginRequested } from '../../session/sessionActions';
import { selectSession } from '../../session/sessionSlice';
import { selectLoggedIn } from '../../session/userSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { retryPath } from './orderRules';
import { useOrderFacts } from './QuoteSummary';

/** The screen with its heading: every outcome here names the one heading id. */
function Page({ heading, children }: { readonly heading: string; readonly children: ReactNode }) {
  return (
    <Screen headingId="purchase-error-heading" heading={heading}>
      {children}
    </Screen>
  );
}

/** Where to go from here: another payment method (the same order again) and customer service. */
function Links({ retry }: { readonly retry: string }) {
  const { t } = useTranslation('purchase');
  return (
    <ul className="screen-links">
      <li>
        <Link className="ds-button" to={retry}>
          {t('purchase.error.try-another-method')}
        </Link>
      </li>
      <li>
        <Link className="ds-link" to="/kundeservice">
          {t('purchase.failed.customer-service')}
        </Link>
      </li>
    </ul>
  );
}

export default function PurchaseErrorScreen() {
  const { t } = useTranslation('purchase');
  const dispatch = useAppDispatch();
  const orderFacts = useOrderFacts();
  const location = useLocation();
  const [query] = useSearchParams();
  const session = useAppSelector(selectSession);
  const loggedIn = useAppSelector(selectLoggedIn);
  const { lastOutcome } = useAppSelector(selectPurchase);
  const orderId = query.get('ordre')?.trim() ?? '';
  // Only a logged-in reader's own order can be shown (a 401 would start a login from here).
  const result = useGetOrderQuery({ orderId }, { skip: !orderId || !loggedIn });
  const order = result.data;
  const failure = result.isError ? callFailure(result.error) : null;

  if (!orderId) {
    // The purchase that just ended here, whose order the server did not know.
    if (lastOutcome !== 'not-found') return <Navigate replace to="/" />;
    return (
      <Page heading={t('purchase.error.heading-unknown')}>
        <Notice color="warning">{t('purchase.error.unknown-order')}</Notice>
        <p className="ds-paragraph">{t('purchase.error.nothing-charged')}</p>
        <Links retry={retryPath(null)} />
      </Page>
    );
  }

  if (!loggedIn) {
    if (session.status === 'loading')
      return (
        <Page heading={t('purchase.error.heading-checking')}>
          <Progress>{t('purchase.error.loading')}</Progress>
        </Page>
      );
    return (
      <Page heading={t('purchase.error.heading-checking')}>
        <p className="ds-paragraph">{t('purchase.error.login-needed')}</p>
        <p className="ds-paragraph">
          <button
            type="button"
            className="ds-button"
            onClick={() =>
              dispatch(
                loginRequested({ returnUrl: location.pathname + location.search + location.hash }),
              )
            }
          >
            {t('purchase.error.login')}
          </button>
        </p>
      </Page>
    );
  }

  // Any order but a declined one is reported by its own screen.
  if (order && order.status !== 'DECLINED') return <Navigate replace to={orderPath(order)} />;

  if (failure && failureKind(failure) === 'not-found')
    return (
      <Page heading={t('purchase.error.heading-unknown')}>
        <Notice color="warning">{t('purchase.error.unknown-order')}</Notice>
        <p className="ds-paragraph">{t('purchase.error.nothing-charged')}</p>
        <Links retry={retryPath(null)} />
      </Page>
    );

  if (failure)
    return (
      <Page heading={t('purchase.error.heading-checking')}>
        <Notice color="danger" role="alert">
          <p>{t('purchase.error.failed')}</p>
          <button type="button" className="ds-button" onClick={() => void result.refetch()}>
            {t('purchase.summary.retry')}
          </button>
        </Notice>
      </Page>
    );

  if (!order)
    return (
      <Page heading={t('purchase.error.heading-checking')}>
        <Progress>{t('purchase.error.loading')}</Progress>
      </Page>
    );

  return (
    <Page heading={t('purchase.error.heading')}>
      <Notice color="warning">{t('purchase.error.declined')}</Notice>
      <p className="ds-paragraph">{t('purchase.error.nothing-charged')}</p>
      <section aria-labelledby="purchase-error-order-heading">
        <h2 id="purchase-error-order-heading" className="ds-heading" data-size="sm">
          {t('purchase.error.order-heading')}
        </h2>
        <Facts facts={orderFacts(order)} />
      </section>
      <Links retry={retryPath(order)} />
    </Page>
  );
}
