// Writes the receipt e-mails (messages.ts) to the outbox, in the transaction of what they confirm:
// an order completed, or a change the reader made (a cancellation, an undone cancellation, a plan
// change for the next renewal); and the refund of an order that could not be carried out. A reader without an e-mail address gets none; the page they are
// on is then their receipt.
import { lastDayOfRight } from '../../../shared/subscription/withdrawal';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import { sendLetter } from '../../messaging/letter/render';
import { outboxSender } from '../../messaging/outbox';
import { accountContact } from '../accounts/profile';
import type { Subscription } from '../subscriptions/subscriptions';

import {
  cancellationReceiptEmail,
  orderReceiptEmail,
  planChangeReceiptEmail,
  refundReceiptEmail,
  undoReceiptEmail,
  type OrderReceiptFacts,
} from './messages';

/** When it renews, and at what price: a plan change waiting for that day decides the price. */
function renewalOf(s: Subscription) {
  if (!s.renewalDate) return null;
  const change =
    s.pendingChange && s.pendingChange.effectiveDate <= s.renewalDate ? s.pendingChange : null;
  return {
    date: s.renewalDate,
    priceOre: change ? change.price : s.price,
    period: change ? change.period : s.period,
  };
}

/** The order just completed, as the receipt tells it. */
export interface CompletedOrder {
  readonly ariaAccountNo: string;
  readonly titleCode: string;
  readonly kind: OrderReceiptFacts['kind'];
  readonly planName: string;
  readonly period: OrderReceiptFacts['period'];
  readonly amountOre: number;
  readonly method: OrderReceiptFacts['method'];
  readonly reference: string;
  readonly ariaInvoiceNo: string | null;
  readonly offer: OrderReceiptFacts['offer'];
}

export async function sendOrderReceipt(
  tx: Queryable,
  order: CompletedOrder,
  subscription: Subscription | null,
  now: Date,
): Promise<void> {
  const contact = await accountContact(tx, order.ariaAccountNo);
  if (!contact.email) return;
  const paidOn = osloDateOf(now);
  const email = orderReceiptEmail({
    titleCode: order.titleCode,
    firstName: contact.firstName,
    kind: order.kind,
    planName: order.planName,
    period: order.period,
    amountOre: order.amountOre,
    method: order.method,
    paidOn,
    reference: order.reference,
    customerNumber: subscription?.customerNumber ?? null,
    renewal: subscription ? renewalOf(subscription) : null,
    // A purchase made online, or a restart (a new agreement made online), may be undone.
    withdrawalLastDay:
      order.kind === 'new' || order.kind === 'reactivation' ? lastDayOfRight(now) : null,
    ariaInvoiceNo: order.ariaInvoiceNo,
    offer: order.offer,
  });
  await sendLetter(outboxSender(tx, now), contact.email, email);
}

/**
 * Money sent back for an order that was paid but could not be carried out (the subscription
 * changed while the reader paid): told only once the provider has taken the refund.
 */
export async function sendRefundReceipt(
  db: Queryable,
  order: Omit<CompletedOrder, 'ariaInvoiceNo' | 'offer' | 'period'>,
  outcome: { readonly released: boolean; readonly alreadySubscriber: boolean },
  now: Date,
): Promise<void> {
  const contact = await accountContact(db, order.ariaAccountNo);
  if (!contact.email) return;
  const email = refundReceiptEmail({
    titleCode: order.titleCode,
    firstName: contact.firstName,
    kind: order.kind,
    planName: order.planName,
    amountOre: order.amountOre,
    method: order.method,
    refundedOn: osloDateOf(now),
    ...outcome,
    reference: order.reference,
  });
  await sendLetter(outboxSender(db, now), contact.email, email);
}

/** A change the reader made to the subscription, told by a receipt. */
export type ReaderChange =
  | { readonly kind: 'cancel' }
  | { readonly kind: 'undoCancellation' }
  | { readonly kind: 'schedulePlanChange'; readonly fromPlan: string };

export async function sendChangeReceipt(
  tx: Queryable,
  change: ReaderChange,
  ariaAccountNo: string,
  subscription: Subscription,
  now: Date,
): Promise<void> {
  const contact = await accountContact(tx, ariaAccountNo);
  if (!contact.email) return;
  const base = {
    titleCode: subscription.titleCode,
    firstName: contact.firstName,
    customerNumber: subscription.customerNumber,
  };
  let email;
  switch (change.kind) {
    case 'cancel':
      if (!subscription.expiryDate) return;
      email = cancellationReceiptEmail({
        ...base,
        planName: subscription.planName,
        lastDay: subscription.expiryDate,
        suspended: subscription.status === 'SUSPENDED',
      });
      break;
    case 'undoCancellation':
      email = undoReceiptEmail({
        ...base,
        planName: subscription.planName,
        renewal: renewalOf(subscription),
      });
      break;
    case 'schedulePlanChange': {
      const next = subscription.pendingChange;
      if (!next) return;
      email = planChangeReceiptEmail({
        ...base,
        fromPlan: change.fromPlan,
        toPlan: next.planName,
        toPeriod: next.period,
        toPriceOre: next.price,
        effectiveDate: next.effectiveDate,
      });
      break;
    }
  }
  await sendLetter(outboxSender(tx, now), contact.email, email);
}
