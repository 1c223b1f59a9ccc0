// The verify screen of both payment method flows (…/verify, where the provider returns): asks
// the payment method saga to verify the change once per visit and shows its progress and the
// outcome (approved, declined, still pending, not found, nothing to verify, an error).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { VERIFY_TIMING } from '../../flows/payment-method/paymentMethodSaga';
import {
  type PaymentMethodOutcome,
  selectPaymentMethodChange,
  verifyPaymentMethodChange,
} from '../../flows/payment-method/paymentMethodSlice';
import { FLOW_PATHS, type PaymentMethodFlow } from '../../flows/payment-method/storage';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { PaymentMethodText } from '../../ui/PaymentMethodText';
import { Progress } from '../../ui/Progress';

import { PaymentMethodPage } from './PaymentMethodPage';

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

  const methodFacts: Fact[] = [
    {
      key: 'method',
      label: t(
        outcome === 'approved' ? 'payment-method.result.method-now' : 'payment-method.current',
      ),
      value: (
        <PaymentMethodText
          paymentMethod={shownMethod}
          lookupFailed={outcome !== 'approved' && !!error}
        />
      ),
    },
  ];

  return (
    <PaymentMethodPage flow={flow}>
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
        <Notice color={resultColours[outcome]}>
          <h2 className="ds-heading" data-size="sm" tabIndex={-1} ref={resultRef}>
            {resultHeading(outcome)}
          </h2>
          <p>{resultText(outcome)}</p>
          {outcome !== 'missing' && subscription ? <Facts facts={methodFacts} /> : null}
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
        </Notice>
      ) : null}
    </PaymentMethodPage>
  );
}
