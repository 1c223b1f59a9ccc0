// /betaling (no guard): the payment step for an order whose content is given by the link —
// `?type=reaktivering` (the current subscription again, 3 months for the price of 1) or
// `?type=oppgradering&plan=&periode=` (an upgrade now, paying the prorated difference). It shows
// the server's quote, the amount to pay now and the card/Vipps choice; "Betal kr X" starts the
// purchase saga. Without a type it is a new order: /bestill-abonnement with the same query. The
// route has no guard (requirements §2): a visitor who is not logged in sees what the link pays for and
// why, from the link and the public catalogue (PaymentPreview), and is asked to log in at the
// payment step, which returns here.
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';

import { periods, type Period } from '../../../shared/subscription/plans';
import {
  type OrderPaymentProvider,
  type OrderQuoteRequest,
  useQuoteOrderMutation,
} from '../../api/order';
import { callFailure } from '../../api/problem';
import type { Subscription } from '../../api/subscription';
import { purchaseResumed, selectPurchase, startPurchase } from '../../flows/order/purchaseSlice';
import { useResumeOnReturn } from '../../hooks/useResumeOnReturn';
import { reactivationOfferText } from '../../lib/format/offer';
import { selectSession } from '../../session/sessionSlice';
import { selectSubscription } from '../../session/subscriptionSlice';
import { selectLoggedIn } from '../../session/userSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { HomeLink } from '../../ui/HomeLink';
import { Notice } from '../../ui/Notice';
import { Progress } from '../../ui/Progress';
import { Screen } from '../../ui/Screen';

import { FutureChargesChoice, OrderPayButton, OrderPaymentChoice } from './OrderPayment';
import { problemKey } from './orderRules';
import { PaymentPreview } from './PaymentPreview';
import { QuoteSummary } from './QuoteSummary';

type PaymentType = 'reactivation' | 'upgrade';

const TYPES: Record<string, PaymentType> = {
  reaktivering: 'reactivation',
  oppgradering: 'upgrade',
};

const isPeriod = (value: string | null): value is Period =>
  value !== null && (periods as readonly string[]).includes(value);

/** The quote request of the link for this subscription, or null when the link is incomplete. */
function quoteRequest(
  type: PaymentType,
  query: URLSearchParams,
  subscription: Subscription,
): OrderQuoteRequest | null {
  if (type === 'reactivation')
    return {
      kind: 'reactivation',
      titleCode: subscription.titleCode,
      ariaPlanID: subscription.ariaPlanID,
      period: subscription.period,
      subscriptionNo: subscription.subscriptionNo,
    };
  const plan = query.get('plan');
  const period = query.get('periode');
  if (!plan || !isPeriod(period)) return null;
  return {
    kind: 'upgrade',
    titleCode: subscription.titleCode,
    ariaPlanID: plan,
    period,
    subscriptionNo: subscription.subscriptionNo,
  };
}

