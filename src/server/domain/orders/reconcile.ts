// The order reconciler (run by jobs/background.ts): brings pending orders to a final state when
// the provider's callback was lost or the reader never came back from the payment page.
import { approvedPaymentStatuses } from '../../payments/port';

import { captureOrderPayment, completeOrder, type OrderDeps } from './orderCompletion';
import { ORDER_MAX_PENDING_MS } from './orders';
import { finish, orderRow, toOrder } from './orderStore';

export interface ReconcileRun {
  readonly checked: number;
  readonly completed: number;
  readonly failed: number;
  readonly expired: number;
  /** Completed orders whose reserved money was captured now. */
  readonly captured: number;
}

/**
 * Brings pending orders to a final state: those older than `settleAfterMs` are checked with the
 * provider (a callback may have been lost); those older than ORDER_MAX_PENDING_MS that the
 * provider still holds open are cancelled there and end as EXPIRED.
 */
export async function reconcileOrders(
  deps: OrderDeps,
  settleAfterMs = 5 * 60 * 1000,
): Promise<ReconcileRun> {
  const now = deps.clock.now();
  const rows = await deps.db.query<{ order_id: string; created_at: Date | string }>(
    `select order_id, created_at from orders
      where status = 'PENDING' and created_at < $1 order by created_at limit 100`,
    [new Date(now.getTime() - settleAfterMs).toISOString()],
  );
  let completed = 0;
  let failed = 0;
  let expired = 0;
  for (const { order_id: orderId, created_at: createdAt } of rows) {
    try {
      let order = await completeOrder(deps, orderId, null);
      if (
        order.status === 'PENDING' &&
        now.getTime() - new Date(createdAt).getTime() > ORDER_MAX_PENDING_MS
      ) {
        const row = await orderRow(deps.db, orderId, null);
        const payment = row.payment_id ? await deps.payments.cancelPayment(row.payment_id) : null;
        if (payment && approvedPaymentStatuses.has(payment.status))
          order = await completeOrder(deps, orderId, null);
        else {
          await finish(deps.db, orderId, 'EXPIRED', 'EXPIRED', now);
          order = toOrder(await orderRow(deps.db, orderId, null));
        }
      }
      if (order.status === 'COMPLETED') completed += 1;
      else if (order.status === 'EXPIRED') expired += 1;
      else if (order.status !== 'PENDING') failed += 1;
    } catch (error) {
      failed += 1;
      deps.log?.error({ orderId, err: error }, 'reconciling an order failed');
    }
  }
  // Completed orders whose reserved money was not captured yet (the provider was away).
  const uncaptured = await deps.db.query<{ order_id: string }>(
    `select order_id from orders
      where status = 'COMPLETED' and payment_id is not null and payment_captured_at is null
        and completed_at < $1
      order by completed_at limit 100`,
    [new Date(now.getTime() - 60_000).toISOString()],
  );
  let captured = 0;
  for (const { order_id: orderId } of uncaptured)
    if (await captureOrderPayment(deps, orderId)) captured += 1;
  return { checked: rows.length, completed, failed, expired, captured };
}
