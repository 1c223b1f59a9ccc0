// The start screen of both payment method flows (/endre-betalingsmetode for Vipps,
// /legg-til-betalingskort for a new card): how the subscription pays now, and the button that
// sends the reader to the provider. The payment method saga does the work; this only dispatches
// and shows its state, with progress visible and announced.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { hasBusinessInfo, isFamilyShare } from '../../../shared/subscription/status';
import {
  paymentMethodResumed,
  selectPaymentMethodChange,
  startPaymentMethodChange,
} from '../../flows/payment-method/paymentMethodSlice';
import { FLOW_PATHS, type PaymentMethodFlow } from '../../flows/payment-method/storage';
import { useResumeOnReturn } from '../../hooks/useResumeOnReturn';
import { traitsOf } from '../../lib/format/subscription';
import { selectSubscription } from '../../session/subscriptionSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { PaymentMethodText } from '../../ui/PaymentMethodText';
import { Progress } from '../../ui/Progress';

import { PaymentMethodPage } from './PaymentMethodPage';

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

  useResumeOnReturn(paymentMethodResumed);

  if (!subscription) return null;
  const traits = traitsOf(subscription);
  const notSelfService = isFamilyShare(traits) || hasBusinessInfo(traits);
  // A Vipps subscriber whose agreement cannot be charged (stopped, or a charge failed) may
  // approve a new one; the server says the same (PAYMENT_METHOD_UNCHANGED otherwise).
  const vippsChargeFailed = (subscription.unpaidInvoices ?? []).some(
    (i) => i.paymentFailure?.method === 'VIPPS',
  );
  const vippsBroken = subscription.paymentNotice === 'VIPPS_AGREEMENT_STOPPED' || vippsChargeFailed;
  const paidWithVipps = flow === 'vipps' && subscription.paymentMethod?.provider === 'VIPPS';
  const alreadyVipps = paidWithVipps && !vippsBroken;
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

  const facts: Fact[] = [
    { key: 'plan', label: t('payment-method.subscription'), value: subscription.planName },
    {
      key: 'current',
      label: t('payment-method.current'),
      value: (
        <PaymentMethodText paymentMethod={subscription.paymentMethod} lookupFailed={!!error} />
      ),
    },
  ];

  const start = () => {
    if (busy) return;
    dispatch(startPaymentMethodChange({ flow, subscriptionNo: subscription.subscriptionNo }));
  };

  return (
    <PaymentMethodPage flow={flow} renewsVipps={paidWithVipps && vippsBroken}>
      <Facts facts={facts} />
      {notSelfService ? (
        <Notice>{t('payment-method.unavailable.not-self-service')}</Notice>
      ) : alreadyVipps ? (
        <Notice>
          <p>{t('payment-method.unavailable.already-vipps')}</p>
          <p>
            <Link className="ds-link" to={FLOW_PATHS.card.start}>
              {t('payment-method.unavailable.add-card-link')}
            </Link>
          </p>
        </Notice>
      ) : (
        <>
          <p className="ds-paragraph">
            {t(
              flow === 'card'
                ? 'payment-method.intro.card'
                : !paidWithVipps
                  ? 'payment-method.intro.vipps'
                  : vippsChargeFailed
                    ? 'payment-method.intro.vipps-again'
                    : 'payment-method.intro.vipps-stopped',
              { plan: subscription.planName },
            )}
          </p>
          {problem ? (
            <Notice color="danger" role="alert" tabIndex={-1} ref={problemRef}>
              {t(problemKeys[problem.code] ?? 'payment-method.problems.generic')}
            </Notice>
          ) : null}
          <p>
            <button type="button" className="ds-button" disabled={busy} onClick={start}>
              {t(flow === 'vipps' ? 'payment-method.submit.vipps' : 'payment-method.submit.card')}
            </button>
          </p>
          <Progress>{progress}</Progress>
        </>
      )}
    </PaymentMethodPage>
  );
}
