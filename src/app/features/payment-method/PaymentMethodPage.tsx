// The frame of the payment method screens: the heading of the flow (Vipps or a new card), the
// screen's content and the link back to the overview.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { PaymentMethodFlow } from '../../flows/payment-method/storage';

export function PaymentMethodPage({
  flow,
  renewsVipps = false,
  children,
}: {
  readonly flow: PaymentMethodFlow;
  /** A Vipps subscriber approving a new agreement: the method stays Vipps, so «endre» is wrong. */
  readonly renewsVipps?: boolean;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation('payment-method');
  return (
    <section aria-labelledby="payment-method-heading" className="screen">
      <h1 id="payment-method-heading" className="ds-heading" data-size="lg">
        {t(
          flow === 'card'
            ? 'payment-method.heading.card'
            : renewsVipps
              ? 'payment-method.heading.vipps-again'
              : 'payment-method.heading.vipps',
        )}
      </h1>
      {children}
      <p className="ds-paragraph">
        <Link className="ds-link" to="/">
          {t('payment-method.to-home')}
        </Link>
      </p>
    </section>
  );
}
