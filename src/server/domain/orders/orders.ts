// Orders: placed idempotently, paid through the payment port, and applied to the subscription
// only after the server has fetched the payment from the provider and checked it
// (orderCompletion.ts). This module places an order (a subscription, or an unpaid invoice) and
// cancels one; orderStore.ts keeps them (owner of `orders`). An invoice order's settlement is
// domain/invoices/settlement.ts; pending orders are brought to an end by the reconciler,
// reconcile.ts.
import { createHash, randomBytes } from 'node:crypto';

import { getPublication } from '../../../shared/publications/registry';
import { periodMonths } from '../../../shared/subscription/plans';
import { osloDateOf } from '../../../shared/time/oslo';
import type { Queryable } from '../../db/db';
import { DomainError } from '../../errors';
import {
  approvedPaymentStatuses,
  type CheckoutMethod,
  type RecurringTerms,
} from '../../payments/port';
import { checkDeliveryAddress } from '../delivery/addresses';
import { orderPaymentDescription } from '../invoices/descriptions';
import { INVOICE_NUMBER_OFFSET } from '../invoices/invoices';
import { invoiceToPay } from '../invoices/settlement';
import { hasUsableRenewalMethod } from '../subscriptions/lifecycle';

import { completeOrder, type OrderDeps } from './orderCompletion';
import {
  attachAgreement,
  attachPayment,
  cancelUnsentOrder,
  finish,
  insertInvoiceOrder,
  insertOrder,
  openOrderIds,
  orderByKey,
  orderRow,
  requestHash,
  toOrder,
  type CreateOrderInput,
  type Order,
  type OrderRow,
} from './orderStore';
import { priceOrder, type Buyer, type OrderKind } from './pricing';

/** A pending order older than this is settled by the reconciler (cancelled at the provider). */
export const ORDER_MAX_PENDING_MS = 60 * 60 * 1000;

export interface OrderUrls {
  /** The origin the browser came from (the title's site): return URLs are made on it. */
  readonly origin: string;
}

const returnPath = (method: CheckoutMethod) =>
  method === 'VIPPS' ? '/completevippspurchase' : '/completepurchase';

/** The payment text at the provider, in the title's language. */
function describe(
  row: Pick<OrderRow, 'kind' | 'plan_name' | 'period' | 'billing_effect_id' | 'title_code'>,
): string {
  return orderPaymentDescription(
    {
      kind: row.kind,
      planName: row.plan_name,
      period: row.period,
      ariaInvoiceNo:
        row.kind === 'invoice'
          ? String(INVOICE_NUMBER_OFFSET + Number(row.billing_effect_id))
          : undefined,
    },
    getPublication(row.title_code).language,
  );
}

/**
 * Places an order: the same idempotency key and body answer the order made the first time
 * (`created: false`), also when both arrive at once; the same key with another body is refused.
 */
export async function createOrder(
  deps: OrderDeps,
  buyer: Buyer,
  idempotencyKey: string,
  input: CreateOrderInput,
  urls: OrderUrls,
): Promise<{ order: Order; created: boolean }> {
  const hash = requestHash(input);
  const existing = async () => {
    const row = await orderByKey(deps.db, buyer.ariaAccountNo, idempotencyKey);
    if (row && row.request_hash !== hash)
      throw new DomainError(
        'unprocessable',
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was used for a different order',
      );
    return row;
  };
  const earlier = await existing();
  if (earlier) return { order: toOrder(await ensurePayment(deps, earlier, urls)), created: false };

  // The address becomes the account's when the order completes: checked now by the rule of every
  // delivery address written (delivery/addresses.ts; 400 POSTAL_CODE_UNKNOWN on
  // deliveryAddress.postalCode), stored with the register's place. An order stored before that
  // rule completes with the address it has.
  const deliveryAddress =
    input.deliveryAddress && checkDeliveryAddress(input.deliveryAddress, 'deliveryAddress');

  // One open order per account, title and kind: the reader's latest choice replaces an earlier
  // one they left on the payment page (another tab, the back button). One paid meanwhile is
  // completed instead, and pricing below then refuses this one (already a subscriber).
  await endOpenOrders(deps, buyer.ariaAccountNo, input.titleCode, input.kind, idempotencyKey);

  const now = deps.clock.now();
  const today = osloDateOf(now);
  const priced = await priceOrder(deps.db, input, buyer, today);
  if (priced.plan.productType === 'COMBO' && input.kind === 'new' && !deliveryAddress)
    throw new DomainError(
      'invalid',
      'DELIVERY_ADDRESS_REQUIRED',
      'A paper subscription needs a delivery address',
      'deliveryAddress',
    );

  const orderId = `ord_${randomBytes(8).toString('hex')}`;
  const inserted = await insertOrder(deps.db, {
    orderId,
    ariaAccountNo: buyer.ariaAccountNo,
    idempotencyKey,
    requestHash: hash,
    kind: input.kind,
    planId: priced.plan.id,
    subscriptionNo: priced.subscriptionNo,
    quote: priced.quote,
    paymentProvider: input.paymentProvider,
    deliveryAddress,
    useForFutureCharges: input.useForFutureCharges === true,
    now,
  });
  if (!inserted) {
    // Lost a race with the same key: answer the order the other request made.
    const winner = await existing();
    if (winner) return { order: toOrder(await ensurePayment(deps, winner, urls)), created: false };
    // Lost a race with another key (two tabs at the same moment): the other order is the open
    // one (unique index orders_one_open_per_kind).
    throw new DomainError(
      'conflict',
      'ORDER_IN_PROGRESS',
      'Another order of this kind is being placed right now',
    );
  }
  const row = await orderRow(deps.db, orderId, buyer.ariaAccountNo);
  if (Number(row.amount_ore) === 0) {
    // Nothing to pay (a free trial upgrade, a 100 % discount): applied at once, unless its
    // renewals need a mandate first (a new subscription paid by card or Vipps): then the reader
    // approves one at the provider, and the order is completed once it is active.
    if (await setsUpRenewals(deps.db, row))
      return { order: toOrder(await ensureAgreement(deps, row, urls)), created: true };
    return { order: await completeOrder(deps, orderId, buyer.ariaAccountNo), created: true };
  }
  const placed = await ensurePayment(deps, row, urls);
  if (placed.status === 'CANCELLED')
    // Another tab's order, placed at the same moment, replaced this one before it reached the
    // provider: the other one is the open order.
    throw new DomainError(
      'conflict',
      'ORDER_IN_PROGRESS',
      'Another order of this kind is being placed right now',
    );
  return { order: toOrder(placed), created: true };
}

