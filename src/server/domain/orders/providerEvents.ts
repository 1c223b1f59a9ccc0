// What a provider's webhook or callback sets off (Vipps' webhooks, Swedbank Pay's callback):
// never what its body says, only a fetch of what it names, through the same paths the return
// page and the jobs take. A payment of an order completes (or ends) the order; a renewal charge
// is settled now instead of at the next billing run; an agreement completes the orders waiting
// for it and, once the provider says it is stopped, ends what it paid for. So a duplicate, or an
// event older than the state it reports, changes nothing.
import { followCharge } from '../../jobs/billing';
import { agreementStopped } from '../payment-methods/paymentMethods';

import { completeOrder, type OrderDeps } from './orderCompletion';

export type ProviderEventTarget =
  | { readonly kind: 'payment'; readonly paymentId: string }
  | { readonly kind: 'agreement'; readonly agreementId: string }
  /** A Vipps Recurring charge: a purchase's initial charge, or a renewal. */
  | { readonly kind: 'vipps-charge'; readonly agreementId: string; readonly chargeId: string };

export type ProviderEventOutcome = 'order' | 'charge' | 'agreement' | 'not ours';

export async function followProviderEvent(
  deps: OrderDeps,
  target: ProviderEventTarget,
): Promise<ProviderEventOutcome> {
  if (target.kind === 'vipps-charge') {
    const initial = `vipps:initial:${target.agreementId}:${target.chargeId}`;
    const [order] = await deps.db.query<{ order_id: string }>(
      'select order_id from orders where payment_id = $1',
      [initial],
    );
    return followProviderEvent(deps, {
      kind: 'payment',
      paymentId: order ? initial : `vipps:charge:${target.agreementId}:${target.chargeId}`,
    });
  }
  if (target.kind === 'payment') {
    const [order] = await deps.db.query<{ order_id: string }>(
      'select order_id from orders where payment_id = $1',
      [target.paymentId],
    );
    if (order) {
      await completeOrder(deps, order.order_id, null);
      return 'order';
    }
    const followed = await followCharge(
      { db: deps.db, payments: deps.payments, now: () => deps.clock.now(), log: deps.log },
      target.paymentId,
    );
    return followed ? 'charge' : 'not ours';
  }
  // Orders waiting for this agreement: an order of 0 kr, or a purchase whose initial charge it is.
  const orders = await deps.db.query<{ order_id: string }>(
    `select order_id from orders
      where status = 'PENDING'
        and (agreement_id = $1 or starts_with(payment_id, 'vipps:initial:' || $1 || ':'))`,
    [target.agreementId],
  );
  for (const { order_id: orderId } of orders) await completeOrder(deps, orderId, null);
  const ended = await agreementStopped(deps, target.agreementId);
  return orders.length > 0 || ended > 0 ? 'agreement' : 'not ours';
}

/**
 * Swedbank Pay's callback names a payment order: a card registration (the agreement of an
 * order of 0 kr), an order's payment or a renewal's charge. Anything else is not ours and is
 * not fetched.
 */
export async function followSwedbankPayCallback(
  deps: OrderDeps,
  paymentId: string,
): Promise<ProviderEventOutcome> {
  const [registration] = await deps.db.query<{ order_id: string }>(
    `select order_id from orders where agreement_id = $1`,
    [paymentId],
  );
  if (registration) {
    await completeOrder(deps, registration.order_id, null);
    return 'order';
  }
  return followProviderEvent(deps, { kind: 'payment', paymentId });
}
