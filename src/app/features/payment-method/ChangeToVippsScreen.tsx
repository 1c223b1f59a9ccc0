// /endre-betalingsmetode (login and subscription): change how the subscription pays to Vipps.
import type { PaymentMethodFlow } from '../../flows/payment-method/storage';

import { StartPaymentMethodChange } from './StartPaymentMethodChange';

const flow: PaymentMethodFlow = 'vipps';

export default function ChangeToVippsScreen() {
  return <StartPaymentMethodChange flow={flow} />;
}
