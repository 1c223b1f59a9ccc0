// Where a purchase ends: the outcome of an order as the server answered it, and the screen of
// each outcome (the receipt of its kind, the refused payment, the order that failed, the invoice's
// own page for an invoice payment). Every screen of an outcome gets the order's id (`?ordre=`)
// when there is an order, reads the order from the server with it, and sends an order that is
// not its own to `orderPath` (a receipt opened for an unpaid order, an error page for a paid one).
import { campaignOfPeriod, studentCampaigns } from '../../../shared/student/campaigns';
import { STUDENT_PLAN_ID } from '../../../shared/subscription/plans';
import type { Order } from '../../api/order';

import type { PurchaseOutcome } from './purchaseSlice';

const receiptPaths: Record<Exclude<Order['kind'], 'invoice'>, string> = {
  new: '/kvittering',
  reactivation: '/abonnement-reaktivert',
  upgrade: '/receipt2',
};

/** The receipt of a completed order: a new student plan's is its campaign's. */
function receiptPath(order: Order, kind: Exclude<Order['kind'], 'invoice'>): string {
  if (kind === 'new' && order.ariaPlanID === STUDENT_PLAN_ID)
    return studentCampaigns[campaignOfPeriod(order.period)].receipt;
  return receiptPaths[kind];
}

/** Where the reader goes when a purchase ends. */
export function outcomePath(outcome: PurchaseOutcome, order: Order | null): string {
  const ordre = order ? `?ordre=${encodeURIComponent(order.orderId)}` : '';
  const andOrdre = order ? `&ordre=${encodeURIComponent(order.orderId)}` : '';
  // Paying an invoice ends on the invoice's own page, which shows the outcome.
  if (order?.kind === 'invoice' && order.ariaInvoiceNo)
    return `/betal-faktura/${encodeURIComponent(order.ariaInvoiceNo)}${ordre}`;
  switch (outcome) {
    case 'completed':
      return order && order.kind !== 'invoice' ? `${receiptPath(order, order.kind)}${ordre}` : '/';
    case 'declined':
      return `/feil-kjop${ordre}`;
    case 'not-found':
      return '/feil-kjop';
    case 'cancelled':
      return `/bestilling-feilet?arsak=avbrutt${andOrdre}`;
    case 'timeout':
      return `/bestilling-feilet?arsak=tidsavbrudd${andOrdre}`;
    case 'already-subscriber':
      return '/allerede-abonnent';
    case 'error':
      return '/bestilling-feilet?arsak=feil';
  }
}

/** The outcome of an order as the server answered it (PENDING here means: out of time). */
export function outcomeOf(order: Order): PurchaseOutcome {
  switch (order.status) {
    case 'COMPLETED':
      return 'completed';
    case 'DECLINED':
      return 'declined';
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
    case 'PENDING':
      return 'timeout';
  }
}

/**
 * The screen that reports an order as it stands on the server: the screen of its outcome, or,
 * while its payment is not settled, the confirmation page (which asks the provider and then goes
 * on to the outcome; a payment that stays pending ends on /bestilling-feilet, which reports it).
 */
export function orderPath(order: Order): string {
  if (order.status === 'PENDING')
    return `/completepurchase?ordre=${encodeURIComponent(order.orderId)}`;
  return outcomePath(outcomeOf(order), order);
}
