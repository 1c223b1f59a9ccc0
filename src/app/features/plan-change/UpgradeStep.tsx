// Step 2 of /endre-abonnement for an upgrade: the server's quote (what the new plan adds, the
// prorated amount due now and the renewal after it), then on to payment (/betaling, built by the
// purchase screens).
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { formatKroner } from '../../../shared/money/money';
import type { OrderQuote } from '../../api/order';
import type { Subscription } from '../../api/subscription';
import { useLongDate } from '../../hooks/useLongDate';
import { type Fact, Facts } from '../../ui/Facts';
import { StepHeading } from '../../ui/StepHeading';
import { usePeriodWords } from '../../ui/usePeriodWords';

import type { PlanChoice } from './planChoices';
import { AddedFeatures } from './StepParts';

/** An upgrade: the server's quote, then on to payment. */
export function UpgradeStep({
  subscription,
  choice,
  quote,
  onBack,
}: {
  readonly subscription: Subscription;
  readonly choice: PlanChoice;
  readonly quote: OrderQuote;
  readonly onBack: () => void;
}) {
  const { t } = useTranslation('plan-change');
  const longDate = useLongDate();
  const { period, pricePer } = usePeriodWords();
  const navigate = useNavigate();
  const proration = quote.proration;
  const payment = new URLSearchParams({
    type: 'oppgradering',
    plan: choice.ariaPlanID,
    periode: choice.period,
  });
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
        plan: quote.planName,
        period: period(quote.period),
      }),
    },
    {
      key: 'added',
      label: t('plan-change.upgrade.added'),
      value: <AddedFeatures features={quote.addedFeatures} upgrade />,
    },
    { key: 'date', label: t('plan-change.confirm.date'), value: t('plan-change.upgrade.now') },
    {
      key: 'amount',
      label: t('plan-change.upgrade.amount'),
      value: <strong>{formatKroner(quote.amount)}</strong>,
    },
    {
      key: 'renewal',
      label: t('plan-change.upgrade.renewal'),
      value: t('plan-change.upgrade.renewal-value', {
        date: longDate(quote.renewalDate),
        price: pricePer(quote.renewalPrice, quote.period),
      }),
    },
  ];

  return (
    <section aria-labelledby="plan-change-upgrade-heading">
      <StepHeading id="plan-change-upgrade-heading" focusOnMount>
        {t('plan-change.upgrade.heading')}
      </StepHeading>
      <Facts facts={facts} />
      {proration ? (
        <p className="ds-paragraph">
          {/* More days left than one period has: several periods are paid (an offer's). */}
          {t(
            proration.remainingDays > proration.periodDays
              ? 'plan-change.upgrade.proration-paid'
              : 'plan-change.upgrade.proration',
            {
              fromPrice: formatKroner(proration.fromPrice),
              toPrice: formatKroner(proration.toPrice),
              remainingDays: proration.remainingDays,
              periodDays: proration.periodDays,
              until: longDate(quote.renewalDate),
            },
          )}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="ds-button"
          onClick={() => navigate(`/betaling?${payment.toString()}`)}
        >
          {t('plan-change.upgrade.pay')}
        </button>
        <button type="button" className="ds-button" data-variant="secondary" onClick={onBack}>
          {t('plan-change.back')}
        </button>
      </div>
    </section>
  );
}
