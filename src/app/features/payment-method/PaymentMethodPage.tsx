// The frame of the payment method screens: the heading of the flow (Vipps or a new card), the
// screen's content and the link back to the overview.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { PaymentMethodFlow } from '../../flows/payment-method/storage';

export function PaymentMethodPage({
  flow,
  children,
}: {
  readonly flow: PaymentMethodFlow;
  readonly children: ReactNode;
}) {
  const { t } = useTranslation('payment-method');
  return (
    <section aria-labelledby="payment-method-heading" className="screen">
      <h1 id="payment-method-heading" className="ds-heading" data-size="lg">
        {t(flow === 'vipps' ? 'payment-method.heading.vipps' : 'payment-method.heading.card')}
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
