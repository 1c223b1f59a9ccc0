// /endre-betalingsmetode/verify (login and subscription): where Vipps returns; verifies the change.
import type { PaymentMethodFlow } from '../../payment-method/storage';

import { VerifyPaymentMethodChange } from './parts';

const flow: PaymentMethodFlow = 'vipps';

export default function VerifyVippsScreen() {
  return <VerifyPaymentMethodChange flow={flow} />;
}
