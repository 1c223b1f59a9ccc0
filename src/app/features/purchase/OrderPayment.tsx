// The ui kit's payment method choice and pay button with the purchase screens' texts.
import { useTranslation } from 'react-i18next';

import { formatKroner } from '../../../shared/money/money';
import type { OrderPaymentProvider } from '../../api/order';
import { PayButton } from '../../ui/PayButton';
import { PaymentMethodChoice, providerSlug } from '../../ui/PaymentMethodChoice';

/** The payment method radios: Betalingskort or Vipps (spec §8 labels). */
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
