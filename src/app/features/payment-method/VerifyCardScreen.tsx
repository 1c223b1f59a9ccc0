// /legg-til-betalingskort/verify (login and subscription): where the card page returns; verifies the card.
import type { PaymentMethodFlow } from '../../flows/payment-method/storage';

import { VerifyPaymentMethodChange } from './VerifyPaymentMethodChange';

const flow: PaymentMethodFlow = 'card';

export default function VerifyCardScreen() {
  return <VerifyPaymentMethodChange flow={flow} />;
}