/**
 * Ends the account's open orders of this title and kind before a new one is placed: each is
 * cancelled at the provider, or completed if the provider says it was paid meanwhile.
 */
async function endOpenOrders(
  deps: OrderDeps,
  ariaAccountNo: string,
  titleCode: string,
  kind: OrderKind,
  idempotencyKey: string,
): Promise<void> {
  // An open order with this request's own key is this order, placed by the same request sent
  // twice at once: it is answered below, never ended.
  const open = await openOrderIds(deps.db, ariaAccountNo, titleCode, kind, idempotencyKey);
  for (const orderId of open) {
    try {
      await cancelOrder(deps, orderId, ariaAccountNo);
    } catch (error) {
      // Paid just before: it stands (and the new order will be priced against it).
      if (!(error instanceof DomainError && error.code === 'ORDER_COMPLETED')) throw error;
    }
  }
}

/**
 * Makes sure a pending order has its payment at the provider. The provider is idempotent by
 * the order id, so a retry (or the loser of a race) gets the same payment, never a second one.
 */
async function ensurePayment(deps: OrderDeps, row: OrderRow, urls: OrderUrls): Promise<OrderRow> {
  if (row.payment_id || row.status !== 'PENDING' || Number(row.amount_ore) === 0) return row;
  const query = `?ordre=${encodeURIComponent(row.order_id)}`;
  const payment = await deps.payments.createHostedPayment({
    reference: row.order_id,
    method: row.payment_provider,
    amountOre: Number(row.amount_ore),
    currency: 'NOK',
    description: describe(row),
    merchant: getPublication(row.title_code).displayName,
    returnUrl: new URL(`${returnPath(row.payment_provider)}${query}`, urls.origin).href,
    cancelUrl: new URL(`/avbryt-bestilling${query}`, urls.origin).href,
    idempotencyKey: row.order_id,
    recurring: (await setsUpRenewals(deps.db, row)) ? recurringTerms(row, urls.origin) : null,
  });
  const attached = await attachPayment(deps.db, row.order_id, payment);
  const current = await orderRow(deps.db, row.order_id, null);
  if (!attached && current.payment_id !== payment.paymentId) {
    // The order ended (replaced by a newer one) while its payment was being created: that
    // payment must never take money, so it is cancelled at the provider at once.
    await deps.payments.cancelPayment(payment.paymentId);
  }
  return current;
}

/**
 * Makes sure an order of 0 kr that needs a mandate has its agreement at the provider (idempotent
 * by the order id, as a payment is): the reader is sent to approve it.
 */
async function ensureAgreement(deps: OrderDeps, row: OrderRow, urls: OrderUrls): Promise<OrderRow> {
  if (row.agreement_id || row.status !== 'PENDING') return row;
  const query = `?ordre=${encodeURIComponent(row.order_id)}`;
  const agreement = await deps.payments.createAgreement({
    reference: row.order_id,
    method: row.payment_provider,
    merchant: getPublication(row.title_code).displayName,
    description: describe(row),
    returnUrl: new URL(`${returnPath(row.payment_provider)}${query}`, urls.origin).href,
    idempotencyKey: `mandate-${row.order_id}`,
    terms: recurringTerms(row, urls.origin),
  });
  await attachAgreement(deps.db, row.order_id, agreement);
  return orderRow(deps.db, row.order_id, null);
}

/**
 * Whether the order's payment also sets up what renewals charge (a Vipps agreement, a stored
 * card): a new subscription, and an upgrade or reactivation whose reader chose to pay future
 * charges this way or whose stored method cannot be charged any more (applyOrder then makes it
 * the renewal method). An invoice is paid once.
 */
