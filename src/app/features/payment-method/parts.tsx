// The payment method screens, for both flows: the start screen (/endre-betalingsmetode for Vipps,
// /legg-til-betalingskort for a new card) shows how the subscription pays now and sends the
// reader to the provider; the verify screen (…/verify, where the provider returns) lets the
// payment method saga verify the change and shows the outcome. The saga does the work; these
// only dispatch and show its state, with progress visible and announced.
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { hasBusinessInfo, isFamilyShare } from '../../../shared/subscription/status';
import { traitsOf } from '../../format/subscription';
import { Spinner } from '../../layout/Spinner';
import { VERIFY_TIMING } from '../../payment-method/paymentMethodSaga';
import {
  type PaymentMethodOutcome,
  paymentMethodResumed,
  selectPaymentMethodChange,
  startPaymentMethodChange,
  verifyPaymentMethodChange,
} from '../../payment-method/paymentMethodSlice';
import { PaymentMethodText } from '../../payment-method/PaymentMethodText';
import { FLOW_PATHS, type PaymentMethodFlow } from '../../payment-method/storage';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

function Progress({ children }: { readonly children: ReactNode }) {
  return (
    <p className="ds-paragraph" role="status">
      {children ? (
        <>
          <Spinner data-size="sm" /> {children}
        </>
      ) : null}
    </p>
  );
}

function Heading({ flow }: { readonly flow: PaymentMethodFlow }) {
  const { t } = useTranslation('payment-method');
  return (
    <h1 id="payment-method-heading" className="ds-heading" data-size="lg">
      {t(flow === 'vipps' ? 'payment-method.heading.vipps' : 'payment-method.heading.card')}
    </h1>
  );
}

function HomeLink() {
  const { t } = useTranslation('payment-method');
  return (
    <p className="ds-paragraph">
      <Link className="ds-link" to="/">
        {t('payment-method.to-home')}
      </Link>
    </p>
  );
}

const problemKeys: Record<string, string> = {
  PAYMENT_METHOD_UNCHANGED: 'payment-method.problems.unchanged',
  PAYMENT_METHOD_NOT_SELF_SERVICE: 'payment-method.problems.not-self-service',
  SUBSCRIPTION_STATE_CONFLICT: 'payment-method.problems.state',
  SUBSCRIPTION_NOT_FOUND: 'payment-method.problems.state',
};

/** /endre-betalingsmetode and /legg-til-betalingskort. */
export function StartPaymentMethodChange({ flow }: { readonly flow: PaymentMethodFlow }) {
  const { t } = useTranslation('payment-method');
  const dispatch = useAppDispatch();
  const { subscription, error } = useAppSelector(selectSubscription);
  const change = useAppSelector(selectPaymentMethodChange);

  // A refusal from this visit only (not one left from an earlier visit).
  const runsAtMount = useRef(change.runs);
  const problem = change.runs > runsAtMount.current && change.flow === flow ? change.problem : null;
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  // Back from the provider's page through the back/forward cache: the button works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch(paymentMethodResumed());
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [dispatch]);

  if (!subscription) return null;
  const traits = traitsOf(subscription);
  const notSelfService = isFamilyShare(traits) || hasBusinessInfo(traits);
  const alreadyVipps = flow === 'vipps' && subscription.paymentMethod?.provider === 'VIPPS';
  const busy = change.step === 'starting' || change.step === 'redirecting';
  const progress =
    change.step === 'starting'
      ? t('payment-method.progress.starting')
      : change.step === 'redirecting'
        ? t(
            flow === 'vipps'
              ? 'payment-method.progress.redirecting.vipps'
              : 'payment-method.progress.redirecting.card',
          )
        : null;

  const start = () => {
    if (busy) return;
    dispatch(startPaymentMethodChange({ flow, subscriptionNo: subscription.subscriptionNo }));
  };

  return (
    <section aria-labelledby="payment-method-heading" className="screen">
      <Heading flow={flow} />
      <dl className="facts">
        <div>
          <dt>{t('payment-method.subscription')}</dt>
          <dd>{subscription.planName}</dd>
        </div>
        <div>
          <dt>{t('payment-method.current')}</dt>
          <dd>
            <PaymentMethodText paymentMethod={subscription.paymentMethod} lookupFailed={!!error} />
          </dd>
        </div>
      </dl>
      {notSelfService ? (
        <div className="ds-alert" data-color="info">
          <p>{t('payment-method.unavailable.not-self-service')}</p>
        </div>
      ) : alreadyVipps ? (
        <div className="ds-alert" data-color="info">
          <p>{t('payment-method.unavailable.already-vipps')}</p>
          <p>
            <Link className="ds-link" to={FLOW_PATHS.card.start}>
              {t('payment-method.unavailable.add-card-link')}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="ds-paragraph">
            {t(flow === 'vipps' ? 'payment-method.intro.vipps' : 'payment-method.intro.card', {
              plan: subscription.planName,
            })}
          </p>
          {problem ? (
            <div
              className="ds-alert"
              data-color="danger"
              role="alert"
              tabIndex={-1}
              ref={problemRef}
            >
              <p>{t(problemKeys[problem.code] ?? 'payment-method.problems.generic')}</p>
            </div>
          ) : null}
          <p>
            <button type="button" className="ds-button" disabled={busy} onClick={start}>
              {t(flow === 'vipps' ? 'payment-method.submit.vipps' : 'payment-method.submit.card')}
            </button>
          </p>
          <Progress>{progress}</Progress>
        </>
      )}
      <HomeLink />
    </section>
  );
}

