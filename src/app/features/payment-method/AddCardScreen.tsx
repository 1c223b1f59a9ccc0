// /legg-til-betalingskort (login and subscription): pay the subscription with a new card.
import type { PaymentMethodFlow } from '../../flows/payment-method/storage';

import { StartPaymentMethodChange } from './StartPaymentMethodChange';

const flow: PaymentMethodFlow = 'card';

export default function AddCardScreen() {
  return <StartPaymentMethodChange flow={flow} />;
}
