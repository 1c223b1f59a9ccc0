// The ui kit's payment method choice and pay button with the purchase screens' texts, and the
// reader's explicit choice to use an upgrade's or reactivation's payment for future charges.
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { OrderPaymentProvider } from '../../api/order';
import type { PaymentMethod } from '../../api/payment';
import { PayButton } from '../../ui/PayButton';
import { PaymentMethodChoice } from '../../ui/PaymentMethodChoice';
import { describePaymentMethod } from '../../ui/PaymentMethodText';
import { providerSlug } from '../../ui/paymentProviders';

import '../../ui/designsystemet-forms.css';

/** The payment method radios: Betalingskort or Vipps (requirements §8 labels). */
export function OrderPaymentChoice({
  value,
  onChange,
  disabled = false,
}: {
  readonly value: OrderPaymentProvider;
  readonly onChange: (provider: OrderPaymentProvider) => void;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation('purchase');
  return (
    <PaymentMethodChoice
      legend={t('purchase.payment-method.legend')}
      texts={(provider) => ({
        label: t(`purchase.provider.${providerSlug(provider)}`),
        description: t(`purchase.payment-method.description.${providerSlug(provider)}`),
      })}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}

/** "Betal kr X", disabled with "Sender deg til betaling …" while the purchase starts. */
export function OrderPayButton({
  amount,
  busy,
}: {
  readonly amount: number;
  readonly busy: boolean;
}) {
  const { t } = useTranslation('purchase');
  return (
    <PayButton
      label={t('purchase.pay', { amount: formatKroner(amount) })}
      busyText={t('purchase.paying')}
      busy={busy}
    />
  );
}

const FUTURE_CHARGES_ID = 'field-useForFutureCharges';

/**
 * "Use this card (or Vipps) for future charges", unticked until the reader ticks it: paying an
 * upgrade or a reactivation once never replaces the method renewals are charged to by itself.
 * Says what renewals use when it is left unticked.
 */
export function FutureChargesChoice({
  provider,
  current,
  checked,
  onChange,
  disabled = false,
  storedUsable = true,
}: {
  /** The method chosen for this payment. */
  readonly provider: OrderPaymentProvider;
  /** The subscription's stored method, which stays unless the box is ticked. */
  readonly current: PaymentMethod | null;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  /**
   * False when renewals cannot be charged the stored way any more (none, or a stopped Vipps
   * agreement): the server then uses this payment's method for them, so there is no choice.
   */
  readonly storedUsable?: boolean;
}) {
  const { t } = useTranslation(['purchase', 'common']);
  if (!storedUsable)
    return <p className="ds-paragraph">{t('purchase.future-charges.replaces-unusable')}</p>;
  const description = current
    ? t('purchase.future-charges.keep', { method: describePaymentMethod(t, current).text })
    : t('purchase.future-charges.keep-none');
  return (
    <div className="ds-field">
      <input
        className="ds-input"
        type="checkbox"
        id={FUTURE_CHARGES_ID}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${FUTURE_CHARGES_ID}-description`}
      />
      <label className="ds-label" htmlFor={FUTURE_CHARGES_ID}>
        {t(`purchase.future-charges.label.${providerSlug(provider)}`)}
      </label>
      <p className="ds-paragraph" data-field="description" id={`${FUTURE_CHARGES_ID}-description`}>
        {description}
      </p>
    </div>
  );
}
