// What the payment provider's (signed) callback sets off: a stopped Vipps agreement ends what it
// paid for; a payment brings its order to the state the provider reports. The callback body is
// only a hint: the order is settled from the provider's own answer, not from this body.
import { recordCallback, type PaymentCallbackEvent } from '../../payments/callbacks';
import { agreementStopped } from '../payment-methods/paymentMethods';

import { completeOrder, type OrderDeps } from './orderCompletion';
import { orderIdOfPayment } from './orderStore';

export interface CallbackReceipt {
  readonly received: true;
  readonly duplicate: boolean;
}

export async function receivePaymentCallback(
  deps: OrderDeps,
  event: PaymentCallbackEvent,
): Promise<CallbackReceipt> {
  if (!(await recordCallback(deps.db, event))) return { received: true, duplicate: true };
  if (event.paymentId.startsWith('agr_')) {
    await agreementStopped(deps, event.paymentId);
    return { received: true, duplicate: false };
  }
  const orderId = await orderIdOfPayment(deps.db, event.paymentId);
  if (orderId) await completeOrder(deps, orderId, null);
  else deps.log?.warn({ paymentId: event.paymentId }, 'callback for an unknown payment');
  return { received: true, duplicate: false };
}
