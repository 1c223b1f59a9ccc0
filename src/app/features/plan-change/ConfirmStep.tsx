// Step 2 of /endre-abonnement for a downgrade or period change: from what to what, from which date
// and at what price; confirmed, it is scheduled for the renewal date (PUT planChange), the
// subscription is reloaded and the receipt (/receipt2) shows it.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { callFailure, type FailureKind, failureKind } from '../../api/problem';
import { type Subscription, useSchedulePlanChangeMutation } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { useReloadSubscription } from '../../hooks/useReloadSubscription';
import { type Fact, Facts } from '../../ui/Facts';
import { StepHeading } from '../../ui/StepHeading';
import { usePeriodWords } from '../../ui/usePeriodWords';

import type { PlanChoice } from './planChoices';
import { FailureAlert } from './StepParts';

/** A downgrade or period change: confirm, schedule, reload, receipt. */
export function ConfirmStep({
  subscription,
  choice,
  onBack,
}: {
  readonly subscription: Subscription;
  readonly choice: PlanChoice;
  readonly onBack: () => void;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const navigate = useNavigate();
  const reload = useReloadSubscription();
  const [schedule] = useSchedulePlanChangeMutation();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureKind | null>(null);
  const date = longDate(subscription.renewalDate ?? '');
  const facts: Fact[] = [
    {
      key: 'from',
      label: t('plan-change.confirm.from'),
      value: t('plan-change.plan-and-period', {
        plan: subscription.planName,
        period: period(subscription.period),
      }),
    },
    {
      key: 'to',
      label: t('plan-change.confirm.to'),
      value: t('plan-change.plan-and-period', {
        plan: choice.planName,
        period: period(choice.period),
      }),
    },
    { key: 'date', label: t('plan-change.confirm.date'), value: date },
    {
      key: 'price',
      label: t('plan-change.confirm.new-price'),
      value: pricePer(choice.price, choice.period),
    },
  ];

  async function confirm() {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await schedule({
        planChangeRequest: {
          subscriptionNo: subscription.subscriptionNo,
          ariaPlanID: choice.ariaPlanID,
          period: choice.period,
        },
      }).unwrap();
    } catch (error) {
      setFailure(failureKind(callFailure(error)));
      setBusy(false);
      running.current = false;
      return;
    }
    await reload();
    navigate('/receipt2');
  }

  return (
    <section aria-labelledby="plan-change-confirm-heading">
      <StepHeading id="plan-change-confirm-heading" focusOnMount>
        {t('plan-change.confirm.heading')}
      </StepHeading>
      <Facts facts={facts} />
      <p className="ds-paragraph">{t('plan-change.confirm.note', { date })}</p>
      {failure ? <FailureAlert kind={failure} /> : null}
      <div className="form-actions">
        <button type="button" className="ds-button" disabled={busy} onClick={() => void confirm()}>
          {t('plan-change.confirm.submit')}
        </button>
        <button
          type="button"
          className="ds-button"
          data-variant="secondary"
          disabled={busy}
          onClick={onBack}
        >
          {t('plan-change.back')}
        </button>
        {busy ? <span role="status">{t('plan-change.confirm.saving')}</span> : null}
      </div>
    </section>
  );
}
