// /endre-betalingsmetode/verify (login and subscription): where Vipps returns; verifies the change.
import type { PaymentMethodFlow } from '../../flows/payment-method/storage';

import { VerifyPaymentMethodChange } from './VerifyPaymentMethodChange';

const flow: PaymentMethodFlow = 'vipps';

export default function VerifyVippsScreen() {
  return <VerifyPaymentMethodChange flow={flow} />;
}