function PaymentStep({
  type,
  request,
  subscription,
}: {
  readonly type: PaymentType;
  readonly request: OrderQuoteRequest;
  readonly subscription: Subscription;
}) {
  const { t } = useTranslation('purchase');
  const dispatch = useAppDispatch();
  const purchase = useAppSelector(selectPurchase);
  const busy = purchase.step !== 'idle';
  const [provider, setProvider] = useState<OrderPaymentProvider>(
    subscription.paymentMethod?.provider === 'VIPPS' ? 'VIPPS' : 'SWEDBANK-PPG',
  );
  // Unticked until the reader ticks it, and again for another method: this payment changes the
  // method renewals use only by that explicit choice.
  const [useForFutureCharges, setUseForFutureCharges] = useState(false);
  const chooseProvider = (next: OrderPaymentProvider) => {
    setProvider(next);
    setUseForFutureCharges(false);
  };
  const [requestQuote, quoteResult] = useQuoteOrderMutation();
  useEffect(() => {
    void requestQuote({ orderQuoteRequest: request });
  }, [request, requestQuote]);
  const quote = quoteResult.isSuccess ? quoteResult.data : null;
  const failure = quoteResult.isError ? callFailure(quoteResult.error) : null;

  // A refusal of the order itself, from this visit only.
  const problemAtMount = useRef(purchase.problem);
  const problem = purchase.problem !== problemAtMount.current ? purchase.problem : null;
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  useResumeOnReturn(purchaseResumed);

  const pay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!quote || busy) return;
    dispatch(startPurchase({ ...request, paymentProvider: provider, useForFutureCharges }));
  };

  return (
    <form className="purchase-form" noValidate onSubmit={pay}>
      <p className="ds-paragraph">
        {t(`purchase.payment.intro.${type}`, {
          plan: subscription.planName,
          offer: reactivationOfferText(t),
        })}
      </p>
      <div aria-live="polite">
        {quote ? <QuoteSummary quote={quote} /> : null}
        {quoteResult.isLoading ? <Progress>{t('purchase.summary.loading')}</Progress> : null}
      </div>
      {failure ? (
        <Notice color="danger" role="alert">
          <p>
            {/* Reactivating a subscription that still runs: nothing to start again. */}
            {failure.code === 'ALREADY_SUBSCRIBER'
              ? t('purchase.problems.still-active')
              : t(problemKey(failure.code, failure.status))}
          </p>
          <p>
            <HomeLink />
          </p>
        </Notice>
      ) : null}
      {quote ? (
        <>
          <OrderPaymentChoice value={provider} onChange={chooseProvider} disabled={busy} />
          <FutureChargesChoice
            provider={provider}
            current={subscription.paymentMethod}
            checked={useForFutureCharges}
            onChange={setUseForFutureCharges}
            disabled={busy}
            storedUsable={!!subscription.paymentMethod && !subscription.paymentNotice}
          />
          {problem ? (
            <Notice color="danger" role="alert" tabIndex={-1} ref={problemRef}>
              {t(problemKey(problem.code, problem.status))}
            </Notice>
          ) : null}
          <OrderPayButton amount={quote.amount} busy={busy} />
          <p className="ds-paragraph">{t('purchase.order.redirect-note')}</p>
        </>
      ) : null}
    </form>
  );
}

/** A warning that the page cannot go on, with the way to where it can. */
function NoticeWithLink({
  text,
  to,
  label,
}: {
  readonly text: string;
  readonly to: string;
  readonly label: string;
}) {
  return (
    <Notice color="warning">
      <p>{text}</p>
      <p>
        <Link className="ds-link" to={to}>
          {label}
        </Link>
      </p>
    </Notice>
  );
}

export default function PaymentScreen() {
  const { t } = useTranslation('purchase');
  const [query] = useSearchParams();
  const location = useLocation();
  const session = useAppSelector(selectSession);
  const loggedIn = useAppSelector(selectLoggedIn);
  const { subscription } = useAppSelector(selectSubscription);
  const typeParam = query.get('type');
  const type = typeParam ? (TYPES[typeParam] ?? null) : null;
  const request = useMemo(
    () => (type && subscription ? quoteRequest(type, query, subscription) : null),
    [type, query, subscription],
  );

  // Without a type the link is for a new order, which is chosen and paid on one page.
  if (!typeParam) return <Navigate replace to={`/bestill-abonnement${location.search}`} />;

  const heading = t(type ? `purchase.payment.heading.${type}` : 'purchase.payment.heading.unknown');
  let body;
  if (session.status === 'loading')
    body = <Progress reserve>{t('purchase.payment.loading')}</Progress>;
  else if (!loggedIn && type) body = <PaymentPreview type={type} />;
  else if (!type)
    body = (
      <NoticeWithLink
        text={t('purchase.payment.unknown-type')}
        to="/bestill-abonnement"
        label={t('purchase.payment.to-order')}
      />
    );
  else if (!subscription)
    body = (
      <NoticeWithLink
        text={t('purchase.payment.no-subscription')}
        to="/bestill-abonnement"
        label={t('purchase.payment.to-order')}
      />
    );
  else if (!request)
    body = (
      <NoticeWithLink
        text={t('purchase.payment.incomplete-link')}
        to="/endre-abonnement"
        label={t('purchase.payment.to-change')}
      />
    );
  else body = <PaymentStep type={type} request={request} subscription={subscription} />;

  return (
    <Screen headingId="payment-heading" heading={heading}>
      {body}
    </Screen>
  );
}