const resultColours: Record<PaymentMethodOutcome, 'success' | 'warning' | 'danger' | 'info'> = {
  approved: 'success',
  declined: 'warning',
  pending: 'info',
  'not-found': 'danger',
  missing: 'info',
  error: 'danger',
};

/** /endre-betalingsmetode/verify and /legg-til-betalingskort/verify. */
export function VerifyPaymentMethodChange({ flow }: { readonly flow: PaymentMethodFlow }) {
  const { t } = useTranslation('payment-method');
  const dispatch = useAppDispatch();
  const change = useAppSelector(selectPaymentMethodChange);
  const { subscription, error } = useAppSelector(selectSubscription);

  // Asked once per visit; the saga also ignores an ask while it verifies.
  const runsAtMount = useRef(change.runs);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    dispatch(verifyPaymentMethodChange({ flow }));
  }, [dispatch, flow]);

  const outcome =
    change.runs > runsAtMount.current && change.step === 'idle' ? change.outcome : null;
  const resultRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  const resultHeading = (done: PaymentMethodOutcome) => {
    switch (done) {
      case 'approved':
        return t(
          flow === 'vipps'
            ? 'payment-method.result.approved.heading.vipps'
            : 'payment-method.result.approved.heading.card',
        );
      case 'declined':
        return t('payment-method.result.declined.heading');
      case 'pending':
        return t('payment-method.result.pending.heading');
      case 'not-found':
        return t('payment-method.result.not-found.heading');
      case 'missing':
        return t('payment-method.result.missing.heading');
      case 'error':
        return t('payment-method.result.error.heading');
    }
  };
  const resultText = (done: PaymentMethodOutcome) => {
    switch (done) {
      case 'approved':
        return t('payment-method.result.approved.text');
      case 'declined':
        return t('payment-method.result.declined.text');
      case 'pending':
        return t('payment-method.result.pending.text');
      case 'not-found':
        return t('payment-method.result.not-found.text');
      case 'missing':
        return t('payment-method.result.missing.text');
      case 'error':
        return t('payment-method.result.error.text');
    }
  };

  // The method shown with the result: the new one, or the one that is kept.
  const shownMethod =
    outcome === 'approved'
      ? (change.subscription?.paymentMethod ?? subscription?.paymentMethod ?? null)
      : (subscription?.paymentMethod ?? null);

  return (
    <section aria-labelledby="payment-method-heading" className="screen">
      <Heading flow={flow} />
      <Progress>
        {outcome
          ? null
          : change.pendingAnswers > 0
            ? t('payment-method.progress.waiting', {
                count: change.pendingAnswers + 1,
                total: VERIFY_TIMING.attempts,
              })
            : t('payment-method.progress.verifying')}
      </Progress>
      {outcome ? (
        <div className="ds-alert" data-color={resultColours[outcome]}>
          <h2 className="ds-heading" data-size="sm" tabIndex={-1} ref={resultRef}>
            {resultHeading(outcome)}
          </h2>
          <p>{resultText(outcome)}</p>
          {outcome !== 'missing' && subscription ? (
            <dl className="facts">
              <div>
                <dt>
                  {t(
                    outcome === 'approved'
                      ? 'payment-method.result.method-now'
                      : 'payment-method.current',
                  )}
                </dt>
                <dd>
                  <PaymentMethodText
                    paymentMethod={shownMethod}
                    lookupFailed={outcome !== 'approved' && !!error}
                  />
                </dd>
              </div>
            </dl>
          ) : null}
          {outcome === 'pending' ? (
            <p>
              <button
                type="button"
                className="ds-button"
                onClick={() => dispatch(verifyPaymentMethodChange({ flow }))}
              >
                {t('payment-method.result.pending.retry')}
              </button>
            </p>
          ) : outcome !== 'approved' ? (
            <p>
              <Link className="ds-link" to={FLOW_PATHS[flow].start}>
                {t('payment-method.start-again')}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <HomeLink />
    </section>
  );
}
