// Where a purchase ends: the outcome of an order as the server answered it, and the screen of
// each outcome (the receipt of its kind, the refused payment, the order that failed, the invoice's
// own page for an invoice payment).
import type { Order } from '../../api/order';

import type { PurchaseOutcome } from './purchaseSlice';

const receiptPaths: Record<Exclude<Order['kind'], 'invoice'>, string> = {
  new: '/kvittering',
  reactivation: '/abonnement-reaktivert',
  upgrade: '/receipt2',
};

/** Where the reader goes when a purchase ends. */
export function outcomePath(outcome: PurchaseOutcome, order: Order | null): string {
  const ordre = order ? `?ordre=${encodeURIComponent(order.orderId)}` : '';
  // Paying an invoice ends on the invoice's own page, which shows the outcome.
  if (order?.kind === 'invoice' && order.ariaInvoiceNo)
    return `/betal-faktura/${encodeURIComponent(order.ariaInvoiceNo)}${ordre}`;
  switch (outcome) {
    case 'completed':
      return order && order.kind !== 'invoice' ? `${receiptPaths[order.kind]}${ordre}` : '/';
    case 'declined':
      return `/feil-kjop${ordre}`;
    case 'not-found':
      return '/feil-kjop';
    case 'cancelled':
      return '/bestilling-feilet?arsak=avbrutt';
    case 'timeout':
      return '/bestilling-feilet?arsak=tidsavbrudd';
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
