// The verified reader pays for the student plan through the purchase saga (card or Vipps).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { OrderPaymentProvider, OrderQuote } from '../../api/order';
import { selectPurchase, startPurchase } from '../../flows/order/purchaseSlice';
import { useLongDate } from '../../hooks/useLongDate';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { type Fact, Facts } from '../../ui/Facts';
import { Notice } from '../../ui/Notice';
import { PayButton } from '../../ui/PayButton';
import { PaymentMethodChoice } from '../../ui/PaymentMethodChoice';
import { providerSlug } from '../../ui/paymentProviders';
import { StepHeading } from '../../ui/StepHeading';

const PAY_HEADING = 'student-pay-heading';

export function PayStep({
  quote,
  validUntil,
}: {
  readonly quote: OrderQuote;
  readonly validUntil: string | null;
}) {
  const { t } = useTranslation('student');
  const longDate = useLongDate();
  const dispatch = useAppDispatch();
  const purchase = useAppSelector(selectPurchase);
  const [provider, setProvider] = useState<OrderPaymentProvider>('SWEDBANK-PPG');
  const busy = purchase.step !== 'idle';
  const price = formatKroner(quote.amount);
  const facts: Fact[] = [
    { key: 'plan', label: t('student.verify.facts-plan'), value: quote.planName },
    { key: 'price', label: t('student.verify.facts-price'), value: price },
    {
      key: 'renewal',
      label: t('student.verify.facts-renewal'),
      value: t('student.verify.facts-renewal-value', {
        date: longDate(quote.renewalDate),
        price: formatKroner(quote.renewalPrice),
      }),
    },
  ];
  const start = () =>
    dispatch(
      startPurchase({
        kind: 'new',
        titleCode: quote.titleCode,
        ariaPlanID: quote.ariaPlanID,
        period: quote.period,
        paymentProvider: provider,
      }),
    );
  return (
    <form
      className="student-step form-stack"
      aria-labelledby={PAY_HEADING}
      onSubmit={(event) => {
        event.preventDefault();
        start();
      }}
    >
      {validUntil ? (
        <Notice color="success" role="status">
          {t('student.verify.verified', { date: longDate(validUntil) })}
        </Notice>
      ) : null}
      <StepHeading id={PAY_HEADING} level={2} focusOnMount={validUntil !== null}>
        {t('student.verify.pay-heading')}
      </StepHeading>
      <Facts facts={facts} />
      <p className="ds-paragraph">{t('student.verify.no-binding')}</p>
      <PaymentMethodChoice
        legend={t('student.payment.legend')}
        texts={(p) => ({
          label: t(`student.payment.provider.${providerSlug(p)}`),
          description: t(`student.payment.description.${providerSlug(p)}`),
        })}
        value={provider}
        onChange={setProvider}
        disabled={busy}
      />
      {purchase.problem ? (
        <Notice color="danger" role="alert">
          {t('student.verify.pay-failed')}
        </Notice>
      ) : null}
      <PayButton
        label={t('student.verify.pay', { price })}
        busyText={t('student.verify.paying')}
        busy={busy}
      />
    </form>
  );
}
