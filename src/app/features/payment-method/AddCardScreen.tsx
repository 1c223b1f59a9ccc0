// /legg-til-betalingskort (login and subscription): pay the subscription with a new card.
import type { PaymentMethodFlow } from '../../payment-method/storage';

import { StartPaymentMethodChange } from './parts';

const flow: PaymentMethodFlow = 'card';

export default function AddCardScreen() {
  return <StartPaymentMethodChange flow={flow} />;
}