async function setsUpRenewals(db: Queryable, row: OrderRow): Promise<boolean> {
  if (row.kind === 'invoice') return false;
  if (row.kind === 'new' || row.use_for_future_charges || !row.subscription_no) return true;
  return !(await hasUsableRenewalMethod(db, row.subscription_no));
}

/** What the renewals after the order cost and how often, as the provider shows the reader. */
function recurringTerms(row: OrderRow, origin: string): RecurringTerms {
  const months = periodMonths[row.period];
  return {
    productName: row.quote.product.slice(0, 45),
    amountOre: row.quote.renewalPrice,
    interval:
      months % 12 === 0 ? { unit: 'YEAR', count: months / 12 } : { unit: 'MONTH', count: months },
    agreementUrl: new URL('/', origin).href,
  };
}

/**
 * Pays an unpaid invoice of the buyer: an order of kind `invoice` for its amount, idempotent by
 * key like any order, paid on the provider's page and completed by `completeOrder`.
 */
export async function payInvoice(
  deps: OrderDeps,
  buyer: Pick<Buyer, 'ariaAccountNo'>,
  idempotencyKey: string,
  input: { readonly ariaInvoiceNo: string; readonly paymentProvider: CheckoutMethod },
  urls: OrderUrls,
): Promise<{ order: Order; created: boolean }> {
  const hash = createHash('sha256')
    .update(JSON.stringify({ invoice: input.ariaInvoiceNo, provider: input.paymentProvider }))
    .digest('hex');
  const earlier = await orderByKey(deps.db, buyer.ariaAccountNo, idempotencyKey);
  if (earlier) {
    if (earlier.request_hash !== hash)
      throw new DomainError(
        'unprocessable',
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was used for a different order',
      );
    return { order: toOrder(await ensurePayment(deps, earlier, urls)), created: false };
  }
  const effect = await invoiceToPay(deps.db, input.ariaInvoiceNo, buyer.ariaAccountNo);
  if (!effect) throw new DomainError('not-found', 'INVOICE_NOT_FOUND', 'No such invoice');
  if (effect.status === 'paid')
    throw new DomainError('conflict', 'INVOICE_PAID', 'The invoice is paid already');
  // An open card or Vipps charge, or one the provider is still taking (pending), is the billing
  // job's: paid by hand as well, it would be captured twice. (A failed one may be paid by hand.)
  if (effect.kind === 'charge' && (effect.status === 'open' || effect.status === 'pending'))
    throw new DomainError(
      'conflict',
      'CHARGE_IN_PROGRESS',
      'This charge is being taken from the stored payment method',
    );
  const orderId = `ord_${randomBytes(8).toString('hex')}`;
  const inserted = await insertInvoiceOrder(deps.db, {
    orderId,
    ariaAccountNo: buyer.ariaAccountNo,
    idempotencyKey,
    requestHash: hash,
    titleCode: effect.title_code,
    planId: effect.plan_id,
    subscriptionNo: effect.subscription_no,
    amountOre: effect.amount_ore,
    paymentProvider: input.paymentProvider,
    billingEffectId: effect.id,
    now: deps.clock.now(),
  });
  const row = await orderByKey(deps.db, buyer.ariaAccountNo, idempotencyKey);
  if (row!.request_hash !== hash)
    throw new DomainError(
      'unprocessable',
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was used for a different order',
    );
  return { order: toOrder(await ensurePayment(deps, row!, urls)), created: inserted };
}

/** The user gives up on the payment page (/avbryt-bestilling). */
export async function cancelOrder(
  deps: OrderDeps,
  orderId: string,
  ariaAccountNo: string,
): Promise<Order> {
  const row = await orderRow(deps.db, orderId, ariaAccountNo);
  if (row.status === 'COMPLETED')
    throw new DomainError(
      'conflict',
      'ORDER_COMPLETED',
      'The order is paid and cannot be cancelled',
    );
  if (row.status !== 'PENDING') return toOrder(row);
  if (!row.payment_id) {
    // Not at the provider yet: ended here, unless its payment is being attached right now, in
    // which case the payment is cancelled below like any other.
    if (await cancelUnsentOrder(deps.db, orderId, deps.clock.now()))
      return toOrder(await orderRow(deps.db, orderId, null));
    return cancelOrder(deps, orderId, ariaAccountNo);
  }
  const payment = await deps.payments.cancelPayment(row.payment_id);
  // Approved in another tab just before: it is paid, so complete it instead.
  if (approvedPaymentStatuses.has(payment.status)) {
    const order = await completeOrder(deps, orderId, ariaAccountNo);
    if (order.status === 'COMPLETED')
      throw new DomainError(
        'conflict',
        'ORDER_COMPLETED',
        'The order was paid before it could be cancelled',
      );
    return order;
  }
  await finish(deps.db, orderId, 'CANCELLED', 'CANCELLED', deps.clock.now());
  return toOrder(await orderRow(deps.db, orderId, null));
}
