// A plan change waiting for the renewal date on /endre-abonnement: what it is, that a new choice
// replaces it, and a button to withdraw it (DELETE planChange, then the subscription is reloaded).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { callFailure, type FailureKind, failureKind } from '../../api/problem';
import { type Subscription, useWithdrawPlanChangeMutation } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { Notice } from '../../ui/Notice';
import { usePeriodWords } from '../../ui/usePeriodWords';

import { FailureAlert } from './StepParts';

const PENDING_HEADING_ID = 'plan-change-pending-heading';

/** The change waiting for the renewal date, and withdrawing it. */
export function PendingChange({
  subscription,
  onWithdrawn,
}: {
  readonly subscription: Subscription;
  readonly onWithdrawn: () => void;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const [withdraw] = useWithdrawPlanChangeMutation();
  const reload = useReloadSubscription();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureKind | null>(null);
  const change = subscription.pendingChange;
  if (!change) return null;

  async function withdrawChange() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await withdraw({ subscriptionRef: { subscriptionNo: subscription.subscriptionNo } }).unwrap();
    } catch (error) {
      setFailure(failureKind(callFailure(error)));
      setBusy(false);
      running.current = false;
      return;
    }
    // The withdrawal is done; the reloaded subscription takes this section away.
    await reload();
    onWithdrawn();
  }

  return (
    <Notice region aria-labelledby={PENDING_HEADING_ID}>
      <h2 id={PENDING_HEADING_ID} className="ds-heading" data-size="xs">
        {t('plan-change.pending.heading')}
      </h2>
      <p>
        {t('plan-change.pending.text', {
          date: longDate(change.effectiveDate),
          plan: change.planName,
          period: period(change.period),
          price: pricePer(change.price, change.period),
        })}
      </p>
      <p>{t('plan-change.pending.replace-note')}</p>
      {failure ? <FailureAlert kind={failure} /> : null}
      <div className="form-actions">
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={busy}
          onClick={() => void withdrawChange()}
        >
          {t('plan-change.pending.withdraw')}
        </button>
        {busy ? <span role="status">{t('plan-change.pending.withdrawing')}</span> : null}
      </div>
    </Notice>
  );
}
