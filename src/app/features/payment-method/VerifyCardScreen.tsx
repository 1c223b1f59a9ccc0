// /legg-til-betalingskort/verify (login and subscription): where the card page returns; verifies the card.
import type { PaymentMethodFlow } from '../../payment-method/storage';

import { VerifyPaymentMethodChange } from './parts';

const flow: PaymentMethodFlow = 'card';

export default function VerifyCardScreen() {
  return <VerifyPaymentMethodChange flow={flow} />;
}
