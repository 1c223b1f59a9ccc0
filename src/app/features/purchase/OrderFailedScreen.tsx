// /bestilling-feilet (login), and /order-timeout, which leads here: an order that did not go
// through (requirements §8 purchase errors: took too long, cancelled, or a generic failure). The page is
// always shown, also when this tab holds no order (a provider's return link, a reload) and for a
// reader without a subscription. It says only what is known:
// - with `?ordre=<id>` (or the order this tab was confirming) the server is asked to check the
//   payment with the provider first (completeOrder). A paid or declined order goes to the screen
//   that reports it; one that is still pending is said to be undecided — it may still go through,
//   so «Prøv igjen» is not offered, only checking again or cancelling it; «Prøv igjen» comes
//   only once the order is known not to complete (cancelled or expired);
// - without an order, `?arsak=` words what happened (`tidsavbrudd`, `avbrutt`, else a failure),
//   and since no one can tell whether a payment went through, the reader is sent to Min side
//   (where a paid subscription shows) rather than asked to pay again.
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';

import { type Order, useCompleteOrderMutation } from '../../api/order';
import { callFailure, failureKind } from '../../api/problem';
import { orderPath } from '../../flows/order/outcome';
import { selectPurchase } from '../../flows/order/purchaseSlice';
import { useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { retryPath } from './orderRules';

const REASONS = { tidsavbrudd: 'timeout', avbrutt: 'cancelled' } as const;

type Reason = 'timeout' | 'cancelled' | 'error';

/** How an order known not to complete reads here. */
const endedReason = { CANCELLED: 'cancelled', EXPIRED: 'timeout' } as const satisfies Record<
  string,
  Reason
>;

function CustomerServiceLink() {
  const { t } = useTranslation('purchase');
  return (
    <Link className="ds-link" to="/kundeservice">
      {t('purchase.failed.customer-service')}
    </Link>
  );
}

/** The way on (one main link, a button) and customer service, as every outcome here ends. */
function NextSteps({ children }: { readonly children: ReactNode }) {
  return (
    <ul className="screen-links">
      <li>{children}</li>
      <li>
        <CustomerServiceLink />
      </li>
    </ul>
  );
}

function Page({ heading, children }: { readonly heading: string; readonly children: ReactNode }) {
  return (
    <Screen headingId="order-failed-heading" heading={heading}>
      {children}
    </Screen>
  );
}

/** The order is known not to complete: nothing was paid, and it can be tried again. */
function Ended({ reason, order }: { readonly reason: Reason; readonly order: Order }) {
  const { t } = useTranslation('purchase');
  return (
    <Page heading={t(`purchase.failed.heading.${reason}`)}>
      <Notice color={reason === 'cancelled' ? 'info' : 'warning'}>
        {t(`purchase.failed.ended.${reason}`)}
      </Notice>
      <NextSteps>
        <Link className="ds-button" to={retryPath(order)}>
          {t('purchase.failed.retry')}
        </Link>
      </NextSteps>
    </Page>
  );
}

/** The provider has not decided the payment: it may still go through. */
function Undecided({
  order,
  checking,
  check,
}: {
  readonly order: Order;
  readonly checking: boolean;
  readonly check: () => void;
}) {
  const { t } = useTranslation('purchase');
  return (
    <Page heading={t('purchase.failed.heading.undecided')}>
      <Notice color="warning">
        <p>{t('purchase.failed.undecided.text')}</p>
        <p>{t('purchase.failed.undecided.not-twice')}</p>
      </Notice>
      <ul className="screen-links">
        <li>
          <button type="button" className="ds-button" disabled={checking} onClick={check}>
            {t('purchase.failed.undecided.check')}
          </button>
        </li>
        <li>
          <Link
            className="ds-link"
            to={`/avbryt-bestilling?${new URLSearchParams({ ordre: order.orderId })}`}
          >
            {t('purchase.failed.undecided.cancel')}
          </Link>
        </li>
        <li>
          <CustomerServiceLink />
        </li>
      </ul>
      <Progress>{checking ? t('purchase.failed.undecided.checking') : null}</Progress>
    </Page>
  );
}

/** No order to ask about: what happened, and where a payment that went through would show. */
function WithoutOrder({ reason }: { readonly reason: Reason }) {
  const { t } = useTranslation('purchase');
  return (
    <Page heading={t(`purchase.failed.heading.${reason}`)}>
      <Notice color={reason === 'cancelled' ? 'info' : 'warning'}>
        {t(`purchase.failed.text.${reason}`)}
      </Notice>
      {reason === 'cancelled' ? null : (
        <p className="ds-paragraph">{t('purchase.failed.late-payment')}</p>
      )}
      <NextSteps>
        <HomeLink className="ds-button" />
      </NextSteps>
    </Page>
  );
}

/** Asks the server to check the order's payment with the provider, then says what it is. */
function CheckedOrder({ orderId }: { readonly orderId: string }) {
  const { t } = useTranslation('purchase');
  const [complete, result] = useCompleteOrderMutation();
  const asked = useRef('');
  useEffect(() => {
    // Once per order (StrictMode runs effects twice; the check changes nothing twice).
    if (asked.current === orderId) return;
    asked.current = orderId;
    void complete({ orderId });
  }, [complete, orderId]);
  const check = () => void complete({ orderId });
  const order = result.data;
  const failure = result.isError ? callFailure(result.error) : null;

  if (order) {
    switch (order.status) {
      case 'PENDING':
        return <Undecided order={order} checking={result.isLoading} check={check} />;
      case 'CANCELLED':
      case 'EXPIRED':
        return <Ended reason={endedReason[order.status]} order={order} />;
      default:
        // Paid after all (the receipt), or declined (the screen that says why).
        return <Navigate replace to={orderPath(order)} />;
    }
  }

  if (failure && failureKind(failure) === 'not-found')
    return (
      <Page heading={t('purchase.cancel.heading.not-found')}>
        <p className="ds-paragraph">{t('purchase.cancel.not-found')}</p>
        <NextSteps>
          <Link className="ds-button" to={retryPath(null)}>
            {t('purchase.cancel.order-again')}
          </Link>
        </NextSteps>
      </Page>
    );

  return (
    <Page heading={t('purchase.error.heading-checking')}>
      {failure ? (
        <Notice color="danger" role="alert">
          <p>{t('purchase.failed.check-failed')}</p>
          <button type="button" className="ds-button" onClick={check}>
            {t('purchase.failed.undecided.check')}
          </button>
        </Notice>
      ) : (
        <Progress>{t('purchase.error.loading')}</Progress>
      )}
    </Page>
  );
}

export default function OrderFailedScreen() {
  const [query] = useSearchParams();
  const { orderId: confirming, lastOrder, lastOutcome } = useAppSelector(selectPurchase);
  const orderId = query.get('ordre')?.trim() ?? '';
  const arsak = query.get('arsak') ?? '';
  const reason: Reason = arsak in REASONS ? REASONS[arsak as keyof typeof REASONS] : 'error';

  if (orderId) return <CheckedOrder key={orderId} orderId={orderId} />;
  // The order this tab was confirming, or the one its last purchase ended with.
  const known =
    confirming ?? (lastOutcome && lastOutcome !== 'completed' ? lastOrder?.orderId : null);
  if (known) return <CheckedOrder key={known} orderId={known} />;
  return <WithoutOrder reason={reason} />;
}
