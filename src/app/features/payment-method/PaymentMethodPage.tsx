// The frame of the payment method screens: the heading of the flow (Vipps or a new card), the
// screen's content and the link back to the overview.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { PaymentMethodFlow } from '../../flows/payment-method/storage';
import { HomeLink } from '../../ui/HomeLink';
import { Screen } from '../../ui/Screen';

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
    <Screen
      headingId="payment-method-heading"
      heading={t(
        flow === 'card'
          ? 'payment-method.heading.card'
          : renewsVipps
            ? 'payment-method.heading.vipps-again'
            : 'payment-method.heading.vipps',
      )}
    >
      {children}
      <p className="ds-paragraph">
        <HomeLink />
      </p>
    </Screen>
  );
}
